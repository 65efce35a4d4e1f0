import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, meetings, schedulingSettings } from "~/db/schema";
import { cancelByVisitor, MANAGE_MESSAGES } from "~/domain/meetings/manage.server";
import { requireMeeting } from "~/domain/meetings/meetings.server";
import { config, resetConfigCache } from "~/lib/config.server";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { bookDemo, weekday } from "../../../tests/helpers/booking";
import { addDays, BOOKING_MESSAGES, isWeekend, todayIn } from "./availability";
import { SCHEDULING_MESSAGES, type SchedulingSettings } from "./scheduling-settings";

/*
 * The scheduling rules in the database (issue 27 items 2 and 9, decision 078): GET/PUT
 * /api/scheduling/settings, audited, and in force for the very next slot list, booking and
 * visitor change.
 */

const DEFAULTS: SchedulingSettings = {
  minimumNoticeMinutes: 60,
  windowDays: 60,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  changeCutoffMinutes: 0,
};

const settingsRows = async () => (await db().select({ n: count() }).from(schedulingSettings).get())?.n ?? 0;
const audits = () => db().select().from(auditLog).where(eq(auditLog.action, "scheduling.settings_changed")).all();

async function put(token: string, body: Partial<SchedulingSettings>) {
  return api("PUT", "/api/scheduling/settings", { token, body: { ...DEFAULTS, ...body } });
}

afterEach(async () => {
  await db().delete(schedulingSettings);
  await db().delete(auditLog).where(eq(auditLog.action, "scheduling.settings_changed"));
  resetConfigCache();
});

describe("GET/PUT /api/scheduling/settings", () => {
  it("answers today's values until first saved (the change cutoff from MEETING_CHANGE_CUTOFF_MINUTES)", async () => {
    const { token } = await createAdmin({ role: "admin" });
    const r = await api("GET", "/api/scheduling/settings", { token });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ success: true, data: DEFAULTS });
    Object.assign(config(), { MEETING_CHANGE_CUTOFF_MINUTES: 45 });
    expect((await api("GET", "/api/scheduling/settings", { token })).json.data.changeCutoffMinutes).toBe(45);
  });

  it("saves all five rules, audits the change with before and after, and answers them", async () => {
    const { token, admin } = await createAdmin({ role: "admin" });
    const rules = {
      minimumNoticeMinutes: 120,
      windowDays: 30,
      bufferBeforeMinutes: 15,
      bufferAfterMinutes: 10,
      changeCutoffMinutes: 240,
    };
    const r = await api("PUT", "/api/scheduling/settings", { token, body: rules });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ success: true, data: rules });
    expect((await api("GET", "/api/scheduling/settings", { token })).json.data).toEqual(rules);
    const [entry] = await audits();
    expect(entry).toMatchObject({ actorId: admin.id, targetType: "scheduling", before: DEFAULTS, after: rules });
  });

  it("refuses bad input with the field's message and changes nothing", async () => {
    const { token } = await createAdmin({ role: "owner" });
    for (const [field, value] of [
      ["minimumNoticeMinutes", -1],
      ["windowDays", 0],
      ["windowDays", 366],
      ["bufferBeforeMinutes", 241],
      ["bufferAfterMinutes", 1.5],
      ["changeCutoffMinutes", "60"],
    ] as const) {
      const r = await put(token, { [field]: value });
      expect(r.status, `${field} ${value}`).toBe(400);
      expect(r.json.success).toBe(false);
      expect(r.json.details).toContainEqual({ field, message: SCHEDULING_MESSAGES[field] });
    }
    expect(await settingsRows()).toBe(0);
    expect(await audits()).toHaveLength(0);
  });

  it("Sales and Marketing may neither read nor change the rules", async () => {
    for (const role of ["sales", "marketing", "author"] as const) {
      const { token } = await createAdmin({ role });
      expect((await api("GET", "/api/scheduling/settings", { token })).status).toBe(403);
      expect((await put(token, { windowDays: 10 })).status).toBe(403);
    }
    expect(await settingsRows()).toBe(0);
  });

  it("20 saves at once: one row, 20 audit records, and the rules are one whole save", async () => {
    const { token } = await createAdmin({ role: "admin" });
    const saves = Array.from({ length: 20 }, (_, i) => ({
      ...DEFAULTS,
      windowDays: 10 + i,
      bufferBeforeMinutes: i,
    }));
    const answers = await Promise.all(saves.map((body) => put(token, body)));
    expect(answers.map((r) => r.status)).toEqual(saves.map(() => 200));
    expect(await settingsRows()).toBe(1);
    expect(await audits()).toHaveLength(20);
    const now = (await api("GET", "/api/scheduling/settings", { token })).json.data as SchedulingSettings;
    expect(now.bufferBeforeMinutes).toBe(now.windowDays - 10);
  });
});

