import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, emailOutbox, meetings } from "~/db/schema";
import { scheduledJobs } from "~/domain/jobs/jobs.server";
import { HOUR, MINUTE } from "~/lib/durations";
import { createActor } from "../../../tests/helpers/accounts";
import { addMeeting } from "../../../tests/helpers/console-data";
import { outboxTo } from "../../../tests/helpers/outbox";
import { TEST_SITE_URL } from "../../../tests/helpers/site";
import { fromBase64Utf8 } from "./ics";
import { LINK_MESSAGES, LINK_NOTICE_MINUTES, remindSalesOfMissingLinks, setMeetingLink } from "./meeting-link.server";
import { requireMeeting, updateMeetingStatus } from "./meetings.server";
import { sendMeetingReminders } from "./reminders.server";
import { readInvitation } from "./testing/invitation";
import { meetingByToken } from "./tokens.server";

const SITE = TEST_SITE_URL;
let ADMIN: Awaited<ReturnType<typeof createActor>>;
beforeAll(async () => {
  ADMIN = await createActor();
});

let counter = 0;
const email = () => `link${++counter}@example.com`;
const salesNotices = async (meetingId: string) =>
  (await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "meeting.sales_link_missing")).all()).filter((e) =>
    e.idempotencyKey.includes(meetingId),
  );

/** Approved without a link, as an admin does when the call is not set up yet. */
async function confirmedWithoutLink(startsAt?: Date) {
  const meeting = await addMeeting({ status: "scheduled", email: email(), ...(startsAt ? { startsAt } : {}) });
  await updateMeetingStatus(ADMIN, meeting.id, "confirmed", { meetingLink: null });
  return requireMeeting(meeting.id);
}

describe("setMeetingLink", () => {
  it("the confirmation without a link promises one; adding it emails the visitor the link and an updated invitation", async () => {
    const meeting = await confirmedWithoutLink();
    const [confirmation] = await outboxTo(meeting.email);
    expect(confirmation?.text).toContain("the link is sent before the meeting");

    const outcome = await setMeetingLink(ADMIN, meeting.id, "https://meet.example/flowlane-1");
    expect(outcome.emailed).toBe(true);
    expect(await requireMeeting(meeting.id)).toMatchObject({
      status: "confirmed",
      meetingLink: "https://meet.example/flowlane-1",
      sequence: 2,
    });
    const sent = (await outboxTo(meeting.email)).filter((e) => e.kind === "meeting.link");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/^Video link for your Flowlane demo/);
    expect(sent[0]!.text).toContain("Join: https://meet.example/flowlane-1");
    expect(sent[0]!.html).toContain('href="https://meet.example/flowlane-1"');
    const invite = readInvitation(fromBase64Utf8(sent[0]!.attachments[0]!.content));
    expect(invite).toMatchObject({ method: "REQUEST", status: "CONFIRMED", sequence: 2 });
    expect(invite.location).toBe("Video call: https://meet.example/flowlane-1");
    // The manage link in the email leads to the meeting.
    const token = sent[0]!.text.match(/\/demo\/manage\/([A-Za-z0-9_-]{43})/)?.[1] ?? "";
    expect((await meetingByToken(token))?.id).toBe(meeting.id);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, meeting.id)).all();
    expect(audit.map((a) => a.action)).toEqual(["meeting.approved", "meeting.link_set"]);
    expect(audit[1]).toMatchObject({
      before: { meetingLink: null },
      after: { meetingLink: "https://meet.example/flowlane-1" },
    });
  });

  it("changing the link says so; the same link again sends nothing", async () => {
    const meeting = await confirmedWithoutLink();
    await setMeetingLink(ADMIN, meeting.id, "https://meet.example/first");
    const again = await setMeetingLink(ADMIN, meeting.id, "https://meet.example/first");
    expect(again.emailed).toBe(false);
    await setMeetingLink(ADMIN, meeting.id, "https://meet.example/second");
    const sent = (await outboxTo(meeting.email)).filter((e) => e.kind === "meeting.link");
    expect(sent.map((e) => e.subject.split(" for ")[0])).toEqual(["Video link", "New video link"]);
    expect(sent[1]!.text).toContain("has changed");
    expect((await requireMeeting(meeting.id)).sequence).toBe(3);
  });

  it("refuses a scheduled, cancelled or ended meeting, and an empty link; nothing changes, nothing is sent", async () => {
    const scheduled = await addMeeting({ status: "scheduled", email: email() });
    const cancelled = await addMeeting({ status: "cancelled", email: email() });
    const ended = await confirmedWithoutLink(new Date(Date.now() - 40 * MINUTE));
    const set = (id: string, link: string | null = "https://meet.example/x") => setMeetingLink(ADMIN, id, link);
    await expect(set(scheduled.id)).rejects.toMatchObject({
      status: 409,
      message: LINK_MESSAGES.notConfirmed("scheduled"),
    });
    await expect(set(cancelled.id)).rejects.toMatchObject({
      status: 409,
      message: LINK_MESSAGES.notConfirmed("cancelled"),
    });
    await expect(set(ended.id)).rejects.toMatchObject({ status: 409, message: LINK_MESSAGES.over });
    await expect(set(ended.id, null)).rejects.toMatchObject({
      status: 400,
      extra: { details: [{ field: "meetingLink", message: LINK_MESSAGES.required }] },
    });
    await expect(set("no-such-meeting")).rejects.toMatchObject({ status: 404 });
    for (const m of [scheduled, cancelled]) {
      expect(await requireMeeting(m.id)).toMatchObject({ meetingLink: null, sequence: 0 });
      expect(await outboxTo(m.email)).toEqual([]);
    }
    expect((await requireMeeting(ended.id)).meetingLink).toBeNull();
    expect((await outboxTo(ended.email)).filter((e) => e.kind === "meeting.link")).toEqual([]);
  });

  it("20 saves at once: of the same link, one change and one email; of different links, one wins and the rest get a 409", async () => {
    const same = await confirmedWithoutLink();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => setMeetingLink(ADMIN, same.id, "https://meet.example/same")),
    );
    expect(results.every((r) => r.status === "fulfilled")).toBe(true);
    expect(results.filter((r) => r.status === "fulfilled" && r.value.emailed)).toHaveLength(1);
    expect((await outboxTo(same.email)).filter((e) => e.kind === "meeting.link")).toHaveLength(1);
    expect(await requireMeeting(same.id)).toMatchObject({ sequence: 2, meetingLink: "https://meet.example/same" });

    const mixed = await confirmedWithoutLink();
    const raced = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => setMeetingLink(ADMIN, mixed.id, `https://meet.example/link-${i}`)),
    );
    const won = raced.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const r of raced.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(r.reason).toMatchObject({ status: 409, message: LINK_MESSAGES.moved });
    }
    const final = await requireMeeting(mixed.id);
    expect(final.sequence).toBe(2);
    const sent = (await outboxTo(mixed.email)).filter((e) => e.kind === "meeting.link");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(`Join: ${final.meetingLink}`);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, mixed.id)).all();
    expect(audit.filter((a) => a.action === "meeting.link_set")).toHaveLength(1);
  });
});

