import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, type Meeting, meetings, meetingTokens } from "~/db/schema";
import { addDays, BOOKING_MESSAGES, isWeekend } from "~/domain/calendar/availability";
import { createActor } from "../../../tests/helpers/accounts";
import { weekday } from "../../../tests/helpers/booking";
import { addMeeting } from "../../../tests/helpers/console-data";
import { outboxTo } from "../../../tests/helpers/outbox";
import { TEST_SITE_URL } from "../../../tests/helpers/site";
import {
  bookMeeting,
  completePastMeetings,
  meetingStatusCounts,
  requireMeeting,
  updateMeetingStatus,
} from "./meetings.server";
import { meetingByToken } from "./tokens.server";

const _TZ = "Asia/Kolkata";
let ADMIN: Awaited<ReturnType<typeof createActor>>;
beforeAll(async () => {
  ADMIN = await createActor();
});

let counter = 0;
const input = (overrides: Partial<Parameters<typeof bookMeeting>[0]> = {}) => ({
  name: "Priya Patel",
  email: `booker${++counter}@example.com`,
  phone: "",
  company: "Acme",
  notes: "",
  meetingType: "demo" as const,
  date: weekday(2),
  timeSlot: "10:00",
  visitorTimezone: "Europe/Berlin",
  ...overrides,
});

const rowsFor = async (email: string) => ({
  meetings: await db().select().from(meetings).where(eq(meetings.email, email)).all(),
  emails: await outboxTo(email),
});

describe("bookMeeting", () => {
  it("stores a scheduled meeting, its manage link and the visitor's confirmation together", async () => {
    const booking = input({ date: weekday(3), timeSlot: "11:30" });
    const booked = await bookMeeting(booking);
    expect(booked).toMatchObject({ status: "scheduled", sequence: 0, date: booking.date, timeSlot: "11:30" });
    const { meetings: stored, emails } = await rowsFor(booking.email);
    expect(stored).toHaveLength(1);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain(`${TEST_SITE_URL}/demo/manage/${booked.manageToken}`);
    expect((await meetingByToken(booked.manageToken))?.id).toBe(booked.id);
  });

  it("a weekend, a time outside working hours or a filled honeypot stores and sends nothing", async () => {
    let saturday = weekday(1);
    while (!isWeekend(saturday)) saturday = addDays(saturday, 1);
    const weekend = input({ date: saturday });
    await expect(bookMeeting(weekend)).rejects.toMatchObject({ status: 400 });
    const late = input({ timeSlot: "23:00" });
    await expect(bookMeeting(late)).rejects.toMatchObject({
      status: 400,
      extra: { details: [expect.objectContaining({ field: "timeSlot" })] },
    });
    const bot = input({ faxNumber: "555-0100" } as Partial<Parameters<typeof bookMeeting>[0]>);
    const answer = await bookMeeting(bot);
    expect(answer.status).toBe("scheduled");
    expect(await meetingByToken(answer.manageToken)).toBeNull();
    for (const email of [weekend.email, late.email, bot.email]) {
      expect(await rowsFor(email)).toEqual({ meetings: [], emails: [] });
    }
  });

  it("20 visitors booking one slot at once: exactly one gets it, the others a 409 and nothing stored", async () => {
    const date = weekday(5);
    const attempts = Array.from({ length: 20 }, () => input({ date, timeSlot: "14:00" }));
    const results = await Promise.allSettled(attempts.map((booking) => bookMeeting(booking)));
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const loss of lost) expect(loss.reason).toMatchObject({ status: 409, message: BOOKING_MESSAGES.slotTaken });
    const [held] = await db()
      .select({ n: count() })
      .from(meetings)
      .where(and(eq(meetings.date, date), eq(meetings.timeSlot, "14:00")))
      .all();
    expect(held?.n).toBe(1);
    const sent = await Promise.all(attempts.map((booking) => rowsFor(booking.email)));
    expect(sent.reduce((sum, rows) => sum + rows.emails.length, 0)).toBe(1);
    const winner = (won[0] as PromiseFulfilledResult<Meeting>).value;
    const links = await db().select().from(meetingTokens).where(eq(meetingTokens.meetingId, winner.id)).all();
    expect(links).toHaveLength(1);
  });
});

