import type { DayInterval, WeeklyInterval } from "~/db/schema";
import { MINUTE } from "~/lib/durations";
import {
  BOOKING,
  type BookingDay,
  type BookingRules,
  bookingDays,
  clearanceMinutes,
  epochDay,
  lastBookableDate,
  localDayMinutes,
  minutesOf,
  type Slot,
  slotStartsFor,
  slotsForDate,
  timeOf,
  todayIn,
  type Zones,
  zonesOver,
} from "./availability";

/**
 * The availability engine with hosts (issue 27 item 3, decision 076): a pure function of
 * (rules, hosts, closures, held meetings, now). A slot of the business grid is free when at least
 * one host is: the slot lies within their hours for their own local date (a date override's hours
 * or away, else their weekly hours), the business date is not a company closure, the host is under
 * their daily cap (meetings of that business date), and no meeting of theirs (or one on the house
 * calendar, which holds the slot for everyone) starts within the clearance (30 minutes + both
 * buffers). With no host taking demos,
 * the house calendar of before stands in: the business hours, Monday to Friday, every meeting
 * holding its slot.
 *
 * The answer is the spec's shapes, made by the single-calendar functions of availability.ts: the
 * times no host is free at become its held set (buffers already applied), and a day no host can
 * work at all (a closure, everyone away or capped) is left out of the day list.
 */

export type EngineHost = {
  /** The member's id; "" = the house calendar (no host takes demos). */
  id: string;
  timeZone: string;
  weekly: readonly WeeklyInterval[];
  overrides: readonly { from: string; to: string; hours: readonly DayInterval[] | null }[];
  dailyCap: number | null;
  /** Where the host's copies of sales emails go (not used by the engine). */
  email?: string;
};

/** An active meeting; hostId "" = booked on the house calendar (holds its slot for every host). */
export type HeldMeeting = { id: string; hostId: string; date: string; time: string; startsAt: number };

export type Closure = { from: string; to: string };

/** A time a host is busy in their own calendar (decision 086), in epoch ms, end exclusive. */
export type BusyInterval = { hostId: string; start: number; end: number };

export type EngineInput = {
  rules: BookingRules;
  hosts: readonly EngineHost[];
  closures: readonly Closure[];
  /** Active (scheduled or confirmed) meetings of the dates asked about. */
  meetings: readonly HeldMeeting[];
  /** Busy times from the hosts' own calendars (none when absent). */
  busy?: readonly BusyInterval[];
};

/** The house calendar: the business hours, Monday to Friday, in the business zone. */
export function houseHost(rules: BookingRules): EngineHost {
  const weekly = [1, 2, 3, 4, 5].map((day) => ({ day, start: rules.workStart, end: rules.workEnd }));
  return { id: "", timeZone: rules.timeZone, weekly, overrides: [], dailyCap: null };
}

type Interval = readonly [number, number];
type PreparedHost = {
  host: EngineHost;
  /** Minutes-after-midnight intervals by ISO weekday (1–7). */
  weekly: Map<number, Interval[]>;
  /** Epoch day → its override's intervals ([] = away). */
  overrides: Map<number, Interval[]>;
  /** Busy intervals of their own calendar, [start, end) in ms. */
  busy: Interval[];
};

const toIntervals = (list: readonly { start: string; end: string }[]): Interval[] =>
  list.map((i) => [minutesOf(i.start) ?? 0, minutesOf(i.end) ?? 0] as const);

function prepare(host: EngineHost, busy: readonly BusyInterval[]): PreparedHost {
  const weekly = new Map<number, Interval[]>();
  for (const interval of host.weekly) {
    const list = weekly.get(interval.day) ?? [];
    list.push([minutesOf(interval.start) ?? 0, minutesOf(interval.end) ?? 0]);
    weekly.set(interval.day, list);
  }
  const overrides = new Map<number, Interval[]>();
  for (const o of host.overrides) {
    const from = epochDay(o.from);
    const to = epochDay(o.to);
    if (from === null || to === null) continue;
    const hours = o.hours ? toIntervals(o.hours) : [];
    for (let day = from; day <= to; day++) overrides.set(day, hours);
  }
  const own = host.id === "" ? [] : busy.filter((b) => b.hostId === host.id).map((b) => [b.start, b.end] as const);
  return { host, weekly, overrides, busy: own };
}

