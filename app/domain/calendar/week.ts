import { addDays, dayOfWeek, epochDay } from "./availability";

/**
 * ISO 8601 weeks (`2026-W48`, Monday first; week 1 holds the year's first Thursday) for the
 * admin week calendar. Pure date arithmetic on `yyyy-MM-dd` strings.
 */

const WEEK_RE = /^(\d{4})-W(\d{2})$/;

/** Monday of the week that holds `date`. */
export const mondayOf = (date: string) => addDays(date, -((dayOfWeek(date) + 6) % 7));

/** The ISO week of a `yyyy-MM-dd` date. */
export function isoWeekOf(date: string): string {
  const thursday = addDays(mondayOf(date), 3); // the Thursday decides the week's year
  const year = Number(thursday.slice(0, 4));
  const week = Math.floor((epochDay(thursday)! - epochDay(`${year}-01-01`)!) / 7) + 1;
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/** Monday of ISO week 1 of a year. */
const firstMonday = (year: number) => mondayOf(`${String(year).padStart(4, "0")}-01-04`);

/** Monday of an ISO week, or null for anything that is not a real week (`2026-W54`, `2026-48`). */
export function weekStart(week: string): string | null {
  const m = WEEK_RE.exec(week);
  if (!m) return null;
  const [year, n] = [Number(m[1]), Number(m[2])];
  if (n < 1) return null;
  const monday = addDays(firstMonday(year), (n - 1) * 7);
  return isoWeekOf(monday) === week ? monday : null;
}

/** The week `by` weeks before or after. */
export function shiftWeek(week: string, by: number): string {
  const monday = weekStart(week);
  if (!monday) throw new Error(`not a week: ${week}`);
  return isoWeekOf(addDays(monday, by * 7));
}

/** Monday to Friday of a week. */
export function workDays(week: string): string[] {
  const monday = weekStart(week);
  if (!monday) throw new Error(`not a week: ${week}`);
  return [0, 1, 2, 3, 4].map((i) => addDays(monday, i));
}
