/**
 * The next firing time of a standard five-field cron expression (minute hour day-of-month month
 * day-of-week, UTC, as Cloudflare evaluates `[triggers] crons`). Used by the local cron ticker
 * (scripts/local-cron.ts, beside it) so `npm start` and `npm run dev` fire `scheduled` on the same schedule
 * as production. Supports `*`, numbers, ranges `a-b`, steps `*\/n` and `a-b/n`, and lists.
 * Plain JavaScript syntax only: Node scripts import this file with type stripping.
 */
import { MINUTE } from "../app/lib/durations.ts";

const FIELDS = [
  { min: 0, max: 59 }, // minute
  { min: 0, max: 23 }, // hour
  { min: 1, max: 31 }, // day of month
  { min: 1, max: 12 }, // month
  { min: 0, max: 7 }, // day of week (0 and 7 are Sunday)
] as const;

type Field = { values: Set<number>; any: boolean };

function parseField(text: string, { min, max }: { min: number; max: number }): Field {
  const values = new Set<number>();
  for (const part of text.split(",")) {
    const [range = "", stepText] = part.split("/");
    const step = stepText === undefined ? 1 : Number(stepText);
    let from = min;
    let to = max;
    if (range !== "*") {
      const [a, b] = range.split("-");
      from = Number(a);
      to = b === undefined ? (stepText === undefined ? from : max) : Number(b);
    }
    if (![from, to, step].every(Number.isInteger) || step < 1 || from < min || to > max || from > to) {
      throw new Error(`invalid cron field "${text}"`);
    }
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return { values, any: text === "*" };
}

export function parseCron(expression: string) {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`cron "${expression}" must have 5 fields`);
  const [minute, hour, dayOfMonth, month, dayOfWeek] = parts.map((p, i) => parseField(p, FIELDS[i]!)) as [
    Field,
    Field,
    Field,
    Field,
    Field,
  ];
  if (dayOfWeek.values.has(7)) dayOfWeek.values.add(0);
  return { minute, hour, dayOfMonth, month, dayOfWeek };
}

const SEARCH_LIMIT = 366 * 24 * 60; // minutes: every schedule fires at least once a year

/** The first whole minute strictly after `after` that matches the expression. */
export function nextCronTime(expression: string, after: Date): Date {
  const cron = parseCron(expression);
  let t = Math.floor(after.getTime() / MINUTE) * MINUTE + MINUTE;
  for (let i = 0; i < SEARCH_LIMIT; i++, t += MINUTE) {
    const d = new Date(t);
    if (!cron.minute.values.has(d.getUTCMinutes()) || !cron.hour.values.has(d.getUTCHours())) continue;
    if (!cron.month.values.has(d.getUTCMonth() + 1)) continue;
    const dom = cron.dayOfMonth.values.has(d.getUTCDate());
    const dow = cron.dayOfWeek.values.has(d.getUTCDay());
    // Standard cron: when both day fields are restricted, either one matching is enough.
    const dayMatches =
      cron.dayOfMonth.any || cron.dayOfWeek.any
        ? (cron.dayOfMonth.any || dom) && (cron.dayOfWeek.any || dow)
        : dom || dow;
    if (dayMatches) return d;
  }
  throw new Error(`cron "${expression}" never fires`);
}