/** ISO weekday (Monday = 1 … Sunday = 7) of an epoch day (1 January 1970 was a Thursday). */
const isoWeekday = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1;

function hoursOn(host: PreparedHost, localDay: number): Interval[] {
  return host.overrides.get(localDay) ?? host.weekly.get(isoWeekday(localDay)) ?? [];
}

/** What one business date looks like: whether anyone can work it, and who is free at each slot. */
export type DayPlan = {
  /** False: a closure, or every host away, without hours or at their cap. */
  open: boolean;
  /** Times at which no host is free (meetings and buffers included). */
  blocked: Set<string>;
  /** Free hosts by time (house calendar: [""]). */
  free: Map<string, string[]>;
};

/**
 * Plans business date `date` (its slot starts in ms, `starts`, at minutes `minutes` of the grid).
 * Meetings are those of that date.
 */
function planDay(
  minutes: readonly number[],
  starts: readonly number[],
  hosts: readonly PreparedHost[],
  closed: boolean,
  meetings: readonly HeldMeeting[],
  clearanceMs: number,
  zones: Zones,
  margins: { before: number; after: number } = { before: 0, after: 0 },
): DayPlan {
  const times = minutes.map(timeOf);
  const blocked = new Set<string>(times);
  const free = new Map<string, string[]>();
  if (closed) return { open: false, blocked, free };
  let open = false;
  // One pass over the date's meetings, and each zone's wall clock once, for all the hosts.
  const byHost = new Map<string, HeldMeeting[]>();
  for (const m of meetings) {
    const list = byHost.get(m.hostId);
    if (list) list.push(m);
    else byHost.set(m.hostId, [m]);
  }
  const onHouse = byHost.get("") ?? [];
  const localByZone = new Map<string, { day: number; minute: number }[]>();
  for (const prepared of hosts) {
    const { host } = prepared;
    const house = host.id === "";
    const own = byHost.get(host.id) ?? [];
    const theirs = house ? meetings : onHouse.length ? [...own, ...onHouse] : own;
    if (host.dailyCap !== null && !house && own.length >= host.dailyCap) continue;
    let local = localByZone.get(host.timeZone);
    if (!local) {
      local = localDayMinutes(starts, host.timeZone, zones);
      localByZone.set(host.timeZone, local);
    }
    for (let i = 0; i < starts.length; i++) {
      const { day, minute } = local[i]!;
      const fits = hoursOn(prepared, day).some(([from, to]) => from <= minute && minute + BOOKING.meetingMinutes <= to);
      if (!fits) continue;
      open = true;
      const start = starts[i]!;
      const time = times[i]!;
      // The same slot always clashes (as the UNIQUE index says), whatever the stored instant.
      if (theirs.some((m) => m.time === time || Math.abs(m.startsAt - start) < clearanceMs)) continue;
      // Busy in their own calendar: the meeting with its buffers overlaps the busy time.
      const from = start - margins.before;
      const to = start + BOOKING.meetingMinutes * MINUTE + margins.after;
      if (prepared.busy.some(([s, e]) => s < to && e > from)) continue;
      blocked.delete(time);
      const list = free.get(time) ?? [];
      list.push(host.id);
      free.set(time, list);
    }
  }
  return { open, blocked, free };
}

