import { TZDate } from "@date-fns/tz";
import { DAY } from "~/lib/durations";
import ICAL from "~/lib/icalendar";

/**
 * A host's own calendar read as busy time (issue 27 item 5, decision 086), with ical.js: the
 * events of a secret iCal address (Google's "secret address in iCal format", an Outlook published
 * calendar, Apple's public link) expanded into busy intervals within a window. Recurring events
 * (RRULE, RDATE) are expanded, EXDATEs skipped, moved or cancelled instances (RECURRENCE-ID)
 * applied; a TZID is read from the file's own VTIMEZONE (Outlook's "India Standard Time"), else as
 * an IANA name, else the host's zone. Free time is not busy: TRANSP:TRANSPARENT, Outlook's
 * X-MICROSOFT-CDO-BUSYSTATUS:FREE, cancelled events. Pure: nothing is registered globally (ical.js
 * resolves a TZID within the parsed tree), so one request's calendar never leaks into another's.
 */

export type Busy = { start: number; end: number };

export const BUSY_LIMITS = {
  /** Instances of one recurring event looked at (a daily event of 20 years fits). */
  instancesPerEvent: 8000,
  /** Busy intervals kept per host (merged, soonest first). */
  intervals: 2000,
} as const;

export class IcalProblem extends Error {}

function isIanaZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The instant of an ical.js time: its own zone when it has one, else `fallbackZone`'s wall clock. */
function instant(time: ICAL.Time, fallbackZone: string): number {
  const zone = time.zone?.tzid;
  if (zone && zone !== "floating") return time.toUnixTime() * 1000;
  const { year, month, day, hour, minute, second } = time;
  return new TZDate(
    year,
    month - 1,
    day,
    time.isDate ? 0 : hour,
    time.isDate ? 0 : minute,
    time.isDate ? 0 : second,
    fallbackZone,
  ).getTime();
}

/** The zone a floating time of this event is read in: its DTSTART's TZID when an IANA name. */
function zoneOf(event: ICAL.Event, hostZone: string) {
  const tzid = event.component.getFirstProperty("dtstart")?.getParameter("tzid");
  const name = typeof tzid === "string" ? tzid.replace(/^\/+/, "") : null;
  return name && isIanaZone(name) ? name : hostZone;
}

function isFree(component: ICAL.Component) {
  const transp = String(component.getFirstPropertyValue("transp") ?? "").toUpperCase();
  const status = String(component.getFirstPropertyValue("status") ?? "").toUpperCase();
  const msStatus = String(component.getFirstPropertyValue("x-microsoft-cdo-busystatus") ?? "").toUpperCase();
  return transp === "TRANSPARENT" || status === "CANCELLED" || msStatus === "FREE";
}

/** Overlapping or touching intervals as one, soonest first. */
export function mergeBusy(list: readonly Busy[]): Busy[] {
  const sorted = [...list].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: Busy[] = [];
  for (const b of sorted) {
    const last = out.at(-1);
    if (last && b.start <= last.end) last.end = Math.max(last.end, b.end);
    else out.push({ ...b });
  }
  return out;
}

/**
 * The busy intervals of an iCalendar text that overlap [from, to) (ms), merged. Throws an
 * IcalProblem when the text is not an iCalendar.
 */
export function busyIntervals(text: string, window: { from: number; to: number }, hostZone: string): Busy[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    throw new IcalProblem("The address did not answer an iCalendar file.");
  }
  if (root.name !== "vcalendar") throw new IcalProblem("The address did not answer an iCalendar file.");
  const masters = new Map<string, ICAL.Event>();
  const exceptions: ICAL.Component[] = [];
  for (const component of root.getAllSubcomponents("vevent")) {
    if (component.hasProperty("recurrence-id")) exceptions.push(component);
    else {
      const uid = String(component.getFirstPropertyValue("uid") ?? crypto.randomUUID());
      masters.set(uid, new ICAL.Event(component));
    }
  }
  const found: Busy[] = [];
  const keep = (start: number, end: number) => {
    if (end > window.from && start < window.to && start < end) found.push({ start, end });
  };
  for (const component of exceptions) {
    const master = masters.get(String(component.getFirstPropertyValue("uid") ?? ""));
    if (master) master.relateException(new ICAL.Event(component));
    else if (!isFree(component)) {
      // An instance without its series (a shared calendar can show only the moved one).
      const event = new ICAL.Event(component);
      const zone = zoneOf(event, hostZone);
      keep(instant(event.startDate, zone), instant(event.endDate, zone));
    }
  }
  for (const event of masters.values()) {
    if (!event.startDate) continue;
    const zone = zoneOf(event, hostZone);
    if (!event.isRecurring()) {
      if (!isFree(event.component)) keep(instant(event.startDate, zone), endOf(event.startDate, event.endDate, zone));
      continue;
    }
    const iterator = event.iterator();
    for (let i = 0; i < BUSY_LIMITS.instancesPerEvent; i++) {
      const next = iterator.next();
      if (!next) break;
      const details = event.getOccurrenceDetails(next);
      const start = instant(details.startDate, zone);
      if (start >= window.to) break;
      if (isFree(details.item.component)) continue;
      keep(start, endOf(details.startDate, details.endDate, zone));
    }
  }
  return mergeBusy(found).slice(0, BUSY_LIMITS.intervals);
}

/** An event's end; a date-only event without DTEND lasts its day (RFC 5545 §3.6.1). */
function endOf(start: ICAL.Time, end: ICAL.Time | null, zone: string) {
  if (end && end.compare(start) > 0) return instant(end, zone);
  return instant(start, zone) + (start.isDate ? DAY : 0);
}
