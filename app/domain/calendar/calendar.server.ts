import { env } from "cloudflare:workers";
import { and, between, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { meetings } from "~/db/schema";
import { config } from "~/lib/config.server";
import { AppError } from "~/lib/errors";
import {
  addDays,
  BOOKING,
  type BookingRules,
  bookingDays,
  dateProblem,
  lastBookableDate,
  slotsForDate,
  todayIn,
} from "./availability";

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
 * Held slots of one date, shared for a moment within the isolate: the slot list is the
 * busiest read (every visitor, every date click) and one D1 round trip costs more than the
 * rest of the request. A slot shown free that was taken in the last second elsewhere is
 * harmless: the booking itself is decided by the UNIQUE index and answers 409. Writes in this
 * isolate forget the date at once. Concurrent misses share one query.
 */
const HELD_TTL = 1_000; // 1 second
type HeldCache = Map<string, { until: number; times: Promise<Set<string>> }>;
/** One cache per database binding (tests get a fresh database per file). */
const heldCaches = new WeakMap<object, HeldCache>();

function heldCacheFor(): HeldCache {
  let cache = heldCaches.get(env.DB);
  if (!cache) {
    cache = new Map();
    heldCaches.set(env.DB, cache);
  }
  return cache;
}

export function heldSlotsOn(date: string, nowMs = Date.now()): Promise<Set<string>> {
  const heldCache = heldCacheFor();
  const cached = heldCache.get(date);
  if (cached && cached.until > nowMs) return cached.times;
  const times = takenSlots(date, date).then((byDate) => byDate.get(date) ?? new Set<string>());
  heldCache.set(date, { until: nowMs + HELD_TTL, times });
  times.catch(() => heldCache.delete(date));
  if (heldCache.size > 100) {
    for (const [key, entry] of heldCache) if (entry.until <= nowMs) heldCache.delete(key);
  }
  return times;
}

/** Called after any change to a date's meetings in this isolate. */
export function forgetHeldSlots(date: string) {
  heldCacheFor().delete(date);
}

/** A date a visitor may book, or a 400 that says why not. */
export function assertBookableDate(date: string, rules: BookingRules, now: Date) {
  const problem = dateProblem(date, rules, now);
  if (problem) throw new AppError(400, problem, { details: [{ field: "date", message: problem }] });
}

/** The slots of one date (spec §3 "Available slot"). */
export async function availableSlots(date: string, now = new Date()) {
  const rules = bookingRules();
  assertBookableDate(date, rules, now);
  return slotsForDate(date, rules, now, await heldSlotsOn(date, now.getTime()));
}

/** The bookable weekdays from today through today + `days`, with their free slot counts. */
export async function availableDays(days: number = BOOKING.availableDaysDefault, now = new Date()) {
  const rules = bookingRules();
  const today = todayIn(rules.timeZone, now);
  const last = addDays(today, Math.min(days, BOOKING.windowDays));
  const taken = await takenSlots(today, last);
  return bookingDays(rules, now, days, taken);
}

/** Everything the booking page needs for the whole window in one query. */
export async function bookingWindow(now = new Date()) {
  const rules = bookingRules();
  const today = todayIn(rules.timeZone, now);
  const last = lastBookableDate(rules, now);
  const taken = await takenSlots(today, last);
  return { rules, today, last, taken };
}