/** Everything of the input read once for business epoch days `fromDay`…`toDay`. */
function prepareAll(input: EngineInput, fromDay: number, toDay: number) {
  const busy = input.busy ?? [];
  const hosts = (input.hosts.length ? input.hosts : [houseHost(input.rules)]).map((h) => prepare(h, busy));
  // Each zone's offsets once per request (a host's day may be one off the business's).
  const zones = zonesOver([input.rules.timeZone, ...hosts.map((h) => h.host.timeZone)], fromDay - 1, toDay + 1);
  const closures = input.closures
    .map((c) => [epochDay(c.from), epochDay(c.to)] as const)
    .filter((c): c is readonly [number, number] => c[0] !== null && c[1] !== null);
  const byDate = new Map<string, HeldMeeting[]>();
  for (const m of input.meetings) {
    const list = byDate.get(m.date) ?? [];
    list.push(m);
    byDate.set(m.date, list);
  }
  const clearanceMs = clearanceMinutes(input.rules) * MINUTE;
  const isClosed = (day: number) => closures.some(([from, to]) => from <= day && day <= to);
  const margins = busyMargins(input.rules);
  return { hosts, byDate, clearanceMs, isClosed, zones, margins };
}

/** The buffers around a meeting, in ms: a busy time within them blocks the slot as a meeting would. */
export function busyMargins(rules: BookingRules) {
  return {
    before: (rules.bufferBeforeMinutes ?? 0) * MINUTE,
    after: (rules.bufferAfterMinutes ?? 0) * MINUTE,
  };
}

/** The grid's minutes of a working day (the business hours), as availability.ts makes them. */
function gridMinutes(rules: BookingRules): number[] {
  const start = minutesOf(rules.workStart) ?? 0;
  const end = minutesOf(rules.workEnd) ?? 0;
  const out: number[] = [];
  for (let t = start; t + BOOKING.meetingMinutes <= end; t += BOOKING.slotMinutes) out.push(t);
  return out;
}

/** The rules without buffers: the engine has applied them to the held set already. */
const unbuffered = (rules: BookingRules): BookingRules => ({ ...rules, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 });

/** Prepares the hosts and held meetings of fromDay…toDay once; `plan` lays out one of its dates. */
function dayPlanner(input: EngineInput, fromDay: number, toDay: number) {
  const { hosts, byDate, clearanceMs, isClosed, zones, margins } = prepareAll(input, fromDay, toDay);
  const minutes = gridMinutes(input.rules);
  const plan = (day: number, date: string) =>
    planDay(
      minutes,
      slotStartsFor(day, input.rules, zones),
      hosts,
      isClosed(day),
      byDate.get(date) ?? [],
      clearanceMs,
      zones,
      margins,
    );
  return { plan, zones };
}

/** The plan of one business date, or null when the date is not a real one. */
export function planFor(input: EngineInput, date: string): DayPlan | null {
  const day = epochDay(date);
  if (day === null) return null;
  return dayPlanner(input, day, day).plan(day, date);
}

/** The slots of one date (spec shape): free when a host is free and it is far enough ahead. */
export function hostSlotsForDate(input: EngineInput, date: string, now: Date): Slot[] {
  const plan = planFor(input, date);
  if (!plan) return [];
  return slotsForDate(date, unbuffered(input.rules), now, plan.blocked);
}

/**
 * The plans of the window's weekdays from today through today + `days`, by date, and which of
 * them anyone can work (the others are left out of the day list).
 */
export function planWindow(input: EngineInput, now: Date, days: number) {
  const rules = unbuffered(input.rules);
  const today = epochDay(todayIn(rules.timeZone, now)) as number;
  const last = epochDay(lastBookableDate(rules, now)) as number;
  const { plan: planOf, zones } = dayPlanner(input, today, last);
  const blocked = new Map<string, Set<string>>();
  const open = new Set<string>();
  for (const { date } of bookingDays(rules, now, days, new Map(), zones)) {
    const day = epochDay(date) as number;
    const plan = planOf(day, date);
    if (plan.open) open.add(date);
    blocked.set(date, plan.blocked);
  }
  return { blocked, open, zones };
}

/** The bookable days (spec shape): a day no host can work is absent. */
export function hostBookingDays(input: EngineInput, now: Date, days: number): BookingDay[] {
  const { blocked, open, zones } = planWindow(input, now, days);
  return bookingDays(unbuffered(input.rules), now, days, blocked, zones).filter((d) => open.has(d.date));
}

/** The hosts free for a slot, in no order (empty: none), for the booking to choose from. */
export function freeHostsAt(input: EngineInput, date: string, time: string): string[] {
  return planFor(input, date)?.free.get(time) ?? [];
}
