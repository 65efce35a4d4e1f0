/**
 * The month grid as it was before decision 038 (date-fns, decision 024), kept only as the
 * oracle of month.test.ts. Not imported by the app.
 */
import { tz } from "@date-fns/tz";
import { addMonths, eachDayOfInterval, endOfMonth, format, getISODay, parseISO } from "date-fns";
import { MONTH_NAMES, WEEKDAY_NAMES } from "~/lib/calendar-names";
import { dayOfWeek } from "./date-fns-engine";

/**
 * The month grid by date-fns (decision record 024). Like the availability engine, calendar
 * dates are read and written in UTC so no runtime zone moves them. The labels run in the
 * public demo pages' browser code too, so they use the app's name lists (`~/lib/calendar-names`:
 * data, not the logic under test) rather than date-fns' `format` and its locale tables.
 */

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
const UTC = tz("UTC");

/** `yyyy-MM-dd` of a day of the grid. */
const dateText = (date: Date) => format(date, "yyyy-MM-dd", { in: UTC });

function firstOfMonth(month: string): Date {
  if (!MONTH_RE.test(month)) throw new Error(`not a month: ${month}`);
  return parseISO(`${month}-01`, { in: UTC });
}

/** `yyyy-MM` of a `yyyy-MM-dd` date. */
export const monthOf = (date: string) => date.slice(0, 7);

export const isMonth = (value: string) => MONTH_RE.test(value);

/** The month before or after `yyyy-MM`. */
export const shiftMonth = (month: string, by: number): string =>
  format(addMonths(firstOfMonth(month), by, { in: UTC }), "yyyy-MM", { in: UTC });

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
  const first = firstOfMonth(month);
  const days = eachDayOfInterval({ start: first, end: endOfMonth(first, { in: UTC }) }, { in: UTC });
  const lead = getISODay(first, { in: UTC }) - 1; // Monday = 0
  const cells: (string | null)[] = [...Array.from({ length: lead }, () => null), ...days.map(dateText)];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