describe("remindSalesOfMissingLinks", () => {
  it("tells the sales inbox once, before the visitor's 24-hour reminder, about a confirmed meeting without a link", async () => {
    const start = new Date("2031-03-10T10:00:00Z");
    const meeting = await confirmedWithoutLink(start);
    // The approval happened long before: the 24-hour reminder will go out.
    await db()
      .update(meetings)
      .set({ updatedAt: new Date("2031-03-01T00:00:00Z") })
      .where(eq(meetings.id, meeting.id));
    const at = (hoursBefore: number) => new Date(start.getTime() - hoursBefore * HOUR);

    await remindSalesOfMissingLinks(at(LINK_NOTICE_MINUTES / 60 + 1));
    expect(await salesNotices(meeting.id)).toEqual([]);
    await remindSalesOfMissingLinks(at(LINK_NOTICE_MINUTES / 60));
    const [notice, ...more] = await salesNotices(meeting.id);
    expect(more).toEqual([]);
    expect(notice?.to).toBe("sales@flowlane.example");
    expect(notice?.subject).toContain(`Add a video link: demo with ${meeting.name}`);
    expect(notice?.text).toContain(`${SITE}/admin/dashboard/meetings/${meeting.id}`);
    // Later runs, and runs at once, add nothing.
    await Promise.all(Array.from({ length: 5 }, () => remindSalesOfMissingLinks(at(30))));
    expect(await salesNotices(meeting.id)).toHaveLength(1);
    // It came a day before the visitor's 24-hour reminder.
    expect(await sendMeetingReminders(at(30))).toBe(0);
    await sendMeetingReminders(at(24));
    expect((await outboxTo(meeting.email)).some((e) => e.kind === "meeting.reminder_24h")).toBe(true);
  });

  it("leaves out meetings with a link, unconfirmed or past ones; the job runs on the cron", async () => {
    const start = new Date("2031-04-10T10:00:00Z");
    const now = new Date(start.getTime() - 10 * HOUR);
    const linked = await confirmedWithoutLink(new Date(start.getTime() + MINUTE));
    await db().update(meetings).set({ meetingLink: "https://meet.example/ok" }).where(eq(meetings.id, linked.id));
    const scheduled = await addMeeting({
      status: "scheduled",
      email: email(),
      startsAt: new Date(start.getTime() + 2 * MINUTE),
    });
    const past = await confirmedWithoutLink(new Date(now.getTime() - MINUTE));
    await remindSalesOfMissingLinks(now);
    for (const m of [linked, scheduled, past]) expect(await salesNotices(m.id)).toEqual([]);
    expect(scheduledJobs.map((j) => j.name)).toContain("missing-meeting-links");
  });
});