describe("the rules hold at once", () => {
  const TZ = "Asia/Kolkata";

  it("the booking window: available-days stops at the new window and a later date is refused", async () => {
    const { token } = await createAdmin({ role: "admin" });
    expect((await put(token, { windowDays: 5 })).status).toBe(200);
    const days = await api("GET", "/api/calendar/available-days?days=30");
    expect(days.status).toBe(200);
    const last = addDays(todayIn(TZ, new Date()), 5);
    expect(days.json.data.length).toBeGreaterThan(0);
    expect(days.json.data.every((d: { date: string }) => d.date <= last)).toBe(true);
    let beyond = addDays(last, 1);
    while (isWeekend(beyond)) beyond = addDays(beyond, 1);
    const slots = await api("GET", `/api/calendar/available-slots?date=${beyond}`);
    expect(slots.status).toBe(400);
    expect(slots.json.error).toBe(BOOKING_MESSAGES.dateTooFarFor(5));
    await expect(bookDemo({ date: beyond, timeSlot: "10:00" })).rejects.toMatchObject({ status: 400 });
  });

  it("the minimum notice: a slot inside it is neither offered nor booked", async () => {
    const { token } = await createAdmin({ role: "admin" });
    // A week's notice: the next weekday's slots are all too soon.
    expect((await put(token, { minimumNoticeMinutes: 7 * 24 * 60 })).status).toBe(200);
    const date = weekday(1);
    const slots = await api("GET", `/api/calendar/available-slots?date=${date}`);
    expect(slots.json.data.some((s: { available: boolean }) => s.available)).toBe(false);
    await expect(bookDemo({ date, timeSlot: "10:00" })).rejects.toMatchObject({
      status: 400,
      message: "This time is no longer available: demos must be booked at least 168 hours ahead.",
    });
    // Back to the default: offered again, and the spec's own sentence for the default.
    expect((await put(token, {})).status).toBe(200);
    const again = await api("GET", `/api/calendar/available-slots?date=${date}`);
    expect(again.json.data.find((s: { time: string }) => s.time === "10:00").available).toBe(true);
    expect(BOOKING_MESSAGES.timeTooSoonFor(60)).toBe(BOOKING_MESSAGES.timeTooSoon);
    expect(BOOKING_MESSAGES.dateTooFarFor(60)).toBe(BOOKING_MESSAGES.dateTooFar);
  });

  it("buffers: the slots beside a meeting are neither offered nor booked, in parallel too", async () => {
    const { token } = await createAdmin({ role: "admin" });
    const date = weekday(3);
    await bookDemo({ date, timeSlot: "12:00" });
    expect((await put(token, { bufferBeforeMinutes: 15, bufferAfterMinutes: 0 })).status).toBe(200);
    const slots = await api("GET", `/api/calendar/available-slots?date=${date}`);
    const free = (time: string) => slots.json.data.find((s: { time: string }) => s.time === time).available;
    // 30 minutes + 15 of buffer: 11:30 and 12:30 are too close, 11:00 and 13:00 are not.
    expect([free("11:00"), free("11:30"), free("12:00"), free("12:30"), free("13:00")]).toEqual([
      true,
      false,
      false,
      false,
      true,
    ]);
    await expect(bookDemo({ date, timeSlot: "12:30" })).rejects.toMatchObject({
      status: 409,
      message: BOOKING_MESSAGES.slotTaken,
    });
    // 13:00 and 13:30 are each free now but too close to each other: of 10 bookings of both, one wins.
    const tries = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => bookDemo({ date, timeSlot: i % 2 ? "13:00" : "13:30" })),
    );
    expect(tries.filter((t) => t.status === "fulfilled")).toHaveLength(1);
    for (const t of tries) if (t.status === "rejected") expect(t.reason).toMatchObject({ status: 409 });
    const active = await db().select().from(meetings).where(eq(meetings.date, date)).all();
    expect(active.map((m) => m.timeSlot).sort()).toHaveLength(2);
  });

  it("the change cutoff: the visitor's cancel is refused inside the saved cutoff", async () => {
    const { token } = await createAdmin({ role: "admin" });
    const m = await bookDemo({ date: weekday(2), timeSlot: "12:00" });
    expect((await put(token, { changeCutoffMinutes: 180 })).status).toBe(200);
    const row = await requireMeeting(m.id);
    const late = new Date(row.startsAt.getTime() - 179 * 60_000);
    await expect(cancelByVisitor(row, { now: late })).rejects.toMatchObject({
      status: 409,
      message: MANAGE_MESSAGES.tooLate(180),
    });
    const early = new Date(row.startsAt.getTime() - 181 * 60_000);
    await expect(cancelByVisitor(row, { now: early })).resolves.toMatchObject({ status: "cancelled" });
  });
});
