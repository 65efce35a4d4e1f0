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
type Wrapped = { init: { status: number } | null; data: Record<string, unknown> };

/** Whether the meeting's page offers Attended / No-show. */
const attendanceOpen = async (id: string) =>
  ((await detailsLoader(args(new Request(page(id), { headers: auth }), { id }))) as { attendanceOpen: boolean })
    .attendanceOpen;

/** The page's attendance form posted with `attended` "yes" or "no", or with no choice. */
const attend = async (id: string, attended?: "yes" | "no") => {
  const fields = new URLSearchParams({ intent: "attendance", meetingId: id, ...(attended ? { attended } : {}) });
  const request = new Request(page(id), { method: "POST", headers: auth, body: fields });
  return (await detailsAction(args(request, { id }))) as unknown as Wrapped;
};

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
    expect(await attendanceOpen(meeting.id)).toBe(true);
    const answer = await attend(meeting.id, "no");
    expect(answer.init?.status).toBe(200);
    expect(answer.data).toMatchObject({ ok: true, message: ATTENDANCE_TEXTS.noShow("Rhea Rao") });
    expect(await requireMeeting(meeting.id)).toMatchObject({ status: "completed", attendance: "no_show" });
    const again = await attend(meeting.id, "yes");
    expect(again.init?.status).toBe(409);
    expect(again.data).toMatchObject({ ok: false, reason: ATTENDANCE_MESSAGES.already });
    const mails = await outboxTo(meeting.email);
    expect(mails.map((m) => m.kind)).toEqual(["meeting.no_show"]);
    expect(await attendanceOpen(meeting.id)).toBe(false);

    const upcoming = await ended("upcoming-console@example.test", 10);
    expect(await attendanceOpen(upcoming.id)).toBe(false);
  });

  it("a missing choice is a clear refusal that changes nothing", async () => {
    const meeting = await ended("nochoice-console@example.test", 40);
    const answer = await attend(meeting.id);
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, reason: ATTENDANCE_TEXTS.choose });
    expect((await requireMeeting(meeting.id)).attendance).toBeNull();
  });
});
