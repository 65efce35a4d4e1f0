import {
  BOOKING_MESSAGES,
  dateProblem,
  formatTime12h,
  inTimeZone,
  minutesOf,
  normalizeTime,
  type Slot,
  slotEnd,
  zoneName,
} from "~/domain/calendar/availability";
import { bookingWindow } from "~/domain/calendar/calendar.server";
import { hostBookingDays, hostSlotsForDate } from "~/domain/calendar/hosts-engine";
import { isMonth, longDateLabel, monthLabel, monthOf, monthWeeks, shiftMonth } from "~/domain/calendar/month";
import { getMeeting } from "~/domain/meetings/meetings.server";
import { meetingByToken } from "~/domain/meetings/tokens.server";
import { canonicalTimeZone, TZ_PARAM } from "./visitor-time";

/**
 * The visitor's time zone as the edge knows it, or null: the `CF-Timezone` header (Cloudflare's
 * visitor-location headers, or a proxy in front) first, else `request.cf.timezone`. The header
 * comes first so a test can own the zone: local workerd fills `cf` with a fixed place (Austin).
 * Only ever a default: the visitor's own `?tz=` choice wins.
 */
export function edgeTimeZone(request: Request): string | null {
  const header = canonicalTimeZone(request.headers.get("CF-Timezone"));
  if (header) return header;
  const cf = (request as Request & { cf?: { timezone?: unknown } }).cf;
  return typeof cf?.timezone === "string" ? canonicalTimeZone(cf.timezone) : null;
}

/**
 * The zone the booking page shows times in, from the server's side: the visitor's `?tz=` choice
 * (a name that is not a zone reads as the business zone, never as an error), else the edge's.
 * `kept` is the choice to carry on in the wizard's links; null leaves the browser to decide.
 */
function visitorZone(url: URL, businessTimeZone: string, edge: string | null) {
  const raw = url.searchParams.get(TZ_PARAM);
  if (raw === null) return { visitorTimeZone: edge, keptTimeZone: null };
  const chosen = canonicalTimeZone(raw) ?? businessTimeZone;
  return { visitorTimeZone: chosen, keptTimeZone: chosen };
}

/** The details of the missed demo a rebooking token leads to (only a no-show's), or null. */
async function prefillOf(token: string): Promise<Prefill | null> {
  const meeting = await meetingByToken(token);
  if (meeting?.attendance !== "no_show") return null;
  return { name: meeting.name, email: meeting.email, phone: meeting.phone, company: meeting.company };
}

/**
 * The booking wizard's state, derived from the URL alone (`?date=`, `?time=`, `?month=`,
 * `?booked=`), so every step renders on the server and works without JavaScript.
 */

export type CalendarDay = {
  date: string;
  day: number;
  /** closed: weekend, past or beyond the window; full: no free slot left; open: bookable. */
  state: "closed" | "full" | "open";
  freeSlots: number;
  isToday: boolean;
  selected: boolean;
};

export type MonthView = {
  month: string;
  label: string;
  prev: string | null;
  next: string | null;
  weeks: (CalendarDay | null)[][];
};

export type BookedMeeting = {
  date: string;
  dateLabel: string;
  timeSlot: string;
  timeLabel: string;
  endLabel: string;
  startsAt: string;
  /** The zone the visitor booked in (stored with the meeting), or null when not known. */
  visitorTimeZone: string | null;
};

export type WizardState =
  | { step: "date"; calendar: MonthView; notice: string | null }
  | { step: "time"; date: string; dateLabel: string; month: string; slots: Slot[]; notice: string | null }
  | {
      step: "details";
      date: string;
      dateLabel: string;
      time: string;
      timeLabel: string;
      startsAt: string;
      /** The details of a missed demo's visitor coming back (decision 084), else null. */
      prefill: Prefill | null;
    }
  | { step: "confirmation"; meeting: BookedMeeting };

/** What the details step fills in for a visitor who books again after a missed demo. */
export type Prefill = { name: string; email: string; phone: string; company: string };

