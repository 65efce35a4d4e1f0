import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { meetings } from "~/db/schema";
import { ATTENDANCE_MESSAGES } from "~/domain/meetings/attendance.server";
import { requireMeeting } from "~/domain/meetings/meetings.server";
import { createAdmin } from "../../../../../tests/helpers/accounts";
import { addMeeting } from "../../../../../tests/helpers/console-data";
import { outboxTo } from "../../../../../tests/helpers/outbox";
import { routeArgs as args } from "../../../../../tests/helpers/route-call";
import { ATTENDANCE_TEXTS } from "./attendance-action.server";
import { action as detailsAction, loader as detailsLoader } from "./details";

/** Attended / No-show on a meeting's page, as the form posts them without JavaScript (decision 084). */

let auth: Record<string, string>;
beforeAll(async () => {
  auth = { Authorization: `Bearer ${(await createAdmin({ role: "sales" })).token}` };
});

const page = (id: string) => `http://localhost/admin/dashboard/meetings/${id}`;
const post = (id: string, fields: Record<string, string>) =>
  new Request(page(id), { method: "POST", headers: auth, body: new URLSearchParams(fields) });
type Wrapped = { init: { status: number } | null; data: Record<string, unknown> };

/** A confirmed demo that ended `minutesAgo - 30` minutes ago. */
async function ended(email: string, minutesAgo: number) {
  const meeting = await addMeeting({ status: "confirmed", email, name: "Rhea Rao" });
  await db()
    .update(meetings)
    .set({ startsAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(meetings.id, meeting.id));
  return meeting;
}

describe("Attended / No-show on a meeting's page", () => {
  it("shows the buttons only after the end and within 7 days; No-show completes it and emails the visitor once", async () => {
    const meeting = await ended("noshow-console@example.test", 40);
    const loaded = (await detailsLoader(
      args(new Request(page(meeting.id), { headers: auth }), { id: meeting.id }),
    )) as {
      attendanceOpen: boolean;
    };
    expect(loaded.attendanceOpen).toBe(true);
    const answer = (await detailsAction(
      args(post(meeting.id, { intent: "attendance", meetingId: meeting.id, attended: "no" }), { id: meeting.id }),
    )) as unknown as Wrapped;
    expect(answer.init?.status).toBe(200);
    expect(answer.data).toMatchObject({ ok: true, message: ATTENDANCE_TEXTS.noShow("Rhea Rao") });
    expect(await requireMeeting(meeting.id)).toMatchObject({ status: "completed", attendance: "no_show" });
    const again = (await detailsAction(
      args(post(meeting.id, { intent: "attendance", meetingId: meeting.id, attended: "yes" }), { id: meeting.id }),
    )) as unknown as Wrapped;
    expect(again.init?.status).toBe(409);
    expect(again.data).toMatchObject({ ok: false, reason: ATTENDANCE_MESSAGES.already });
    const mails = await outboxTo(meeting.email);
    expect(mails.map((m) => m.kind)).toEqual(["meeting.no_show"]);
    const after = (await detailsLoader(args(new Request(page(meeting.id), { headers: auth }), { id: meeting.id }))) as {
      attendanceOpen: boolean;
    };
    expect(after.attendanceOpen).toBe(false);

    const upcoming = await ended("upcoming-console@example.test", 10);
    const early = (await detailsLoader(
      args(new Request(page(upcoming.id), { headers: auth }), { id: upcoming.id }),
    )) as {
      attendanceOpen: boolean;
    };
    expect(early.attendanceOpen).toBe(false);
  });

  it("a missing choice is a clear refusal that changes nothing", async () => {
    const meeting = await ended("nochoice-console@example.test", 40);
    const answer = (await detailsAction(
      args(post(meeting.id, { intent: "attendance", meetingId: meeting.id }), { id: meeting.id }),
    )) as unknown as Wrapped;
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, reason: ATTENDANCE_TEXTS.choose });
    expect((await requireMeeting(meeting.id)).attendance).toBeNull();
  });
});
