import { MONTH_NAMES, WEEKDAY_NAMES } from "~/lib/calendar-names";
import { dateFromEpochDay, dayOfWeek, epochDay } from "./availability";

/**
 * The month grid, on the availability engine's epoch days (decision 038; it was date-fns'
 * `eachDayOfInterval` and `format`, decision 024, at ~10 µs a day on every booking page). The
 * labels run in the public demo pages' browser code too, so they use the name lists of ~/lib/calendar-names
 * rather than date-fns' `format` and its locale tables.
 */

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Year and month (1–12) of `yyyy-MM`. */
function yearMonth(month: string): [number, number] {
  const m = MONTH_RE.exec(month);
  if (!m) throw new Error(`not a month: ${month}`);
  return [Number(m[1]), Number(m[2])];
}

/** `yyyy-MM` of a `yyyy-MM-dd` date. */
export const monthOf = (date: string) => date.slice(0, 7);

export const isMonth = (value: string) => MONTH_RE.test(value);

/** The month before or after `yyyy-MM`. */
export function shiftMonth(month: string, by: number): string {
  const [year, m] = yearMonth(month);
  const index = year * 12 + (m - 1) + by;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** "November 2026". */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return `${MONTH_NAMES[(m ?? 1) - 1]} ${y}`;
}

/** "Monday, November 23, 2026". */
export function longDateLabel(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return `${WEEKDAY_NAMES[dayOfWeek(date)]}, ${MONTH_NAMES[(m ?? 1) - 1]} ${d}, ${y}`;
}

/**
 * The weeks of a month for a calendar grid, Monday first. Days outside the month are null.
 */
export function monthWeeks(month: string): (string | null)[][] {
  yearMonth(month);
  const first = epochDay(`${month}-01`)!;
  const next = epochDay(`${shiftMonth(month, 1)}-01`)!;
  const lead = (dayOfWeek(`${month}-01`) + 6) % 7; // Monday = 0
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = first; day < next; day++) cells.push(dateFromEpochDay(day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
