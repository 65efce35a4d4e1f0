import { TZDate, tzOffset } from "@date-fns/tz";
import { DAY, MINUTE } from "~/lib/durations";

/**
 * The availability engine: pure functions of (rules, now, taken slots). No I/O, so the
 * server, the `/api` adapter, the page and the tests all share one definition of a
 * bookable slot. Dates are `yyyy-MM-dd` and times `HH:mm`, both in the business timezone.
 */

/** Spec §9: demo length, time steps, booking window, available-days default. */
export const BOOKING = {
  meetingMinutes: 30,
  slotMinutes: 30,
  /** Today through today + 60 days (inclusive). */
  windowDays: 60,
  /** A slot starting sooner than this is not offered. */
  leadMinutes: 60,
  availableDaysDefault: 30,
} as const;

export type BookingRules = {
  /** IANA name of the business timezone, e.g. Asia/Kolkata. */
  timeZone: string;
  /** First slot start, `HH:mm`. */
  workStart: string;
  /** End of the working day, `HH:mm`: the last slot ends here. */
  workEnd: string;
  /**
   * The rules the team edits (Settings → Scheduling, decision 078); absent = today's defaults
   * in BOOKING, so pure callers and tests that only name the hours keep the spec's values.
   */
  leadMinutes?: number;
  windowDays?: number;
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
};

const windowOf = (rules: BookingRules) => rules.windowDays ?? BOOKING.windowDays;
const leadOf = (rules: BookingRules) => rules.leadMinutes ?? BOOKING.leadMinutes;
/**
 * How far apart two meetings' starts must be: the earlier one's length and buffer after plus the
 * later one's buffer before. With no buffers, only the same start clashes (the 30-minute grid).
 */
export const clearanceMinutes = (rules: BookingRules) =>
  BOOKING.meetingMinutes + (rules.bufferBeforeMinutes ?? 0) + (rules.bufferAfterMinutes ?? 0);

export type Slot = {
  /** `HH:mm` in the business timezone. */
  time: string;
  available: boolean;
  /** The slot's start as an ISO instant (UTC), for showing it in another timezone. */
  startsAt: string;
};

export type BookingDay = { date: string; available: boolean; availableSlots: number };

export const BOOKING_MESSAGES = {
  dateMalformed: "Date must be a real date in the format yyyy-MM-dd.",
  datePast: "Date cannot be in the past.",
  dateWeekend: "Demos can only be booked on weekdays (Monday to Friday).",
  dateTooFar: `Date must be within the next ${BOOKING.windowDays} days.`,
  timeMalformed: "Time slot must be a time like 10:30.",
  timeOffGrid: `Time slot must start on the hour or half hour (every ${BOOKING.slotMinutes} minutes).`,
  timeOutsideHours: (first: string, last: string) => `Time slot must be between ${first} and ${last}.`,
  timeTooSoon: "This time is no longer available: demos must be booked at least 1 hour ahead.",
  /** The window and the notice as the team set them; today's defaults read as the spec's sentences. */
  dateTooFarFor: (days: number) => `Date must be within the next ${days} days.`,
  timeTooSoonFor: (minutes: number) =>
    `This time is no longer available: demos must be booked at least ${noticeLabel(minutes)} ahead.`,
  slotTaken: "Sorry, this time slot was just booked by someone else. Please choose another time.",
} as const;

