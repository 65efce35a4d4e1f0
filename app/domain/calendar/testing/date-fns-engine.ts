/**
 * The availability engine as it was before decision 038 (date-fns and `@date-fns/tz` per
 * slot, decision 024), kept only as the oracle of the property tests in availability.test.ts:
 * the engine of today must give the same dates, slots and days. Not imported by the app.
 */
import { TZDate, tz } from "@date-fns/tz";
import {
  addDays as addCalendarDays,
  addMinutes,
  differenceInCalendarDays,
  format,
  getDay,
  isValid,
  isWeekend as isWeekendDay,
  parse,
  parseISO,
} from "date-fns";

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
};

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
  slotTaken: "Sorry, this time slot was just booked by someone else. Please choose another time.",
} as const;

// ---------------------------------------------------------------- calendar dates

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * Calendar dates carry no timezone: date-fns reads and writes them in UTC (`in: UTC`), so
 * the runtime's own zone never moves one across midnight. What the public demo pages run in
 * the browser (inTimeZone, formatTime12h, the labels in month.ts) avoids date-fns' `format`
 * and `parse`, which would add their locale and parser tables to the page's JS.
 */
const UTC = tz("UTC");
const EPOCH = new Date(0);

/** The `yyyy-MM-dd` date as a Date at UTC midnight, or null unless it is a real date. */
function calendarDate(date: string): Date | null {
  if (!DATE_RE.test(date)) return null;
  const parsed = parseISO(date, { in: UTC });
  return isValid(parsed) ? parsed : null;
}

function realDate(date: string): Date {
  const parsed = calendarDate(date);
  if (!parsed) throw new Error(`not a date: ${date}`);
  return parsed;
}

const dateText = (date: Date) => format(date, "yyyy-MM-dd", { in: UTC });

/** Days since 1970-01-01 of a real `yyyy-MM-dd` date, or null for anything else. */
export function epochDay(date: string): number | null {
  const parsed = calendarDate(date);
  return parsed ? differenceInCalendarDays(parsed, EPOCH, { in: UTC }) : null;
}

export const isRealDate = (date: string) => calendarDate(date) !== null;

export const dateFromEpochDay = (day: number): string => dateText(addCalendarDays(EPOCH, day, { in: UTC }));

export const addDays = (date: string, days: number): string =>
  dateText(addCalendarDays(realDate(date), days, { in: UTC }));

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  differenceInCalendarDays(realDate(to), realDate(from), { in: UTC });

/** 0 = Sunday … 6 = Saturday, for a calendar date (no timezone involved). */
export const dayOfWeek = (date: string): number => getDay(realDate(date), { in: UTC });

export const isWeekend = (date: string) => isWeekendDay(realDate(date), { in: UTC });

/** Today's date in a timezone. */
export const todayIn = (timeZone: string, now: Date): string => format(now, "yyyy-MM-dd", { in: tz(timeZone) });

export const lastBookableDate = (rules: BookingRules, now: Date) =>
  addDays(todayIn(rules.timeZone, now), BOOKING.windowDays);

// ---------------------------------------------------------------- times

const pad = (n: number) => String(n).padStart(2, "0");

/** Minutes after midnight of `HH:mm`, or null. */
export function minutesOf(time: string): number | null {
  const m = TIME_RE.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export const timeOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** Every slot start of a working day: from workStart, each 30 minutes, ending by workEnd. */
export function slotTimes(rules: BookingRules): string[] {
  const start = minutesOf(rules.workStart) ?? 0;
  const end = minutesOf(rules.workEnd) ?? 0;
  const times: string[] = [];
  for (let t = start; t + BOOKING.meetingMinutes <= end; t += BOOKING.slotMinutes) times.push(timeOf(t));
  return times;
}

/** The instant a slot starts: the wall-clock time `time` on `date` in `timeZone`. */
export function slotStart(date: string, time: string, timeZone: string): Date {
  if (!calendarDate(date) || minutesOf(time) === null) throw new Error(`not a slot: ${date} ${time}`);
  return new Date(parse(`${date} ${time}`, "yyyy-MM-dd HH:mm", EPOCH, { in: tz(timeZone) }).getTime());
}

export const slotEnd = (start: Date) => addMinutes(start, BOOKING.meetingMinutes);

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

/** Why a date cannot be booked, or null when it can. */
export function dateProblem(date: string, rules: BookingRules, now: Date): string | null {
  if (!isRealDate(date)) return BOOKING_MESSAGES.dateMalformed;
  const ahead = daysBetween(todayIn(rules.timeZone, now), date);
  if (ahead < 0) return BOOKING_MESSAGES.datePast;
  if (ahead > BOOKING.windowDays) return BOOKING_MESSAGES.dateTooFar;
  if (isWeekend(date)) return BOOKING_MESSAGES.dateWeekend;
  return null;
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

/** Whether a slot starts far enough ahead to be offered. */
export const startsFarEnoughAhead = (start: Date, now: Date) =>
  start.getTime() >= addMinutes(now, BOOKING.leadMinutes).getTime();

/**
 * The slots of one bookable date with their availability: a slot is unavailable when it
 * starts less than an hour from `now` or is held by a scheduled or confirmed meeting.
 * Callers check `dateProblem` first; a date outside the rules has no slots.
 */
export function slotsForDate(date: string, rules: BookingRules, now: Date, taken: ReadonlySet<string>): Slot[] {
  if (dateProblem(date, rules, now)) return [];
  return slotTimes(rules).map((time) => {
    const start = slotStart(date, time, rules.timeZone);
    return {
      time,
      available: startsFarEnoughAhead(start, now) && !taken.has(time),
      startsAt: start.toISOString(),
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
): BookingDay[] {
  const today = todayIn(rules.timeZone, now);
  const span = Math.min(Math.max(days, 0), BOOKING.windowDays);
  const result: BookingDay[] = [];
  for (let offset = 0; offset <= span; offset++) {
    const date = addDays(today, offset);
    if (isWeekend(date)) continue;
    const free = slotsForDate(date, rules, now, takenByDate.get(date) ?? new Set()).filter((s) => s.available).length;
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
