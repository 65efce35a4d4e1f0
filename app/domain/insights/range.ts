import { z } from "zod";

/*
 * The date range of Insights (issue 28 item 2): whole UTC days, `from` and `to` included, as
 * page views are counted (decision 090). Pure: the console's form and the API share it.
 */

export const DEFAULT_DAYS = 28;
export const MAX_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

const isDate = (value: string) => DATE.test(value) && utcDate(dayStart(value) || Number.NaN) === value;

/** The last 28 days up to `now`'s day. */
export const defaultRange = (now: Date) => ({
  from: utcDate(now.getTime() - (DEFAULT_DAYS - 1) * DAY_MS),
  to: utcDate(now.getTime()),
});

/** `from`/`to` as given (empty = the default's), checked: real dates, in order, at most a year. */
export function rangeSchema(now: Date) {
  const fallback = defaultRange(now);
  const day = (name: string, fallbackValue: string) =>
    z
      .string()
      .trim()
      .optional()
      .transform((value) => value || fallbackValue)
      .refine(isDate, { message: `${name} must be a date (YYYY-MM-DD).` });
  return z
    .object({ from: day("From", fallback.from), to: day("To", fallback.to) })
    .refine((r) => r.from <= r.to, { message: "From must be on or before To.", path: ["to"] })
    .refine((r) => (dayStart(r.to) - dayStart(r.from)) / DAY_MS < MAX_DAYS, {
      message: `A range can span at most ${MAX_DAYS} days.`,
      path: ["from"],
    });
}
export type DateRange = { from: string; to: string };

/** Every day of the range, oldest first. */
export function daysOf({ from, to }: DateRange): string[] {
  const days: string[] = [];
  for (let t = dayStart(from); t <= dayStart(to); t += DAY_MS) days.push(utcDate(t));
  return days;
}

/** [start, end) of the range in unix milliseconds. */
export const rangeMs = ({ from, to }: DateRange) => ({ start: dayStart(from), end: dayStart(to) + DAY_MS });

export const FUNNEL_BY = ["source", "campaign", "landingPath", "post"] as const;
export type FunnelBy = (typeof FUNNEL_BY)[number];
export const FUNNEL_BY_LABELS: Readonly<Record<FunnelBy, string>> = {
  source: "Source",
  campaign: "Campaign",
  landingPath: "Landing page",
  post: "Blog post",
};

export const FUNNEL_STEPS = [
  { id: "visits", label: "Visits" },
  { id: "demoBooked", label: "Demo booked" },
  { id: "attended", label: "Attended" },
  { id: "trialStarted", label: "Trial started" },
  { id: "emailVerified", label: "Email verified" },
  { id: "approved", label: "Approved" },
] as const;
export type FunnelStepId = (typeof FUNNEL_STEPS)[number]["id"];
