import { and, between, eq, gte, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import type { Guard } from "~/db/guarded.server";
import { admins, companyClosures, hostBusy, hostOverrides, meetings, schedulingHosts } from "~/db/schema";
import { config } from "~/lib/config.server";
import { MINUTE } from "~/lib/durations";
import { AppError } from "~/lib/errors";
import {
  addDays,
  BOOKING,
  type BookingRules,
  clearanceMinutes,
  dateProblem,
  dayOfWeek,
  lastBookableDate,
  slotStart,
  startsFarEnoughAhead,
  timeProblem,
  todayIn,
  tooSoonMessage,
} from "./availability";
import { takesDemosByDefault } from "./hosts.server";
import {
  busyMargins,
  type EngineHost,
  type EngineInput,
  hostBookingDays,
  hostSlotsForDate,
  houseHost,
} from "./hosts-engine";
import { getSchedulingSettings } from "./scheduling-settings.server";

/** Meetings in these statuses hold their slot (the partial UNIQUE index says the same). */
export const ACTIVE_MEETING_STATUSES = ["scheduled", "confirmed"] as const;

export function bookingRules(): BookingRules {
  const settings = config();
  return {
    timeZone: settings.BUSINESS_TIMEZONE,
    workStart: settings.WORKING_HOURS_START,
    workEnd: settings.WORKING_HOURS_END,
  };
}

/**
 * The booking rules with the team's scheduling settings (decision 078), read fresh for each
 * request that offers, books or moves a slot: a change holds for the very next slot list.
 */
export async function schedulingRules(): Promise<BookingRules> {
  const settings = await getSchedulingSettings();
  return {
    ...bookingRules(),
    leadMinutes: settings.minimumNoticeMinutes,
    windowDays: settings.windowDays,
    bufferBeforeMinutes: settings.bufferBeforeMinutes,
    bufferAfterMinutes: settings.bufferAfterMinutes,
  };
}

/**
 * The guards a booking or a move commits under for host `hostId` ("" = the house calendar): no
 * other active meeting of that host (or of the house calendar, which holds a slot for everyone)
 * starts within the clearance — the engine's rule, said in SQL — and the host is under their daily
 * cap that date. Racing bookings of one host and slot are also stopped by the partial UNIQUE index.
 */
export function slotGuards(
  rules: BookingRules,
  slot: { startsAt: Date; date: string; hostId: string; dailyCap: number | null },
  ownId: string,
): Guard[] {
  const ms = clearanceMinutes(rules) * MINUTE;
  const start = slot.startsAt.getTime();
  const active = sql`${meetings.status} IN ('scheduled', 'confirmed') AND ${meetings.id} <> ${ownId}`;
  const guards: Guard[] = [
    {
      name: "the host is free then",
      holds: sql`NOT EXISTS (SELECT 1 FROM ${meetings} WHERE ${active} AND (${meetings.hostId} = ${slot.hostId} OR ${meetings.hostId} = '' OR ${slot.hostId} = '') AND ${meetings.startsAt} > ${start - ms} AND ${meetings.startsAt} < ${start + ms})`,
    },
  ];
  if (slot.hostId !== "") {
    // Busy in their own calendar (decision 086): the meeting with its buffers overlaps a busy time.
    const margins = busyMargins(rules);
    const from = start - margins.before;
    const to = start + BOOKING.meetingMinutes * MINUTE + margins.after;
    guards.push({
      name: "the host is not busy in their own calendar then",
      holds: sql`NOT EXISTS (SELECT 1 FROM ${hostBusy} WHERE ${hostBusy.memberId} = ${slot.hostId} AND ${hostBusy.startsAt} < ${to} AND ${hostBusy.endsAt} > ${from})`,
    });
  }
  if (slot.dailyCap !== null && slot.hostId !== "") {
    guards.push({
      name: "the host is under their daily cap",
      holds: sql`(SELECT count(*) FROM ${meetings} WHERE ${active} AND ${meetings.hostId} = ${slot.hostId} AND ${meetings.date} = ${slot.date}) < ${slot.dailyCap}`,
    });
  }
  return guards;
}

/**
 * Everything the engine needs for business dates `from`…`to`, read fresh in one batch (the
 * isolate keeps none of it: a change to hours, closures, rules or meetings holds for the very next
 * slot list; decision 076): the hosts who take demos with their overrides around those dates, the
 * closures over them and their active meetings.
 */
export async function availabilityInput(from: string, to: string, rules: BookingRules): Promise<EngineInput> {
  const client = db();
  // A host's own dates may be a day off the business's.
  const [lo, hi] = [addDays(from, -1), addDays(to, 1)];
  const [members, overrides, closures, held, busy] = await client.batch([
    client
      .select({
        id: admins.id,
        email: admins.email,
        role: admins.role,
        hosting: schedulingHosts.memberId,
        takesDemos: schedulingHosts.takesDemos,
        timeZone: schedulingHosts.timeZone,
        weeklyHours: schedulingHosts.weeklyHours,
        dailyCap: schedulingHosts.dailyCap,
      })
      .from(admins)
      .leftJoin(schedulingHosts, eq(schedulingHosts.memberId, admins.id))
      .where(and(eq(admins.status, "active"), isNotNull(admins.role))),
    client
      .select()
      .from(hostOverrides)
      .where(and(gte(hostOverrides.toDate, lo), lte(hostOverrides.fromDate, hi))),
    client
      .select({ from: companyClosures.fromDate, to: companyClosures.toDate })
      .from(companyClosures)
      .where(and(gte(companyClosures.toDate, from), lte(companyClosures.fromDate, to))),
    client
      .select({
        id: meetings.id,
        date: meetings.date,
        time: meetings.timeSlot,
        hostId: meetings.hostId,
        startsAt: meetings.startsAt,
      })
      .from(meetings)
      .where(and(inArray(meetings.status, [...ACTIVE_MEETING_STATUSES]), between(meetings.date, from, to))),
    // Busy times of the hosts' own calendars around those dates (a day either side covers every zone).
    client
      .select({ hostId: hostBusy.memberId, start: hostBusy.startsAt, end: hostBusy.endsAt })
      .from(hostBusy)
      .where(
        and(
          lte(hostBusy.startsAt, new Date(Date.parse(`${hi}T23:59:59Z`) + 86_400_000)),
          gte(hostBusy.endsAt, new Date(Date.parse(`${lo}T00:00:00Z`) - 86_400_000)),
        ),
      ),
  ]);
  const house = houseHost(rules);
  const hosts: EngineHost[] = members
    .filter((m) => (m.hosting ? m.takesDemos : takesDemosByDefault(m.role)))
    .map((m) => ({
      id: m.id,
      timeZone: m.hosting ? (m.timeZone ?? rules.timeZone) : rules.timeZone,
      weekly: m.hosting ? (m.weeklyHours ?? []) : house.weekly,
      overrides: overrides
        .filter((o) => o.memberId === m.id)
        .map((o) => ({ from: o.fromDate, to: o.toDate, hours: o.hours ?? null })),
      dailyCap: m.hosting ? (m.dailyCap ?? null) : null,
      email: m.email,
    }));
  return {
    rules,
    hosts,
    closures,
    meetings: held.map((row) => ({ ...row, startsAt: row.startsAt.getTime() })),
    busy: busy.map((b) => ({ hostId: b.hostId, start: b.start.getTime(), end: b.end.getTime() })),
  };
}

/** A date a visitor may book, or a 400 that says why not. */
export function assertBookableDate(date: string, rules: BookingRules, now: Date) {
  const problem = dateProblem(date, rules, now);
  if (problem) throw new AppError(400, problem, { details: [{ field: "date", message: problem }] });
}

/**
 * The start of a slot a visitor may book (a new booking or a move): a bookable date, a time on
 * the grid and far enough ahead, or a 400 on the field that is wrong.
 */
export function assertBookableSlot(slot: { date: string; timeSlot: string }, rules: BookingRules, now: Date): Date {
  assertBookableDate(slot.date, rules, now);
  const problem = timeProblem(slot.timeSlot, rules);
  if (problem) throw new AppError(400, problem, { details: [{ field: "timeSlot", message: problem }] });
  const startsAt = slotStart(slot.date, slot.timeSlot, rules.timeZone);
  if (!startsFarEnoughAhead(startsAt, now, rules)) {
    const message = tooSoonMessage(rules);
    throw new AppError(400, message, { details: [{ field: "timeSlot", message }] });
  }
  return startsAt;
}

/** The slots of one date (spec §3 "Available slot"). */
export async function availableSlots(date: string, now = new Date()) {
  const rules = await schedulingRules();
  assertBookableDate(date, rules, now);
  return hostSlotsForDate(await availabilityInput(date, date, rules), date, now);
}

/** The bookable weekdays from today through today + `days`, with their free slot counts. */
export async function availableDays(days: number = BOOKING.availableDaysDefault, now = new Date()) {
  const rules = await schedulingRules();
  const today = todayIn(rules.timeZone, now);
  const last = addDays(today, Math.min(days, rules.windowDays ?? BOOKING.windowDays));
  return hostBookingDays(await availabilityInput(today, last, rules), now, days);
}

/** Everything the booking page needs for the whole window in one query. */
export async function bookingWindow(now = new Date()) {
  const rules = await schedulingRules();
  const today = todayIn(rules.timeZone, now);
  const last = lastBookableDate(rules, now);
  return { rules, today, last, input: await availabilityInput(today, last, rules) };
}

/**
 * Round-robin (issue 27 item 4, decision 076): of the free hosts, the one with the fewest demos in
 * the week of the slot (business dates, Monday to Sunday; cancelled ones do not count) first; ties
 * go to the one assigned least recently (never assigned first). One grouped query.
 */
export async function roundRobinOrder(free: readonly string[], date: string): Promise<string[]> {
  if (free.length <= 1) return [...free];
  const monday = addDays(date, -((dayOfWeek(date) + 6) % 7));
  const sunday = addDays(monday, 6);
  const rows = await db()
    .select({
      hostId: meetings.hostId,
      week: sql<number>`sum(CASE WHEN ${meetings.date} BETWEEN ${monday} AND ${sunday} AND ${meetings.status} <> 'cancelled' THEN 1 ELSE 0 END)`,
      last: sql<number>`max(${meetings.createdAt})`,
    })
    .from(meetings)
    .where(inArray(meetings.hostId, [...free]))
    .groupBy(meetings.hostId)
    .all();
  const stats = new Map(rows.map((r) => [r.hostId, { week: Number(r.week ?? 0), last: Number(r.last ?? 0) }]));
  const of = (id: string) => stats.get(id) ?? { week: 0, last: 0 };
  return [...free].sort((a, b) => of(a).week - of(b).week || of(a).last - of(b).last || a.localeCompare(b));
}

/** A host's email as read with the engine's input (null for the house calendar). */
export const hostEmailOf = (input: EngineInput, hostId: string) =>
  input.hosts.find((h) => h.id === hostId)?.email ?? null;

/** The email of a meeting's host, read now (null for the house calendar or a removed member). */
export async function hostEmail(hostId: string): Promise<string | null> {
  if (!hostId) return null;
  const row = await db().select({ email: admins.email }).from(admins).where(eq(admins.id, hostId)).get();
  return row?.email ?? null;
}

/** A host's daily cap as the engine read it (the guard checks it again at commit). */
export const dailyCapOf = (input: EngineInput, hostId: string) =>
  input.hosts.find((h) => h.id === hostId)?.dailyCap ?? null;
