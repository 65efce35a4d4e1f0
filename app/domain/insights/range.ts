import { z } from "zod";
import { DAY } from "~/lib/durations";

/*
 * The date range of Insights (issue 28 item 2): whole UTC days, `from` and `to` included, as
 * page views are counted (decision 090). Pure: the console's form and the API share it.
 */

export const DEFAULT_DAYS = 28;
export const MAX_DAYS = 366;

export const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The last 28 days up to `now`'s day. */
export const defaultRange = (now: Date) => ({
  from: utcDate(now.getTime() - (DEFAULT_DAYS - 1) * DAY),
  to: utcDate(now.getTime()),
});

const day = (name: string, what: string) =>
  z.iso.date({ error: `${name} must be a date (YYYY-MM-DD).` }).describe(`YYYY-MM-DD (UTC): ${what}`);

/** `from` and `to` as a query gives them (the API's, the console's form without its empty fields). */
export const RangeQuerySchema = z.object({
  from: day("from", "the first day counted; default 27 days before `to`").optional(),
  to: day("to", "the last day counted; default today").optional(),
});

/**
 * The range a query asks for, the missing ends filled in (28 days ending today, or ending or
 * starting at the given end), or the problem: ends out of order, or more than a year.
 */
export function resolveRange(
  query: { from?: string | undefined; to?: string | undefined },
  now: Date,
): { range: DateRange; error?: undefined } | { error: string; range?: undefined } {
  const span = (DEFAULT_DAYS - 1) * DAY;
  const to =
    query.to ?? (query.from ? utcDate(Math.min(dayStart(query.from) + span, now.getTime())) : defaultRange(now).to);
  const from = query.from ?? utcDate(dayStart(to) - span);
  if (from > to) return { error: "from must be on or before to." };
  if ((dayStart(to) - dayStart(from)) / DAY >= MAX_DAYS) return { error: `A range can span at most ${MAX_DAYS} days.` };
  return { range: { from, to } };
}
export type DateRange = { from: string; to: string };

/** Every day of the range, oldest first. */
export function daysOf({ from, to }: DateRange): string[] {
  const days: string[] = [];
  for (let t = dayStart(from); t <= dayStart(to); t += DAY) days.push(utcDate(t));
  return days;
}

/** [start, end) of the range in unix milliseconds. */
export const rangeMs = ({ from, to }: DateRange) => ({ start: dayStart(from), end: dayStart(to) + DAY });

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

/**
 * Insights' query from a console URL, without the empty fields a no-JavaScript GET form sends:
 * the range and grouping to show, what was given (to show back) and the problem with it, if any
 * (then the default range is shown).
 */
export function insightsQueryOf(params: URLSearchParams, now: Date) {
  const given: { from?: string; to?: string } = {};
  for (const name of ["from", "to"] as const) {
    const value = params.get(name)?.trim();
    if (value) given[name] = value.slice(0, 20);
  }
  const byParam = params.get("by") ?? "";
  const by: FunnelBy = (FUNNEL_BY as readonly string[]).includes(byParam) ? (byParam as FunnelBy) : "source";
  const parsed = RangeQuerySchema.safeParse(given);
  const resolved = parsed.success ? resolveRange(parsed.data, now) : { error: parsed.error.issues[0]?.message ?? "" };
  if (resolved.range) return { range: resolved.range, by, given, problem: null };
  return { range: defaultRange(now), by, given, problem: resolved.error ?? "Invalid range." };
}
