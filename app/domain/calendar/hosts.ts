import { z } from "zod";
import { DAY } from "~/lib/durations";
import { isRealDate, isValidTimeZone, minutesOf } from "./availability";

/**
 * The shapes of hosts, their date overrides and the company closures (issue 27 items 1 and 9,
 * decision 076), shared by the API and the console. Times are `HH:mm` in the host's own zone,
 * dates `yyyy-MM-dd`; a day's intervals may not overlap.
 */

export const HOST_MESSAGES = {
  time: "Times must be like 09:00, and each interval must end after it starts.",
  day: "day must be a weekday number from 1 (Monday) to 7 (Sunday).",
  overlap: "A day's intervals must not overlap.",
  tooMany: "At most 6 intervals a day.",
  timeZone: "Choose a real time zone, like Asia/Kolkata.",
  dailyCap: "Daily cap must be empty or a whole number from 1 to 48.",
  date: "Dates must be real dates in the format yyyy-MM-dd.",
  range: "The last date must not be before the first.",
  rangeTooLong: "A range can be at most 366 days.",
  reason: "Give a reason of 1 to 100 characters.",
  memberNotFound: "Team member not found.",
  overrideNotFound: "Date override not found.",
  closureNotFound: "Closure not found.",
  closureExists: "There is already a closure with those dates and that reason.",
  hoursText: "Write each day's hours like 09:00-13:00, 14:00-18:00 (or leave it empty).",
} as const;

export const MAX_INTERVALS_A_DAY = 6;
const MAX_RANGE_DAYS = 366;

const Time = z.string({ error: HOST_MESSAGES.time }).refine((v) => minutesOf(v) !== null, HOST_MESSAGES.time);
const DateText = z.string({ error: HOST_MESSAGES.date }).refine(isRealDate, HOST_MESSAGES.date);

export const DayIntervalSchema = z
  .object({ start: Time, end: Time })
  .refine((i) => (minutesOf(i.start) ?? 0) < (minutesOf(i.end) ?? 0), HOST_MESSAGES.time);

export const WeeklyIntervalSchema = z
  .object({
    day: z
      .number({ error: HOST_MESSAGES.day })
      .int(HOST_MESSAGES.day)
      .min(1, HOST_MESSAGES.day)
      .max(7, HOST_MESSAGES.day),
    start: Time,
    end: Time,
  })
  .refine((i) => (minutesOf(i.start) ?? 0) < (minutesOf(i.end) ?? 0), HOST_MESSAGES.time);

/** Whether intervals of one day overlap (touching ends are fine). */
export function overlapping(intervals: readonly { start: string; end: string }[]): boolean {
  const sorted = intervals
    .map((i) => [minutesOf(i.start) ?? 0, minutesOf(i.end) ?? 0] as const)
    .sort((a, b) => a[0] - b[0]);
  return sorted.some((interval, k) => k > 0 && interval[0] < sorted[k - 1]![1]);
}

export const DayIntervalsSchema = z
  .array(DayIntervalSchema)
  .max(MAX_INTERVALS_A_DAY, HOST_MESSAGES.tooMany)
  .refine((list) => !overlapping(list), HOST_MESSAGES.overlap);

export const WeeklyHoursSchema = z
  .array(WeeklyIntervalSchema)
  .max(7 * MAX_INTERVALS_A_DAY, HOST_MESSAGES.tooMany)
  .refine((list) => [1, 2, 3, 4, 5, 6, 7].every((day) => !overlapping(list.filter((i) => i.day === day))), {
    message: HOST_MESSAGES.overlap,
  });

export const TimeZoneSchema = z
  .string({ error: HOST_MESSAGES.timeZone })
  .refine(isValidTimeZone, HOST_MESSAGES.timeZone);

export const DailyCapSchema = z
  .number({ error: HOST_MESSAGES.dailyCap })
  .int(HOST_MESSAGES.dailyCap)
  .min(1, HOST_MESSAGES.dailyCap)
  .max(48, HOST_MESSAGES.dailyCap)
  .nullable();

/** `PUT /api/scheduling/hosts/{memberId}`. */
export const HostInputSchema = z.object({
  takesDemos: z.boolean({ error: "takesDemos must be true or false." }),
  timeZone: TimeZoneSchema,
  weeklyHours: WeeklyHoursSchema,
  dailyCap: DailyCapSchema,
});
export type HostInput = z.infer<typeof HostInputSchema>;

const rangeChecks = <T extends { from: string; to: string }>(schema: z.ZodType<T>) =>
  schema
    .refine((r) => r.from <= r.to, { message: HOST_MESSAGES.range, path: ["to"] })
    .refine((r) => Date.parse(r.to) - Date.parse(r.from) <= (MAX_RANGE_DAYS - 1) * DAY, {
      message: HOST_MESSAGES.rangeTooLong,
      path: ["to"],
    });

/** `POST /api/scheduling/hosts/{memberId}/overrides`: no hours = away. */
export const OverrideInputSchema = rangeChecks(
  z.object({ from: DateText, to: DateText, hours: DayIntervalsSchema.optional() }),
);
export type OverrideInput = z.infer<typeof OverrideInputSchema>;

/** `POST /api/scheduling/closures`. */
export const ClosureInputSchema = rangeChecks(
  z.object({
    from: DateText,
    to: DateText,
    reason: z
      .string({ error: HOST_MESSAGES.reason })
      .trim()
      .min(1, HOST_MESSAGES.reason)
      .max(100, HOST_MESSAGES.reason),
  }),
);
export type ClosureInput = z.infer<typeof ClosureInputSchema>;

/** The answers. */
export const OverrideSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  hours: z
    .array(z.object({ start: z.string(), end: z.string() }))
    .nullable()
    .describe("null = away"),
});
export const HostSchema = z.object({
  memberId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string().nullable(),
  takesDemos: z.boolean(),
  timeZone: z.string(),
  weeklyHours: z.array(z.object({ day: z.number().int(), start: z.string(), end: z.string() })),
  dailyCap: z.number().int().nullable(),
  overrides: z.array(OverrideSchema),
});
export type Host = z.infer<typeof HostSchema>;
export const ClosureSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  reason: z.string(),
  source: z.enum(["manual", "holidays"]),
});
export type Closure = z.infer<typeof ClosureSchema>;

// ---------------------------------------------------------------- the console's text form of hours

const INTERVAL_TEXT = /^\s*(\d{1,2}:\d{2})\s*[-–]\s*(\d{1,2}:\d{2})\s*$/;
const pad = (time: string) => (time.length === 4 ? `0${time}` : time);

/** "09:00-13:00, 14:00-18:00" → intervals, or null when it is not that shape. Empty = none. */
export function parseIntervalsText(text: string): { start: string; end: string }[] | null {
  if (!text.trim()) return [];
  const parts = text.split(",");
  const out: { start: string; end: string }[] = [];
  for (const part of parts) {
    const m = INTERVAL_TEXT.exec(part);
    if (!m) return null;
    out.push({ start: pad(m[1]!), end: pad(m[2]!) });
  }
  return out;
}

export const intervalsText = (intervals: readonly { start: string; end: string }[]) =>
  intervals.map((i) => `${i.start}-${i.end}`).join(", ");

export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
