import { and, count, eq, like } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, emailOutbox, type Meeting, meetings, meetingTokens } from "~/db/schema";
import { BOOKING_MESSAGES, slotStart } from "~/domain/calendar/availability";
import { config, resetConfigCache } from "~/lib/config.server";
import { sha256Hex } from "~/lib/crypto.server";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { bookDemo, weekday } from "../../../tests/helpers/booking";
import { outboxTo } from "../../../tests/helpers/outbox";
import { TEST_SITE_URL } from "../../../tests/helpers/site";
import { cancelByVisitor, MANAGE_MESSAGES, rescheduleByVisitor } from "./manage.server";
import { requireMeeting, updateMeetingStatus } from "./meetings.server";
import { invitationOf } from "./testing/invitation";
import { issueManageToken, meetingByToken } from "./tokens.server";

const TZ = "Asia/Kolkata";

let counter = 0;
async function book(date: string, timeSlot = "10:00") {
  return bookDemo({
    name: "Priya Patel",
    email: `visitor${++counter}@example.com`,
    company: "Acme",
    date,
    timeSlot,
    visitorTimezone: "Europe/Berlin",
  });
}

const auditOf = (id: string) => db().select().from(auditLog).where(eq(auditLog.targetId, id)).all();

afterEach(() => resetConfigCache());