describe("updateMeetingStatus", () => {
  const scheduled = () => addMeeting({ status: "scheduled", email: `status${++counter}@example.com` });

  it("approve: confirmed, sequence + 1, the link kept, an audit record and the visitor's email", async () => {
    const meeting = await scheduled();
    const after = await updateMeetingStatus(ADMIN, meeting.id, "confirmed", {
      meetingLink: "https://meet.example/abc",
    });
    expect(after).toMatchObject({ status: "confirmed", sequence: 1, meetingLink: "https://meet.example/abc" });
    expect(await requireMeeting(meeting.id)).toMatchObject({ status: "confirmed", sequence: 1 });
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, meeting.id)).all();
    expect(audit.map((entry) => entry.action)).toEqual(["meeting.approved"]);
    expect((await rowsFor(meeting.email)).emails).toHaveLength(1);
  });

  it("reject with a reason: the reason goes into the visitor's email and the audit record", async () => {
    const meeting = await scheduled();
    const reason = "Our team is at a conference that week.\nPlease pick a date after the 12th.";
    await updateMeetingStatus(ADMIN, meeting.id, "cancelled", { reason });
    const [email] = (await rowsFor(meeting.email)).emails;
    expect(email?.kind).toBe("meeting.cancelled");
    expect(email?.text).toContain(`A note from our team: ${reason}`);
    expect(email?.html).toContain("A note from our team: Our team is at a conference that week.");
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.targetId, meeting.id)).all();
    expect(audit?.action).toBe("meeting.rejected");
    expect(JSON.stringify(audit?.after)).toContain("conference");

    // Without one, no note line at all.
    const plain = await scheduled();
    await updateMeetingStatus(ADMIN, plain.id, "cancelled");
    expect((await rowsFor(plain.email)).emails[0]?.text).not.toContain("A note from our team");
  });

  it("a target other than confirmed or cancelled, or an unknown meeting, changes nothing", async () => {
    const meeting = await scheduled();
    for (const target of ["completed", "scheduled"] as Meeting["status"][]) {
      await expect(updateMeetingStatus(ADMIN, meeting.id, target)).rejects.toMatchObject({
        status: 400,
      });
    }
    await expect(updateMeetingStatus(ADMIN, "no-such-id", "confirmed")).rejects.toMatchObject({
      status: 404,
    });
    expect(await requireMeeting(meeting.id)).toMatchObject({ status: "scheduled", sequence: 0 });
    expect((await rowsFor(meeting.email)).emails).toEqual([]);
  });

  it("20 decisions at once (approve and reject mixed): one lands, 19 get a 409, one audit record, one email", async () => {
    const meeting = await scheduled();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => updateMeetingStatus(ADMIN, meeting.id, i % 2 ? "confirmed" : "cancelled")),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(r.reason).toMatchObject({ status: 409 });
    }
    const final = await requireMeeting(meeting.id);
    expect(final.sequence).toBe(1);
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, meeting.id)).all()).toHaveLength(1);
    expect((await rowsFor(meeting.email)).emails).toHaveLength(1);
  });
});

describe("completePastMeetings and counts", () => {
  it("only confirmed meetings whose 30 minutes are over become completed", async () => {
    const now = new Date("2032-06-01T12:00:00Z");
    const ended = await addMeeting({ status: "confirmed", startsAt: new Date("2032-06-01T11:30:00Z") });
    const running = await addMeeting({ status: "confirmed", startsAt: new Date("2032-06-01T11:45:00Z") });
    const waiting = await addMeeting({ status: "scheduled", startsAt: new Date("2032-06-01T09:00:00Z") });
    const before = await meetingStatusCounts();
    expect(await completePastMeetings(now)).toBeGreaterThanOrEqual(1);
    expect((await requireMeeting(ended.id)).status).toBe("completed");
    expect((await requireMeeting(running.id)).status).toBe("confirmed");
    expect((await requireMeeting(waiting.id)).status).toBe("scheduled");
    const after = await meetingStatusCounts();
    expect(after.all).toBe(before.all);
    expect(after.completed - before.completed).toBe(before.confirmed - after.confirmed);
    expect(await completePastMeetings(now)).toBe(0);
  });
});