export const SLOT_GONE = "That time is no longer available. Please choose another time.";

export async function wizardState(
  url: URL,
  now = new Date(),
  rebookToken: string | null = null,
  edge: string | null = null,
) {
  const { rules, today, last, input } = await bookingWindow(now);
  const businessTimeZone = rules.timeZone;
  const base = {
    businessTimeZone,
    businessZone: zoneName(businessTimeZone, now),
    ...visitorZone(url, businessTimeZone, edge),
  };

  const bookedId = url.searchParams.get("booked");
  if (bookedId) {
    const meeting = await getMeeting(bookedId.slice(0, 64));
    if (meeting && (meeting.status === "scheduled" || meeting.status === "confirmed")) {
      const wizard: WizardState = {
        step: "confirmation",
        meeting: {
          date: meeting.date,
          dateLabel: longDateLabel(meeting.date),
          timeSlot: meeting.timeSlot,
          timeLabel: formatTime12h(meeting.timeSlot),
          endLabel: inTimeZone(slotEnd(meeting.startsAt), businessTimeZone).label,
          startsAt: meeting.startsAt.toISOString(),
          visitorTimeZone: canonicalTimeZone(meeting.visitorTimezone),
        },
      };
      return { ...base, wizard };
    }
  }

  const date = url.searchParams.get("date");
  const dateNotice = date ? dateProblem(date, rules, now) : null;

  if (date && !dateNotice) {
    const slots = hostSlotsForDate(input, date, now);
    const rawTime = url.searchParams.get("time");
    const time = rawTime ? normalizeTime(rawTime) : null;
    const slot = time && minutesOf(time) !== null ? slots.find((s) => s.time === time) : undefined;
    if (slot?.available) {
      const wizard: WizardState = {
        step: "details",
        date,
        dateLabel: longDateLabel(date),
        time: slot.time,
        timeLabel: formatTime12h(slot.time),
        startsAt: slot.startsAt,
        prefill: rebookToken ? await prefillOf(rebookToken) : null,
      };
      return { ...base, wizard };
    }
    const wizard: WizardState = {
      step: "time",
      date,
      dateLabel: longDateLabel(date),
      month: monthOf(date),
      slots,
      notice: rawTime ? SLOT_GONE : null,
    };
    return { ...base, wizard };
  }

  // The date step: the requested month, else the month of the first day with a free slot. The
  // window's day list has every bookable day's free count, so the grid reads it from there.
  const window = hostBookingDays(input, now, Number.POSITIVE_INFINITY);
  const freeByDate = new Map(window.map((d) => [d.date, d.availableSlots]));
  const firstOpen = window.find((d) => d.available)?.date ?? today;
  const requested = url.searchParams.get("month");
  const [minMonth, maxMonth] = [monthOf(today), monthOf(last)];
  const month =
    requested && isMonth(requested) && requested >= minMonth && requested <= maxMonth ? requested : monthOf(firstOpen);
  const weeks = monthWeeks(month).map((week) =>
    week.map((day): CalendarDay | null => {
      if (!day) return null;
      // Not in the list: a weekend, past or beyond the window (what dateProblem refuses).
      const free = freeByDate.get(day);
      const closed = free === undefined;
      const freeSlots = free ?? 0;
      return {
        date: day,
        day: Number(day.slice(8)),
        state: closed ? "closed" : freeSlots > 0 ? "open" : "full",
        freeSlots,
        isToday: day === today,
        selected: day === date,
      };
    }),
  );
  const calendar: MonthView = {
    month,
    label: monthLabel(month),
    prev: month > minMonth ? shiftMonth(month, -1) : null,
    next: month < maxMonth ? shiftMonth(month, 1) : null,
    weeks,
  };
  const wizard: WizardState = {
    step: "date",
    calendar,
    notice: dateNotice === BOOKING_MESSAGES.dateMalformed ? "Please choose a date from the calendar." : dateNotice,
  };
  return { ...base, wizard };
}