describe("manage-link tokens", () => {
  it("are 256-bit random strings of which only the SHA-256 is stored", async () => {
    const m = await book(weekday(1));
    expect(m.manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await db().select().from(meetingTokens).where(eq(meetingTokens.meetingId, m.id)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(await sha256Hex(m.manageToken));
    expect(rows[0]!.tokenHash).not.toContain(m.manageToken);
    expect((await meetingByToken(m.manageToken))?.id).toBe(m.id);
  });

  it("find nothing for unknown, malformed or altered tokens", async () => {
    const m = await book(weekday(1), "10:30");
    const altered = `${m.manageToken.slice(0, -1)}${m.manageToken.endsWith("A") ? "B" : "A"}`;
    for (const token of [altered, "", "short", `${m.manageToken}x`, "a".repeat(43).replace("a", "/"), "é".repeat(43)]) {
      expect(await meetingByToken(token)).toBeNull();
    }
    const { token } = await issueManageToken(m.id); // issued but never stored
    expect(await meetingByToken(token)).toBeNull();
  });

  it("appear in the confirmation email and the invite's description", async () => {
    const m = await book(weekday(1), "11:00");
    const [confirmation] = (await outboxTo(m.email)).filter((e) => e.kind === "meeting.confirmation");
    expect(confirmation!.text).toContain(`${TEST_SITE_URL}/demo/manage/${m.manageToken}`);
    expect(invitationOf(confirmation!).description).toContain(`/demo/manage/${m.manageToken}`);
  });
});

describe("cancel through the manage link", () => {
  it("cancels once: frees the slot, CANCEL invite with a higher SEQUENCE, sales notice, visitor audit", async () => {
    const date = weekday(2);
    const m = await book(date, "09:00");
    const cancelled = await cancelByVisitor(await requireMeeting(m.id), {
      reason: "Found another tool",
    });
    expect(cancelled.status).toBe("cancelled");
    const row = await requireMeeting(m.id);
    expect(row).toMatchObject({ status: "cancelled", sequence: 1 });

    const mail = await outboxTo(m.email);
    const notice = mail.find((e) => e.kind === "meeting.visitor_cancelled")!;
    const original = invitationOf(mail.find((e) => e.kind === "meeting.confirmation")!);
    const update = invitationOf(notice);
    expect(update).toMatchObject({ method: "CANCEL", status: "CANCELLED", uid: original.uid, sequence: 1 });
    expect(original.sequence).toBe(0);
    const sales = await outboxTo(config().SALES_EMAIL);
    expect(
      sales.filter((e) => e.kind === "meeting.sales_cancelled" && e.text.includes("Found another tool")),
    ).toHaveLength(1);
    const audit = await auditOf(m.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: null, actorEmail: "visitor", action: "meeting.cancelled_by_visitor" });

    // The slot is free again.
    expect((await book(date, "09:00")).status).toBe("scheduled");
  });

  it("refuses a second cancel and writes nothing", async () => {
    const m = await book(weekday(2), "09:30");
    await cancelByVisitor(await requireMeeting(m.id));
    const before = (await outboxTo(m.email)).length;
    await expect(cancelByVisitor(await requireMeeting(m.id))).rejects.toMatchObject({
      status: 409,
      message: MANAGE_MESSAGES.cancelled,
    });
    // A stale copy read before the first cancel is refused by the guard in the batch.
    const stale: Meeting = { ...(await requireMeeting(m.id)), status: "scheduled", sequence: 0 };
    await expect(cancelByVisitor(stale)).rejects.toMatchObject({ status: 409 });
    expect(await outboxTo(m.email)).toHaveLength(before);
    expect(await auditOf(m.id)).toHaveLength(1);
  });

  it("refuses past the configured cutoff and once the meeting started", async () => {
    Object.assign(config(), { MEETING_CHANGE_CUTOFF_MINUTES: 120 });
    const m = await book(weekday(2), "12:00");
    const row = await requireMeeting(m.id);
    const late = new Date(row.startsAt.getTime() - 119 * 60_000);
    await expect(cancelByVisitor(row, { now: late })).rejects.toMatchObject({
      status: 409,
      message: MANAGE_MESSAGES.tooLate(120),
    });
    const started = new Date(row.startsAt.getTime() + 60_000);
    await expect(cancelByVisitor(row, { now: started })).rejects.toMatchObject({
      message: MANAGE_MESSAGES.started,
    });
    // The guard inside the batch holds the cutoff too (the service's own check skipped by a stale read).
    const stale: Meeting = { ...row, startsAt: new Date(row.startsAt.getTime() + 7 * 24 * 60 * 60_000) };
    await expect(cancelByVisitor(stale, { now: late })).rejects.toMatchObject({
      status: 409,
      message: MANAGE_MESSAGES.tooLate(120),
    });
    await expect(
      rescheduleByVisitor(stale, { date: weekday(3), timeSlot: "12:00" }, { now: late }),
    ).rejects.toMatchObject({ status: 409, message: MANAGE_MESSAGES.tooLate(120) });
    expect(await requireMeeting(m.id)).toMatchObject({ status: "scheduled", sequence: 0 });
    const early = new Date(row.startsAt.getTime() - 121 * 60_000);
    expect((await cancelByVisitor(row, { now: early })).status).toBe("cancelled");
    expect(await auditOf(m.id)).toHaveLength(1);
  });
});

describe("reschedule through the manage link", () => {
  it("moves a confirmed meeting atomically: same UID, SEQUENCE + 1, REQUEST, back to scheduled, old slot free", async () => {
    const [from, to] = [weekday(3), weekday(4)];
    const m = await book(from, "14:00");
    const { admin } = await createAdmin();
    await updateMeetingStatus(admin, m.id, "confirmed", { meetingLink: "https://meet.example/abc" });
    const moved = await rescheduleByVisitor(await requireMeeting(m.id), { date: to, timeSlot: "15:30" });
    const row = await requireMeeting(m.id);
    expect(row).toMatchObject({ date: to, timeSlot: "15:30", status: "scheduled", sequence: 2 });
    expect(row.startsAt.getTime()).toBe(slotStart(to, "15:30", TZ).getTime());

    const mail = await outboxTo(m.email);
    const uid = invitationOf(mail.find((e) => e.kind === "meeting.confirmation")!).uid;
    expect(invitationOf(mail.find((e) => e.kind === "meeting.confirmed")!)).toMatchObject({ uid, sequence: 1 });
    const update = invitationOf(mail.find((e) => e.kind === "meeting.rescheduled")!);
    expect(update).toMatchObject({ method: "REQUEST", uid, sequence: 2 });
    expect(update.start).toBe(row.startsAt.toISOString());
    expect(update.description).toContain(`/demo/manage/${moved.manageToken}`);
    expect((await outboxTo(config().SALES_EMAIL)).filter((e) => e.kind === "meeting.sales_rescheduled")).toHaveLength(
      1,
    );
    expect((await auditOf(m.id)).map((a) => [a.action, a.actorEmail])).toContainEqual([
      "meeting.rescheduled_by_visitor",
      "visitor",
    ]);

    // Every earlier link leads to the meeting at its new time.
    for (const token of [m.manageToken, moved.manageToken]) {
      expect(await meetingByToken(token)).toMatchObject({ id: m.id, date: to, timeSlot: "15:30" });
    }
    // The old slot is free.
    expect((await book(from, "14:00")).status).toBe("scheduled");
  });

  it("into a taken slot: the spec's answer and nothing changes", async () => {
    const date = weekday(5);
    const mine = await book(date, "09:00");
    await book(date, "09:30");
    const before = await requireMeeting(mine.id);
    const mails = (await outboxTo(mine.email)).length;
    await expect(rescheduleByVisitor(before, { date, timeSlot: "09:30" })).rejects.toMatchObject({
      status: 409,
      message: BOOKING_MESSAGES.slotTaken,
    });
    expect(await requireMeeting(mine.id)).toEqual(before);
    expect(await outboxTo(mine.email)).toHaveLength(mails);
    expect(await auditOf(mine.id)).toHaveLength(0);
    const tokens = await db()
      .select({ n: count() })
      .from(meetingTokens)
      .where(eq(meetingTokens.meetingId, mine.id))
      .get();
    expect(tokens?.n).toBe(1);
  });

  it("refuses cancelled and completed meetings, the same slot and a bad slot", async () => {
    const date = weekday(5);
    const m = await book(date, "11:00");
    await expect(rescheduleByVisitor(await requireMeeting(m.id), { date, timeSlot: "11:00" })).rejects.toMatchObject({
      status: 400,
      message: MANAGE_MESSAGES.sameSlot,
    });
    await expect(rescheduleByVisitor(await requireMeeting(m.id), { date, timeSlot: "11:15" })).rejects.toMatchObject({
      status: 400,
    });
    await cancelByVisitor(await requireMeeting(m.id));
    await expect(rescheduleByVisitor(await requireMeeting(m.id), { date, timeSlot: "12:00" })).rejects.toMatchObject({
      status: 409,
      message: MANAGE_MESSAGES.cancelled,
    });

    const done = await book(date, "13:00");
    await db().update(meetings).set({ status: "completed" }).where(eq(meetings.id, done.id));
    await expect(rescheduleByVisitor(await requireMeeting(done.id), { date, timeSlot: "12:00" })).rejects.toMatchObject(
      { status: 409, message: MANAGE_MESSAGES.completed },
    );
    expect((await requireMeeting(done.id)).timeSlot).toBe("13:00");
  });

  it("20 parallel cancels and reschedules of one booking: one change, one set of emails", async () => {
    const date = weekday(6);
    const m = await book(date, "10:00");
    const read = await requireMeeting(m.id);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? cancelByVisitor(read)
          : rescheduleByVisitor(read, { date, timeSlot: `1${Math.floor(i / 2) % 6}:30` }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ status: 409 });
    expect(await auditOf(m.id)).toHaveLength(1);
    const changes = (await outboxTo(m.email)).filter((e) => e.kind !== "meeting.confirmation");
    expect(changes).toHaveLength(1);
    const sales = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, config().SALES_EMAIL), like(emailOutbox.idempotencyKey, `%${m.id}%`)))
      .all();
    expect(sales.filter((e) => e.kind !== "meeting.sales_notice")).toHaveLength(1);
    expect((await requireMeeting(m.id)).sequence).toBe(1);
  });
});

describe("the video link set on Approve", () => {
  it("is checked, stored and carried by the confirmation and its invite", async () => {
    const { token } = await createAdmin();
    const m = await book(weekday(7), "16:00");
    const bad = await api("PUT", `/api/meetings/${m.id}/status`, {
      token,
      body: { status: "confirmed", meetingLink: "http://meet.example/x" },
    });
    expect(bad.status).toBe(400);
    expect((await requireMeeting(m.id)).status).toBe("scheduled");

    const link = "https://meet.example/flowlane-42";
    const ok = await api("PUT", `/api/meetings/${m.id}/status`, {
      token,
      body: { status: "confirmed", meetingLink: link },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toMatchObject({ status: "confirmed", meetingLink: link, sequence: 1 });
    const confirmed = (await outboxTo(m.email)).find((e) => e.kind === "meeting.confirmed")!;
    expect(confirmed.text).toContain(`Join: ${link}`);
    expect(confirmed.text).toContain(`Manage your booking (cancel or reschedule): ${TEST_SITE_URL}/demo/manage/`);
    expect(invitationOf(confirmed)).toMatchObject({ location: `Video call: ${link}`, url: link });
  });
});
