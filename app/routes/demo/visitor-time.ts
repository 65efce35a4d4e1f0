import { useSyncExternalStore } from "react";
import { formatTime12h, inTimeZone } from "~/domain/calendar/availability";

const subscribe = () => () => {};

/**
 * The visitor's own IANA timezone, from the browser. Null on the server and during
 * hydration (the page then shows the business timezone), so the markup matches.
 */
export function useVisitorTimeZone(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone || null,
    () => null,
  );
}

const SHIFT = { "-1": " (previous day)", "1": " (next day)" } as Record<string, string>;

/**
 * How a slot reads for the visitor: in their own timezone when JavaScript tells us which it
 * is (and it differs), with the business time beside it; otherwise in the business timezone.
 */
export function slotLabel(
  slot: { time: string; startsAt: string },
  businessDate: string,
  businessTimeZone: string,
  visitorTimeZone: string | null,
) {
  const business = formatTime12h(slot.time);
  if (!visitorTimeZone || visitorTimeZone === businessTimeZone) return { main: business, aside: null };
  const local = inTimeZone(new Date(slot.startsAt), visitorTimeZone, businessDate);
  return { main: `${local.label}${SHIFT[String(local.dayShift)] ?? ""}`, aside: business };
}

/** "Asia/Kolkata" → "Asia/Kolkata (GMT+5:30)". */
export function zoneCaption(timeZone: string, at: Date) {
  return `${timeZone.replace(/_/g, " ")} (${inTimeZone(at, timeZone).zone})`;
}

/** The booking page's query parameter for the visitor's chosen time zone (works without JavaScript). */
export const TZ_PARAM = "tz";

/**
 * A time zone name as the runtime spells it ("america/new_york" → "America/New_York"), or null
 * when it is not a known IANA zone. Every zone from a URL, a header or a form passes here.
 */
export function canonicalTimeZone(raw: string | null | undefined): string | null {
  const name = raw?.trim();
  if (!name || name.length > 64) return null;
  try {
    // Only the letter case is taken from the runtime: some runtimes answer an alias
    // ("Asia/Calcutta" for "Asia/Kolkata"), which would not match the select's option.
    const resolved = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return null;
  }
}

/**
 * The zones the select offers: the common ones, with the visitor's and the business's zones added
 * when missing. A fixed list rather than `Intl.supportedValuesOf`, whose answer differs between the
 * Worker's and the browser's ICU and would break hydration; any other zone works through `?tz=`.
 */
const COMMON_TIME_ZONES = [
  "Pacific/Honolulu",
  "America/Anchorage",
  "America/Los_Angeles",
  "America/Denver",
  "America/Phoenix",
  "America/Chicago",
  "America/Mexico_City",
  "America/New_York",
  "America/Toronto",
  "America/Bogota",
  "America/Sao_Paulo",
  "America/Argentina/Buenos_Aires",
  "UTC",
  "Europe/London",
  "Europe/Dublin",
  "Europe/Lisbon",
  "Europe/Paris",
  "Europe/Berlin",
  "Europe/Amsterdam",
  "Europe/Madrid",
  "Europe/Rome",
  "Europe/Stockholm",
  "Europe/Athens",
  "Europe/Istanbul",
  "Europe/Moscow",
  "Africa/Lagos",
  "Africa/Cairo",
  "Africa/Johannesburg",
  "Africa/Nairobi",
  "Asia/Dubai",
  "Asia/Karachi",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Asia/Dhaka",
  "Asia/Bangkok",
  "Asia/Jakarta",
  "Asia/Singapore",
  "Asia/Hong_Kong",
  "Asia/Shanghai",
  "Asia/Manila",
  "Asia/Tokyo",
  "Asia/Seoul",
  "Australia/Perth",
  "Australia/Sydney",
  "Pacific/Auckland",
];

export function timeZoneOptions(...always: string[]): string[] {
  const extra = always.filter((zone) => zone && !COMMON_TIME_ZONES.includes(zone));
  return [...new Set(extra), ...COMMON_TIME_ZONES];
}

/** The zone the page shows: the chosen or edge-known one, else the browser's (JavaScript), else ours. */
export function useShownTimeZone(known: string | null, businessTimeZone: string): string {
  const browser = useVisitorTimeZone();
  return known ?? canonicalTimeZone(browser) ?? businessTimeZone;
}

/** A booking page query that keeps the chosen zone: `{ date, time }` + `tz` → "?date=…&time=…&tz=…". */
export function wizardQuery(params: Record<string, string>, keptTimeZone: string | null) {
  const query = new URLSearchParams(params);
  if (keptTimeZone) query.set(TZ_PARAM, keptTimeZone);
  return `?${query.toString().replaceAll("%3A", ":").replaceAll("%2F", "/")}`;
}
