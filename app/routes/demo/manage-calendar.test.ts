import { describe, expect, it } from "vitest";
import { googleCalendarUrl, outlookCalendarUrl } from "~/domain/meetings/calendar-links";
import { meetingUid } from "~/domain/meetings/emails.server";
import { cancelByVisitor } from "~/domain/meetings/manage.server";
import { requireMeeting } from "~/domain/meetings/meetings.server";
import { readInvitation } from "~/domain/meetings/testing/invitation";
import { bookDemo, weekday } from "../../../tests/helpers/booking";
import { TEST_SITE_URL } from "../../../tests/helpers/site";
import { loader as manageLoader } from "./manage";
import { loader as calendarLoader } from "./manage-calendar";

/** The manage page's "Add to calendar" (issue 30): Google and Outlook links and the .ics file. */
const ORIGIN = "http://localhost";
let counter = 0;
const book = () =>
  bookDemo({
    name: "Jonas Weber",
    email: `jonas${++counter}@example.com`,
    company: "Weber GmbH",
    date: weekday(3),
    timeSlot: ["14:30", "15:00", "15:30"][counter % 3] as string,
    visitorTimezone: "Europe/Berlin",
  });

const args = (path: string, token: string) =>
  ({ request: new Request(`${ORIGIN}${path}`), params: { token }, context: {} }) as never;

describe("add to calendar", () => {
  it("builds the Google and Outlook new-event addresses from the event's times and texts", () => {
    const event = {
      start: new Date("2031-03-04T09:00:00Z"),
      end: new Date("2031-03-04T09:30:00Z"),
      summary: "Flowlane demo (30 minutes)",
      description: "A demo & more\nManage your booking: https://x.example/demo/manage/t",
      location: "Video call: the link is sent before the meeting",
    };
    const google = new URL(googleCalendarUrl(event));
    expect(google.origin + google.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(Object.fromEntries(google.searchParams)).toEqual({
      action: "TEMPLATE",
      text: event.summary,
      dates: "20310304T090000Z/20310304T093000Z",
      details: event.description,
      location: event.location,
    });
    for (const [account, host] of [
      ["personal", "outlook.live.com"],
      ["work", "outlook.office.com"],
    ] as const) {
      const outlook = new URL(outlookCalendarUrl(event, account));
      expect(outlook.host).toBe(host);
      expect(Object.fromEntries(outlook.searchParams)).toMatchObject({
        rru: "addevent",
        subject: event.summary,
        startdt: "2031-03-04T09:00:00Z",
        enddt: "2031-03-04T09:30:00Z",
        body: event.description,
        location: event.location,
      });
    }
  });

  it("the manage page leads with the visitor's time and offers the links for a booking still ahead", async () => {
    const booked = await book();
    const page = (await manageLoader(args(`/demo/manage/${booked.manageToken}`, booked.manageToken))) as {
      meeting: { visitorLabel: string; timeLabel: string };
      calendar: { google: string; outlook: string; office: string; ics: string };
    };
    expect(page.meeting.visitorLabel).toMatch(/\(Europe\/Berlin\)$/);
    expect(page.meeting.timeLabel).toMatch(/ PM – .* PM .*\(Asia\/Kolkata\)$/);
    expect(page.calendar.ics).toBe(`/demo/manage/${booked.manageToken}/calendar.ics`);
    const details = new URL(page.calendar.google).searchParams.get("details");
    expect(details).toContain(`${TEST_SITE_URL}/demo/manage/${booked.manageToken}`);
    expect(new URL(page.calendar.google).searchParams.get("dates")).toBe(
      `${booked.startsAt
        .toISOString()
        .replace(/\.000Z$/, "Z")
        .replace(/[-:]/g, "")}/${new Date(booked.startsAt.getTime() + 30 * 60_000)
        .toISOString()
        .replace(/\.000Z$/, "Z")
        .replace(/[-:]/g, "")}`,
    );
  });

  it("the .ics file is the invitation's event (same UID and SEQUENCE), to publish; none once cancelled", async () => {
    const booked = await book();
    const path = `/demo/manage/${booked.manageToken}/calendar.ics`;
    const response = (await calendarLoader(args(path, booked.manageToken))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toContain("flowlane-demo.ics");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const invite = readInvitation(await response.text());
    expect(invite).toMatchObject({
      method: "PUBLISH",
      uid: meetingUid(booked.id),
      sequence: 0,
      status: "TENTATIVE",
      start: booked.startsAt.toISOString(),
      summary: "Flowlane demo (30 minutes)",
    });

    await cancelByVisitor(await requireMeeting(booked.id));
    await expect(calendarLoader(args(path, booked.manageToken))).rejects.toMatchObject({ init: { status: 410 } });
    await expect(calendarLoader(args("/demo/manage/nope/calendar.ics", "nope"))).rejects.toMatchObject({
      init: { status: 404 },
    });
    const gone = (await manageLoader(args(`/demo/manage/${booked.manageToken}`, booked.manageToken))) as {
      calendar: unknown;
    };
    expect(gone.calendar).toBeNull();
  });
});
