import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { meetings } from "~/db/schema";
import { scheduledJobs } from "~/domain/jobs/jobs.server";
import { HOUR, MINUTE } from "~/lib/durations";
import { outboxTo } from "../../../tests/helpers/outbox";
import { TEST_SITE_URL } from "../../../tests/helpers/site";
import { dueReminder, sendMeetingReminders } from "./reminders.server";
import { meetingByToken } from "./tokens.server";

/** A meeting far from any other test's dates (2031), each in its own slot. */
let slot = 0;
async function meeting(
  startsAt: Date,
  status: "confirmed" | "scheduled" = "confirmed",
  updatedAt = new Date("2030-01-01T00:00:00Z"),
) {
  const id = crypto.randomUUID();
  slot++;
  await db()
    .insert(meetings)
    .values({
      id,
      name: "Ana Silva",
      email: `ana${slot}@example.com`,
      date: `2031-01-${String(slot).padStart(2, "0")}`,
      timeSlot: "10:00",
      startsAt,
      status,
      visitorTimezone: "America/Sao_Paulo",
      meetingLink: "https://meet.example/flowlane-1",
      updatedAt,
    });
  return { id, email: `ana${slot}@example.com` };
}

const remindersOf = async (m: { email: string }) =>
  (await outboxTo(m.email)).filter((e) => e.kind.startsWith("meeting.reminder_"));

describe("meeting reminders", () => {
  it("pick the reminder due at a moment", () => {
    const start = new Date("2031-01-10T12:00:00Z");
    const at = (ms: number) => dueReminder(start, new Date(start.getTime() - ms));
    expect([at(25 * HOUR), at(24 * HOUR), at(2 * HOUR), at(HOUR), at(MINUTE), at(0), at(-MINUTE)]).toEqual([
      null,
      "24h",
      "24h",
      "1h",
      "1h",
      null,
      null,
    ]);
  });

  it("send the 24-hour and the 1-hour reminder once each, in the visitor's time, with both links", async () => {
    const start = new Date("2031-01-10T12:00:00Z");
    const m = await meeting(start);
    const run = (msBefore: number) => sendMeetingReminders(new Date(start.getTime() - msBefore));
    expect(await run(25 * HOUR)).toBe(0);
    expect(await run(24 * HOUR - 5 * MINUTE)).toBe(1);
    expect(await run(24 * HOUR - 10 * MINUTE)).toBe(0);
    expect(await run(3 * HOUR)).toBe(0);
    expect(await run(55 * MINUTE)).toBe(1);
    expect(await run(50 * MINUTE)).toBe(0);
    const mails = await remindersOf(m);
    expect(mails.map((e) => e.kind).sort()).toEqual(["meeting.reminder_1h", "meeting.reminder_24h"]);
    const dayBefore = mails.find((e) => e.kind === "meeting.reminder_24h")!;
    expect(dayBefore.to).toBe(m.email);
    expect(dayBefore.text).toContain("9:00 AM"); // 12:00 UTC in São Paulo (UTC−3)
    expect(dayBefore.text).toContain("America/Sao_Paulo");
    expect(dayBefore.text).toContain("https://meet.example/flowlane-1");
    const token = /\/demo\/manage\/([A-Za-z0-9_-]{43})/.exec(dayBefore.text)?.[1];
    expect(dayBefore.text).toContain(`${TEST_SITE_URL}/demo/manage/`);
    expect((await meetingByToken(token!))?.id).toBe(m.id);
  });

  it("a late run sends only the reminder due then; unconfirmed meetings get none", async () => {
    const start = new Date("2031-01-20T12:00:00Z");
    const m = await meeting(start);
    const pending = await meeting(start, "scheduled");
    expect(await sendMeetingReminders(new Date(start.getTime() - 40 * MINUTE))).toBe(1);
    expect(await sendMeetingReminders(new Date(start.getTime() - 30 * MINUTE))).toBe(0);
    expect((await remindersOf(m)).map((e) => e.kind)).toEqual(["meeting.reminder_1h"]);
    expect(await remindersOf(pending)).toHaveLength(0);
  });

  it("skip the day-before reminder for a meeting confirmed within the last day", async () => {
    const start = new Date("2031-04-10T12:00:00Z");
    const m = await meeting(start, "confirmed", new Date(start.getTime() - 5 * HOUR));
    expect(await sendMeetingReminders(new Date(start.getTime() - 4 * HOUR))).toBe(0);
    expect(await sendMeetingReminders(new Date(start.getTime() - 30 * MINUTE))).toBe(1);
    expect((await remindersOf(m)).map((e) => e.kind)).toEqual(["meeting.reminder_1h"]);
  });

  it("two runs at once send each reminder once", async () => {
    const start = new Date("2031-02-10T12:00:00Z");
    const m = await meeting(start);
    const now = new Date(start.getTime() - 20 * HOUR);
    await Promise.all([sendMeetingReminders(now), sendMeetingReminders(now)]);
    expect(await remindersOf(m)).toHaveLength(1);
  });

  it("a moved meeting gets reminders for its new time", async () => {
    const start = new Date("2031-03-10T12:00:00Z");
    const m = await meeting(start);
    await sendMeetingReminders(new Date(start.getTime() - 30 * MINUTE));
    const later = new Date(start.getTime() + 2 * HOUR);
    await db().update(meetings).set({ startsAt: later }).where(eq(meetings.id, m.id));
    await sendMeetingReminders(new Date(later.getTime() - 30 * MINUTE));
    expect(await remindersOf(m)).toHaveLength(2);
  });

  it("run as a scheduled job", () => {
    expect(scheduledJobs.map((j) => j.name)).toContain("meeting-reminders");
  });
});
