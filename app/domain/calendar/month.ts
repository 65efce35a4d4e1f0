import { dateFromEpochDay, dayOfWeek, epochDay } from "./availability";

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** `yyyy-MM` of a `yyyy-MM-dd` date. */
export const monthOf = (date: string) => date.slice(0, 7);

export const isMonth = (value: string) => MONTH_RE.test(value);

/** The month before or after `yyyy-MM`. */
export function shiftMonth(month: string, by: number): string {
  const m = MONTH_RE.exec(month);
  if (!m) throw new Error(`not a month: ${month}`);
  const index = Number(m[1]) * 12 + Number(m[2]) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
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
  const first = epochDay(`${month}-01`);
  if (first === null) throw new Error(`not a month: ${month}`);
  const next = epochDay(`${shiftMonth(month, 1)}-01`)!;
  const lead = (dayOfWeek(`${month}-01`) + 6) % 7; // Monday = 0
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = first; day < next; day++) cells.push(dateFromEpochDay(day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
