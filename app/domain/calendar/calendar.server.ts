import { env } from "cloudflare:workers";
import { and, between, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import type { Guard } from "~/db/guarded.server";
import { meetings } from "~/db/schema";
import { config } from "~/lib/config.server";
import { AppError } from "~/lib/errors";
import {
  addDays,
  BOOKING,
  type BookingRules,
  bookingDays,
  clearanceMinutes,
  dateProblem,
  lastBookableDate,
  slotsForDate,
  todayIn,
} from "./availability";
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
 * With buffers, the guard a booking or a move commits under: no other active meeting starts
 * within the clearance of this one (the engine's `slotClear`, said in SQL). Without buffers the
 * partial UNIQUE index alone decides, as before.
 */
export function bufferGuards(rules: BookingRules, startsAt: Date, ownId: string): Guard[] {
  const clearance = clearanceMinutes(rules);
  if (clearance <= BOOKING.slotMinutes) return [];
  const ms = clearance * 60_000;
  const start = startsAt.getTime();
  return [
    {
      name: "no meeting within the buffers",
      holds: sql`NOT EXISTS (SELECT 1 FROM ${meetings} WHERE ${meetings.status} IN ('scheduled', 'confirmed') AND ${meetings.id} <> ${ownId} AND ${meetings.startsAt} > ${start - ms} AND ${meetings.startsAt} < ${start + ms})`,
    },
  ];
}

/** Held slots between two dates (inclusive), by date. One indexed query. */
export async function takenSlots(from: string, to: string): Promise<Map<string, Set<string>>> {
  const rows = await db()
    .select({ date: meetings.date, time: meetings.timeSlot })
    .from(meetings)
    .where(and(inArray(meetings.status, [...ACTIVE_MEETING_STATUSES]), between(meetings.date, from, to)))
    .all();
  const byDate = new Map<string, Set<string>>();
  for (const row of rows) {
    const set = byDate.get(row.date) ?? new Set<string>();
    set.add(row.time);
    byDate.set(row.date, set);
  }
  return byDate;
}

/**
 * Held slots of one date, kept for a moment within the isolate: the slot list is the busiest
 * read (every visitor, every date click) and its D1 round trip costs more than the rest of the
 * request. A slot shown free that was taken in the last second elsewhere is harmless: the
 * booking itself is decided by the UNIQUE index and answers 409.
 *
 * Only the answer is kept, a plain Set, once its query has finished: a Worker may not use
 * another request's I/O, and a query's promise is that I/O (a second request awaiting it got
 * "Cannot perform I/O on behalf of a different request", decision 037). So requests that miss
 * at the same moment each ask D1. A write in this isolate forgets the date, and an answer whose
 * query started before any such write is not kept.
 */
const HELD_TTL = 1_000; // 1 second
const HELD_DATES = 100;
type HeldCache = { writes: number; dates: Map<string, { until: number; times: ReadonlySet<string> }> };
/** One cache per database binding (tests get a fresh database per file). */
const heldCaches = new WeakMap<object, HeldCache>();

function heldCacheFor(): HeldCache {
  let cache = heldCaches.get(env.DB);
  if (!cache) {
    cache = { writes: 0, dates: new Map() };
    heldCaches.set(env.DB, cache);
  }
  return cache;
}

export async function heldSlotsOn(date: string, nowMs = Date.now()): Promise<ReadonlySet<string>> {
  const cache = heldCacheFor();
  const kept = cache.dates.get(date);
  if (kept && kept.until > nowMs) return kept.times;
  const writes = cache.writes;
  const times: ReadonlySet<string> = (await takenSlots(date, date)).get(date) ?? new Set<string>();
  if (cache.writes === writes) {
    if (cache.dates.size >= HELD_DATES) {
      for (const [key, entry] of cache.dates) if (entry.until <= nowMs) cache.dates.delete(key);
      if (cache.dates.size >= HELD_DATES) cache.dates.clear();
    }
    cache.dates.set(date, { until: nowMs + HELD_TTL, times });
  }
  return times;
}

/** Called after any change to a date's meetings in this isolate. */
export function forgetHeldSlots(date: string) {
  const cache = heldCacheFor();
  cache.writes++;
  cache.dates.delete(date);
}

/** A date a visitor may book, or a 400 that says why not. */
export function assertBookableDate(date: string, rules: BookingRules, now: Date) {
  const problem = dateProblem(date, rules, now);
  if (problem) throw new AppError(400, problem, { details: [{ field: "date", message: problem }] });
}

/** The slots of one date (spec §3 "Available slot"). */
export async function availableSlots(date: string, now = new Date()) {
  const [rules, held] = await Promise.all([schedulingRules(), heldSlotsOn(date, now.getTime())]);
  assertBookableDate(date, rules, now);
  return slotsForDate(date, rules, now, held);
}

/** The bookable weekdays from today through today + `days`, with their free slot counts. */
export async function availableDays(days: number = BOOKING.availableDaysDefault, now = new Date()) {
  const rules = await schedulingRules();
  const today = todayIn(rules.timeZone, now);
  const last = addDays(today, Math.min(days, rules.windowDays ?? BOOKING.windowDays));
  const taken = await takenSlots(today, last);
  return bookingDays(rules, now, days, taken);
}

/** Everything the booking page needs for the whole window in one query. */
export async function bookingWindow(now = new Date()) {
  const rules = await schedulingRules();
  const today = todayIn(rules.timeZone, now);
  const last = lastBookableDate(rules, now);
  const taken = await takenSlots(today, last);
  return { rules, today, last, taken };
}