function noticeLabel(minutes: number): string {
  if (minutes === 60) return "1 hour";
  if (minutes % 60 === 0) return `${minutes / 60} hours`;
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

// ---------------------------------------------------------------- calendar dates

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * Calendar dates carry no timezone, so they are whole days since 1970-01-01 (UTC midnight) and
 * their arithmetic is integer arithmetic on the built-in UTC calendar: no runtime zone can move
 * one across midnight. The slot engine below runs through every day of the 60-day window per
 * request, and date-fns' parse/format cost 10–80 µs a call there (decision 038); the answers
 * are the same (a property test holds them to the date-fns engine of decision 024). What the
 * public demo pages run in the browser (inTimeZone, formatTime12h, the labels in month.ts)
 * stays small for the same reason.
 */
const pad = (n: number) => String(n).padStart(2, "0");

/** Days since 1970-01-01 of a real `yyyy-MM-dd` date, or null for anything else. */
export function epochDay(date: string): number | null {
  const m = DATE_RE.exec(date);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return null;
  // setUTCFullYear, unlike Date.UTC, reads years 0–99 as they are.
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  // A day past the month's end rolls into the next month: not a real date.
  return at.getUTCDate() === day ? Math.round(at.getTime() / DAY) : null;
}

export const isRealDate = (date: string) => epochDay(date) !== null;

function realDay(date: string): number {
  const day = epochDay(date);
  if (day === null) throw new Error(`not a date: ${date}`);
  return day;
}

export function dateFromEpochDay(day: number): string {
  const at = new Date(day * DAY);
  return `${String(at.getUTCFullYear()).padStart(4, "0")}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
}

export const addDays = (date: string, days: number): string => dateFromEpochDay(realDay(date) + days);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => realDay(to) - realDay(from);

/** 0 = Sunday … 6 = Saturday, of an epoch day (1 January 1970 was a Thursday). */
const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;
const isWeekendDay = (day: number) => {
  const weekday = weekdayOf(day);
  return weekday === 0 || weekday === 6;
};

/** 0 = Sunday … 6 = Saturday, for a calendar date (no timezone involved). */
export const dayOfWeek = (date: string): number => weekdayOf(realDay(date));

export const isWeekend = (date: string) => isWeekendDay(realDay(date));

/** The epoch day it is at `now` in a timezone (its UTC offset there, by @date-fns/tz). */
const todayDayIn = (timeZone: string, now: Date, zones?: Zones) =>
  Math.floor((now.getTime() + offsetAt(timeZone, now.getTime(), zones)) / DAY);

/** Today's date in a timezone. */
export const todayIn = (timeZone: string, now: Date): string => dateFromEpochDay(todayDayIn(timeZone, now));

export const lastBookableDate = (rules: BookingRules, now: Date) =>
  dateFromEpochDay(todayDayIn(rules.timeZone, now) + windowOf(rules));

// ---------------------------------------------------------------- times

/** Minutes after midnight of `HH:mm`, or null. */
export function minutesOf(time: string): number | null {
  const m = TIME_RE.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export const timeOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** Minutes after midnight of every slot start: from workStart, each 30 minutes, ending by workEnd. */
function slotMinutes(rules: BookingRules): number[] {
  const start = minutesOf(rules.workStart) ?? 0;
  const end = minutesOf(rules.workEnd) ?? 0;
  const starts: number[] = [];
  for (let t = start; t + BOOKING.meetingMinutes <= end; t += BOOKING.slotMinutes) starts.push(t);
  return starts;
}

/** Every slot start of a working day: from workStart, each 30 minutes, ending by workEnd. */
export const slotTimes = (rules: BookingRules): string[] => slotMinutes(rules).map(timeOf);

/** A timezone's UTC offset at an instant, in milliseconds (@date-fns/tz reads it from Intl). */
function intlOffset(timeZone: string, ms: number): number {
  const minutes = tzOffset(timeZone, new Date(ms));
  if (Number.isNaN(minutes)) throw new RangeError(`not a timezone: ${timeZone}`);
  return minutes * MINUTE;
}

/**
 * A zone's UTC offsets over a span of instants, read from Intl once (issue 27 item 1): `offsets[k]`
 * holds from `changes[k]` (`changes[0]` is the span's start) until the next change. Plain numbers
 * made per request, never kept in the isolate. An Intl read costs ~1 µs, and the engine asks for
 * the offset of every host's zone on every day of the window: 10 hosts × 60 days made the
 * available days 3.5× the single calendar's time (bench:api).
 */
export type ZoneOffsets = { from: number; to: number; changes: number[]; offsets: number[] };
/** The offset tables of a request, by zone name. */
export type Zones = ReadonlyMap<string, ZoneOffsets>;

/**
 * The offsets of `timeZone` from `from` to `to` (ms): read at each UTC midnight between them
 * (no zone changes its offset twice within a day), and where two readings differ the change is
 * found to the minute by halving (zones change on whole minutes).
 */
export function zoneOffsets(timeZone: string, from: number, to: number): ZoneOffsets {
  const start = Math.floor(from / DAY) * DAY;
  const changes = [start];
  const offsets = [intlOffset(timeZone, start)];
  for (let at = start + DAY; at < to + DAY; at += DAY) {
    const offset = intlOffset(timeZone, at);
    if (offset === offsets.at(-1)) continue;
    let [lo, hi] = [at - DAY, at]; // offset changes after lo, by hi
    while (hi - lo > MINUTE) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
      if (intlOffset(timeZone, mid) === offsets.at(-1)) lo = mid;
      else hi = mid;
    }
    changes.push(hi);
    offsets.push(offset);
  }
  return { from: start, to: start + Math.ceil((to - start) / DAY) * DAY, changes, offsets };
}

/** The offset tables of `zones` (the duplicates read once) over epoch days `fromDay`…`toDay` and a day either side. */
export function zonesOver(zones: Iterable<string>, fromDay: number, toDay: number): Zones {
  const out = new Map<string, ZoneOffsets>();
  for (const zone of zones)
    if (!out.has(zone)) out.set(zone, zoneOffsets(zone, (fromDay - 1) * DAY, (toDay + 2) * DAY));
  return out;
}

/** A zone's offset at an instant: from the request's table when it covers the instant, else Intl. */
function offsetAt(timeZone: string, ms: number, zones?: Zones): number {
  const table = zones?.get(timeZone);
  if (!table || ms < table.from || ms > table.to) return intlOffset(timeZone, ms);
  const { changes, offsets } = table;
  let k = changes.length - 1;
  while (k > 0 && changes[k]! > ms) k--;
  return offsets[k]!;
}

/**
 * The instant (ms) of the wall-clock time `minutes` after midnight of epoch day `day` in
 * `timeZone`. A time the zone skips (clocks go forward) lands after the gap, as JavaScript's
 * own Date does; a time it repeats (clocks go back) is its first occurrence, as RFC 5545 reads
 * a local time.
 */
function zonedInstant(day: number, minutes: number, timeZone: string, zones?: Zones): number {
  const wall = day * DAY + minutes * MINUTE;
  // Offsets differ by at most 26 hours, so a day either side brackets the real instant.
  const before = offsetAt(timeZone, wall - DAY, zones);
  const after = offsetAt(timeZone, wall + DAY, zones);
  if (before === after) return wall - before;
  const first = wall - before;
  if (offsetAt(timeZone, first, zones) === before) return first;
  const second = wall - after;
  if (offsetAt(timeZone, second, zones) === after) return second;
  return first; // skipped: the offset before the change moves it past the gap
}

/**
 * The start instants (ms) of a day's slots. The zone's offset is read once for the day: only
 * a day next to a change of the zone's offset (a DST day) converts each slot on its own.
 */
function slotStartsOn(day: number, starts: readonly number[], timeZone: string, zones?: Zones): number[] {
  const midnight = day * DAY;
  const before = offsetAt(timeZone, midnight - DAY, zones);
  if (before === offsetAt(timeZone, midnight + 2 * DAY, zones)) {
    return starts.map((minutes) => midnight + minutes * MINUTE - before);
  }
  return starts.map((minutes) => zonedInstant(day, minutes, timeZone, zones));
}

/** The start instants (ms) of the business day `day`'s slots under the rules. */
export const slotStartsFor = (day: number, rules: BookingRules, zones?: Zones): number[] =>
  slotStartsOn(day, slotMinutes(rules), rules.timeZone, zones);

/**
 * Each instant as a wall-clock epoch day and minute of the day in `timeZone` (a host's own). The
 * offset is read once when it is the same at the first and last instant, else per instant.
 */
export function localDayMinutes(
  starts: readonly number[],
  timeZone: string,
  zones?: Zones,
): { day: number; minute: number }[] {
  if (starts.length === 0) return [];
  const first = offsetAt(timeZone, starts[0]!, zones);
  const same = first === offsetAt(timeZone, starts.at(-1)!, zones);
  return starts.map((ms) => {
    const wall = ms + (same ? first : offsetAt(timeZone, ms, zones));
    const day = Math.floor(wall / DAY);
    return { day, minute: Math.round((wall - day * DAY) / MINUTE) };
  });
}

/** The instant a slot starts: the wall-clock time `time` on `date` in `timeZone`. */
export function slotStart(date: string, time: string, timeZone: string): Date {
  const day = epochDay(date);
  const minutes = minutesOf(time);
  if (day === null || minutes === null) throw new Error(`not a slot: ${date} ${time}`);
  return new Date(zonedInstant(day, minutes, timeZone));
}

export const slotEnd = (start: Date) => new Date(start.getTime() + BOOKING.meetingMinutes * MINUTE);

/**
 * `HH:mm` from `HH:mm` or a 12-hour label like "2:30 PM" (the original client sent labels).
 * Anything else is returned unchanged, for the validator to refuse.
 */
export function normalizeTime(value: string): string {
  const trimmed = value.trim();
  const m = /^(\d{1,2}):(\d{2})\s*([AaPp])\.?[Mm]\.?$/.exec(trimmed);
  if (!m) return /^\d:\d{2}$/.test(trimmed) ? `0${trimmed}` : trimmed;
  const hour = Number(m[1]);
  if (hour < 1 || hour > 12) return trimmed;
  const h24 = (hour % 12) + (m[3]!.toLowerCase() === "p" ? 12 : 0);
  return `${pad(h24)}:${m[2]}`;
}

/** "9:00 AM" for `09:00`. */
export function formatTime12h(time: string): string {
  const minutes = minutesOf(time) ?? 0;
  const h = Math.floor(minutes / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(minutes % 60)} ${h < 12 ? "AM" : "PM"}`;
}

// ---------------------------------------------------------------- rules

/** Why epoch day `day` cannot be booked when today (in the business timezone) is `today`. */
function dayProblem(day: number, today: number, rules: BookingRules): string | null {
  const ahead = day - today;
  if (ahead < 0) return BOOKING_MESSAGES.datePast;
  if (ahead > windowOf(rules)) return BOOKING_MESSAGES.dateTooFarFor(windowOf(rules));
  if (isWeekendDay(day)) return BOOKING_MESSAGES.dateWeekend;
  return null;
}

/** Why a date cannot be booked, or null when it can. */
export function dateProblem(date: string, rules: BookingRules, now: Date): string | null {
  const day = epochDay(date);
  if (day === null) return BOOKING_MESSAGES.dateMalformed;
  return dayProblem(day, todayDayIn(rules.timeZone, now), rules);
}

/** Why a time is not a slot of the working day, or null when it is (ignores the clock). */
export function timeProblem(time: string, rules: BookingRules): string | null {
  const minutes = minutesOf(time);
  if (minutes === null) return BOOKING_MESSAGES.timeMalformed;
  const times = slotTimes(rules);
  const first = minutesOf(times[0] ?? rules.workStart) ?? 0;
  const last = minutesOf(times.at(-1) ?? rules.workStart) ?? 0;
  if (minutes < first || minutes > last) {
    return BOOKING_MESSAGES.timeOutsideHours(times[0] ?? rules.workStart, times.at(-1) ?? rules.workStart);
  }
  if ((minutes - first) % BOOKING.slotMinutes !== 0) return BOOKING_MESSAGES.timeOffGrid;
  return null;
}

/** Whether a slot starts far enough ahead to be offered (the minimum notice). */
export const startsFarEnoughAhead = (start: Date, now: Date, rules?: BookingRules) =>
  start.getTime() >= now.getTime() + (rules ? leadOf(rules) : BOOKING.leadMinutes) * MINUTE;

/** The answer to a slot inside the minimum notice, in the rules' words. */
export const tooSoonMessage = (rules: BookingRules) => BOOKING_MESSAGES.timeTooSoonFor(leadOf(rules));

/**
 * Whether a meeting at `minutes` after midnight clashes with a held one, buffers included. Held
 * times are of the same date: working days end before midnight, so buffers never reach the next.
 */
function clashes(minutes: number, time: string, held: ReadonlySet<string> | undefined, clearance: number): boolean {
  if (!held || held.size === 0) return false;
  if (held.has(time)) return true;
  if (clearance <= BOOKING.slotMinutes) return false;
  for (const heldTime of held) {
    const other = minutesOf(heldTime);
    if (other !== null && Math.abs(other - minutes) < clearance) return true;
  }
  return false;
}

/** Whether `time` on a date with these held times is free under the rules' buffers. */
export const slotClear = (time: string, held: ReadonlySet<string> | undefined, rules: BookingRules) =>
  !clashes(minutesOf(time) ?? -1, time, held, clearanceMinutes(rules));

/**
 * The slots of one bookable date with their availability: a slot is unavailable when it
 * starts less than an hour from `now` or is held by a scheduled or confirmed meeting.
 * Callers check `dateProblem` first; a date outside the rules has no slots.
 */
export function slotsForDate(
  date: string,
  rules: BookingRules,
  now: Date,
  taken: ReadonlySet<string>,
  zones?: Zones,
): Slot[] {
  const day = epochDay(date);
  if (day === null || dayProblem(day, todayDayIn(rules.timeZone, now, zones), rules)) return [];
  const minutes = slotMinutes(rules);
  const earliest = now.getTime() + leadOf(rules) * MINUTE;
  const clearance = clearanceMinutes(rules);
  const starts = slotStartsOn(day, minutes, rules.timeZone, zones);
  return minutes.map((m, i) => {
    const time = timeOf(m);
    const start = starts[i]!;
    return {
      time,
      available: start >= earliest && !clashes(m, time, taken, clearance),
      startsAt: new Date(start).toISOString(),
    };
  });
}

/**
 * The weekdays from today through today + `days` (capped at the booking window), each
 * with how many slots are still free.
 */
export function bookingDays(
  rules: BookingRules,
  now: Date,
  days: number,
  takenByDate: ReadonlyMap<string, ReadonlySet<string>>,
  zones?: Zones,
): BookingDay[] {
  const today = todayDayIn(rules.timeZone, now, zones);
  const span = Math.min(Math.max(days, 0), windowOf(rules));
  const minutes = slotMinutes(rules);
  const times = minutes.map(timeOf);
  const earliest = now.getTime() + leadOf(rules) * MINUTE;
  const clearance = clearanceMinutes(rules);
  const result: BookingDay[] = [];
  for (let day = today; day <= today + span; day++) {
    if (isWeekendDay(day)) continue;
    const date = dateFromEpochDay(day);
    const taken = takenByDate.get(date);
    const starts = slotStartsOn(day, minutes, rules.timeZone, zones);
    let free = 0;
    for (const [i, start] of starts.entries())
      if (start >= earliest && !clashes(minutes[i]!, times[i]!, taken, clearance)) free++;
    result.push({ date, available: free > 0, availableSlots: free });
  }
  return result;
}

// ---------------------------------------------------------------- showing times elsewhere

export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * One formatter per timezone: building an Intl.DateTimeFormat costs far more than using one,
 * and lists format an instant per row (decision 035). A visitor's timezone can get here too
 * (spelled in any letter case), so it holds at most ZONE_FORMATS and starts over when full.
 */
const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();
const ZONE_FORMATS = 100;
function zoneNameFormat(timeZone: string) {
  let format = zoneNameFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" });
    if (zoneNameFormats.size >= ZONE_FORMATS) zoneNameFormats.clear();
    zoneNameFormats.set(timeZone, format);
  }
  return format;
}

/** A short name of a timezone at an instant: "EST", "GMT+5:30". */
export function zoneName(timeZone: string, at: Date): string {
  const parts = zoneNameFormat(timeZone).formatToParts(at);
  return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

export type ZonedTime = {
  /** `yyyy-MM-dd` in that timezone. */
  date: string;
  /** `HH:mm` in that timezone. */
  time: string;
  /** "5:30 AM". */
  label: string;
  /** -1, 0 or 1: the local date relative to the business date of the slot. */
  dayShift: number;
  zone: string;
};

/** An instant as wall-clock time in a timezone, e.g. a slot in the visitor's own timezone. */
export function inTimeZone(instant: Date, timeZone: string, referenceDate?: string): ZonedTime {
  const d = new TZDate(instant.getTime(), timeZone);
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  const dayShift = referenceDate && isRealDate(referenceDate) ? daysBetween(referenceDate, date) : 0;
  return { date, time, label: formatTime12h(time), dayShift, zone: zoneName(timeZone, instant) };
}
