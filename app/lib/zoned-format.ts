import { tzOffset } from "@date-fns/tz";
import { MONTH_NAMES, WEEKDAY_NAMES } from "./calendar-names";
import { MINUTE } from "./durations";

/**
 * An instant formatted as a timezone's wall clock reads it, for the few date-fns patterns the
 * console and the blog show ("MMM d, yyyy, HH:mm", "EEE, MMM d, yyyy, h:mm a", …), with the same
 * text as date-fns' `format(new TZDate(instant, timeZone), pattern)`.
 *
 * Why not that call: every getter of a `TZDate` goes through its zone bookkeeping, so one
 * `format` of it costs ~20–30 µs against ~2 µs here, and a console table formats one or two dates
 * per row on every request (decision 038, amended). Here the zone's offset is read once per
 * instant (`tzOffset`, one cached `Intl.DateTimeFormat` per zone), the instant is moved by it and
 * read with the UTC getters; the pattern is split into tokens once per isolate (plain values).
 * Runs the same on the server and in the browser: it never reads the runtime's own zone.
 */

/** The tokens these patterns use; a quoted run is literal text, as in date-fns. */
const TOKEN = /yyyy|MMMM|MMM|MM|dd|d|HH|h|mm|a|EEE|'[^']*'|[^A-Za-z']+/g;
type Field = (wall: Date) => string;

const pad = (value: number, width = 2) => String(value).padStart(width, "0");
const FIELDS: Record<string, Field> = {
  yyyy: (w) => pad(w.getUTCFullYear(), 4),
  MMMM: (w) => MONTH_NAMES[w.getUTCMonth()]!,
  MMM: (w) => MONTH_NAMES[w.getUTCMonth()]!.slice(0, 3),
  MM: (w) => pad(w.getUTCMonth() + 1),
  dd: (w) => pad(w.getUTCDate()),
  d: (w) => String(w.getUTCDate()),
  HH: (w) => pad(w.getUTCHours()),
  h: (w) => String(w.getUTCHours() % 12 || 12),
  mm: (w) => pad(w.getUTCMinutes()),
  a: (w) => (w.getUTCHours() < 12 ? "AM" : "PM"),
  EEE: (w) => WEEKDAY_NAMES[w.getUTCDay()]!.slice(0, 3),
};

const compiled = new Map<string, (string | Field)[]>();

function compile(pattern: string): (string | Field)[] {
  let parts = compiled.get(pattern);
  if (parts) return parts;
  parts = [];
  let at = 0;
  for (const match of pattern.matchAll(TOKEN)) {
    const token = match[0];
    const field = FIELDS[token];
    // Tokens must cover the pattern, and a field must not be part of a longer run of its letter
    // ("hh", "ddd"): a pattern date-fns reads another way fails loudly instead of differing.
    if (match.index !== at || (field && pattern[at + token.length] === token[0])) {
      throw new Error(`formatZoned: "${pattern}" is not supported`);
    }
    parts.push(field ?? (token.startsWith("'") ? token.slice(1, -1) : token));
    at += token.length;
  }
  if (at !== pattern.length) throw new Error(`formatZoned: "${pattern}" is not supported`);
  compiled.set(pattern, parts);
  return parts;
}

/** `instant` (a finite millisecond time) written with `pattern` as `timeZone`'s clock reads it. */
export function formatZoned(instant: number, timeZone: string, pattern: string): string {
  const parts = compile(pattern);
  // As date-fns' `format` does for an invalid date.
  if (!Number.isFinite(instant)) throw new RangeError("Invalid time value");
  const wall = new Date(instant + tzOffset(timeZone, new Date(instant)) * MINUTE);
  let text = "";
  for (const part of parts) text += typeof part === "string" ? part : part(wall);
  return text;
}
