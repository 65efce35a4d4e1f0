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
