import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { CalendarCheck, CalendarDays, Check, ChevronLeft, ChevronRight, Clock, Globe, Loader2 } from "lucide-react";
import { Form, href, Link } from "react-router";
import { BotCheck } from "~/components/bot-check";
import { FieldError, FormError } from "~/components/field-error";
import { FormNotice } from "~/components/form-notice";
import { Honeypot } from "~/components/honeypot";
import { longDateLabel } from "~/domain/calendar/month";
import { FIELD_LIMITS, MEETING_TEXTS } from "~/domain/meetings/texts";
import { WEEKDAY_NAMES } from "~/lib/calendar-names";
import { DEMO_BOOKING_NOTICE } from "~/lib/consent";
import { useKeptInput } from "~/lib/use-kept-input";
import { TextAreaField, TextField, useDemoForm } from "./form-fields";
import { StepTitle } from "./step-title";
import { slotLabel, TZ_PARAM, timeZoneOptions, useShownTimeZone, wizardQuery, zoneCaption } from "./visitor-time";
import type { BookedMeeting, MonthView, WizardState } from "./wizard.server";

const STEPS = [
  { key: "date", label: "Date" },
  { key: "time", label: "Time" },
  { key: "details", label: "Details" },
  { key: "confirmation", label: "Confirmation" },
] as const;

type Step = (typeof STEPS)[number]["key"];

export function StepIndicator({ step }: { step: Step }) {
  const current = STEPS.findIndex((s) => s.key === step);
  return (
    <ol role="list" aria-label="Booking steps" className="mb-6 grid grid-cols-4 gap-2 text-xs font-medium sm:text-sm">
      {STEPS.map((s, i) => {
        const done = i < current;
        const active = i === current;
        return (
          <li
            key={s.key}
            aria-current={active ? "step" : undefined}
            className={`flex flex-col items-center gap-1.5 border-t-4 pt-2 sm:flex-row sm:gap-2 ${
              done || active ? "border-brand-600 dark:border-brand-400" : "border-slate-200 dark:border-slate-700"
            } ${active ? "text-brand-700 dark:text-brand-200" : "text-slate-600 dark:text-slate-300"}`}
          >
            <span
              className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs ${
                done
                  ? "bg-brand-600 text-white dark:bg-brand-400 dark:text-slate-950"
                  : active
                    ? "border-2 border-brand-600 dark:border-brand-400"
                    : "border border-slate-300 dark:border-slate-600"
              }`}
            >
              {done ? <Check aria-hidden className="size-3.5" /> : i + 1}
            </span>
            <span>
              {s.label}
              {done ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

// ------------------------------------------------------------------ date

const MONTH_LINK =
  "inline-flex size-10 items-center justify-center rounded-lg border border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800";

/** Previous / next month: a link while that month has bookable days, else a dimmed placeholder. */
function MonthLink({
  month,
  label,
  Icon,
  keptTimeZone,
}: {
  month: string | null;
  label: string;
  Icon: typeof ChevronLeft;
  keptTimeZone: string | null;
}) {
  return month ? (
    <Link to={wizardQuery({ month }, keptTimeZone)} className={MONTH_LINK} aria-label={label} preventScrollReset>
      <Icon aria-hidden className="size-5" />
    </Link>
  ) : (
    <span className={`${MONTH_LINK} opacity-40`} aria-hidden>
      <Icon className="size-5" />
    </span>
  );
}

export function DateStep({
  calendar,
  notice,
  keptTimeZone = null,
}: {
  calendar: MonthView;
  notice: string | null;
  keptTimeZone?: string | null;
}) {
  return (
    <section aria-labelledby="date-step-title">
      <StepTitle id="date-step-title" icon={CalendarDays}>
        Select a date
      </StepTitle>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Weekdays only, from today up to 60 days ahead.</p>
      {notice ? (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {notice}
        </p>
      ) : null}
      <div className="mt-5 flex items-center justify-between">
        <MonthLink month={calendar.prev} label="Previous month" Icon={ChevronLeft} keptTimeZone={keptTimeZone} />
        <p className="text-base font-semibold" aria-live="polite" data-testid="calendar-month">
          {calendar.label}
        </p>
        <MonthLink month={calendar.next} label="Next month" Icon={ChevronRight} keptTimeZone={keptTimeZone} />
      </div>
      <table className="mt-4 w-full table-fixed border-separate border-spacing-1 text-center">
        <caption className="sr-only">{calendar.label}: choose a day</caption>
        <thead>
          <tr>
            {[1, 2, 3, 4, 5, 6, 0].map((dow) => (
              <th
                key={dow}
                scope="col"
                abbr={WEEKDAY_NAMES[dow]}
                className="pb-1 text-xs font-medium text-slate-500 dark:text-slate-400"
              >
                {WEEKDAY_NAMES[dow]!.slice(0, 3)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendar.weeks.map((week, w) => (
            <tr key={w}>
              {week.map((day, d) => (
                <td key={d} className="p-0">
                  {day ? <DayCell day={day} keptTimeZone={keptTimeZone} /> : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul
        role="list"
        className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400"
        aria-label="Legend"
      >
        <li className="inline-flex items-center gap-1.5">
          <span
            aria-hidden
            className="size-3 rounded border border-brand-300 bg-brand-50 dark:border-brand-700 dark:bg-brand-950"
          />
          Available
        </li>
        <li className="inline-flex items-center gap-1.5">
          <span aria-hidden className="size-3 rounded bg-slate-100 dark:bg-slate-800" />
          Fully booked
        </li>
        <li className="inline-flex items-center gap-1.5">
          <span aria-hidden className="size-3 rounded ring-2 ring-inset ring-accent-500" />
          Today
        </li>
      </ul>
    </section>
  );
}

function DayCell({ day, keptTimeZone }: { day: MonthView["weeks"][number][number] & {}; keptTimeZone: string | null }) {
  const base = "flex h-11 w-full items-center justify-center rounded-lg text-sm sm:h-12";
  const today = day.isToday ? " ring-2 ring-inset ring-accent-500" : "";
  const label = longDateLabel(day.date);
  if (day.state !== "open") {
    const full = day.state === "full";
    return (
      <span
        className={`${base}${today} ${
          full
            ? "bg-slate-100 text-slate-600 line-through dark:bg-slate-800 dark:text-slate-400"
            : "text-slate-500 dark:text-slate-400"
        }`}
      >
        <span aria-hidden>{day.day}</span>
        <span className="sr-only">
          {label}: {full ? "fully booked" : "not available"}
        </span>
      </span>
    );
  }
  return (
    <Link
      to={wizardQuery({ date: day.date }, keptTimeZone)}
      data-date={day.date}
      aria-label={`${label}: ${day.freeSlots} ${day.freeSlots === 1 ? "time" : "times"} available`}
      className={`${base}${today} border border-brand-200 bg-brand-50 font-semibold text-brand-800 hover:border-brand-500 hover:bg-brand-100 dark:border-brand-800 dark:bg-brand-950 dark:text-brand-100 dark:hover:border-brand-400 dark:hover:bg-brand-900`}
    >
      {day.day}
    </Link>
  );
}

// ------------------------------------------------------------------ time

function SelectedSummary({
  icon: Icon,
  label,
  value,
  changeTo,
  changeLabel,
}: {
  icon: typeof Clock;
  label: string;
  value: React.ReactNode;
  changeTo: string;
  changeLabel: string;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-50 px-4 py-3 dark:bg-slate-800/60">
      <p className="flex items-center gap-2 text-sm">
        <Icon aria-hidden className="size-5 shrink-0 text-brand-600 dark:text-brand-300" />
        <span>
          <span className="block text-xs text-slate-500 dark:text-slate-400">{label}</span>
          <span className="font-semibold" data-testid={`selected-${label.toLowerCase()}`}>
            {value}
          </span>
        </span>
      </p>
      <Link to={changeTo} className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
        {changeLabel}
      </Link>
    </div>
  );
}

/**
 * The visitor's time zone, chosen without JavaScript: a GET form that reloads the same step
 * (its date and time ride along) with `?tz=`; the select starts at the zone the page shows.
 */
export function TimeZonePicker({ shown, keep }: { shown: string; keep: Record<string, string> }) {
  return (
    <Form method="get" preventScrollReset className="mt-3 flex flex-wrap items-end gap-2" data-testid="timezone-form">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="grid gap-1 text-sm">
        <span className="font-medium text-slate-700 dark:text-slate-200">Your time zone</span>
        {/* Keyed by the zone: when JavaScript learns the browser's zone, the select shows it. */}
        <select key={shown} name={TZ_PARAM} defaultValue={shown} className="input min-h-11 w-64 max-w-full">
          {timeZoneOptions(shown).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, " ")}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn-secondary min-h-11">
        Show times
      </button>
    </Form>
  );
}

function TimeZoneNote({ businessTimeZone, visitorTimeZone }: { businessTimeZone: string; visitorTimeZone: string }) {
  const now = new Date();
  return (
    <p className="mt-3 flex items-start gap-2 text-sm text-slate-600 dark:text-slate-300" data-testid="timezone-note">
      <Globe aria-hidden className="mt-0.5 size-4 shrink-0" />
      {visitorTimeZone !== businessTimeZone ? (
        <span>
          Times are shown in your time zone, <strong>{zoneCaption(visitorTimeZone, now)}</strong>, with our time (
          {zoneCaption(businessTimeZone, now)}) beside them.
        </span>
      ) : (
        <span>
          Times are in <strong>{zoneCaption(businessTimeZone, now)}</strong>.
        </span>
      )}
    </p>
  );
}

export function TimeStep({
  wizard,
  businessTimeZone,
  knownTimeZone = null,
  keptTimeZone = null,
  zonePicker = false,
  notice,
}: {
  wizard: Extract<WizardState, { step: "time" }>;
  businessTimeZone: string;
  /** The zone the server knows (the visitor's choice or the edge's), else null. */
  knownTimeZone?: string | null;
  /** The visitor's `?tz=` choice, carried on in the links. */
  keptTimeZone?: string | null;
  /** The booking page's zone select (its GET form knows only the booking page's parameters). */
  zonePicker?: boolean;
  notice: string | null;
}) {
  const visitorTimeZone = useShownTimeZone(knownTimeZone, businessTimeZone);
  const open = wizard.slots.filter((s) => s.available);
  return (
    <section aria-labelledby="time-step-title" className="space-y-4">
      <SelectedSummary
        icon={CalendarDays}
        label="Date"
        value={wizard.dateLabel}
        changeTo={wizardQuery({ month: wizard.month }, keptTimeZone)}
        changeLabel="Change Date"
      />
      <div>
        <StepTitle id="time-step-title" icon={Clock}>
          Select a time
        </StepTitle>
        <TimeZoneNote businessTimeZone={businessTimeZone} visitorTimeZone={visitorTimeZone} />
        {zonePicker ? <TimeZonePicker shown={visitorTimeZone} keep={{ date: wizard.date }} /> : null}
      </div>
      <FormError error={notice} />
      {open.length === 0 ? (
        <p
          role="status"
          className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300"
        >
          {MEETING_TEXTS.noSlots}
        </p>
      ) : (
        <ul role="list" className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Available times">
          {open.map((slot) => {
            const label = slotLabel(slot, wizard.date, businessTimeZone, visitorTimeZone);
            return (
              <li key={slot.time}>
                <Link
                  to={wizardQuery({ date: wizard.date, time: slot.time }, keptTimeZone)}
                  data-testid={`slot-${slot.time}`}
                  className="flex min-h-12 flex-col items-center justify-center rounded-lg border border-slate-300 px-2 py-2 text-sm font-semibold text-slate-800 hover:border-brand-500 hover:bg-brand-50 dark:border-slate-700 dark:text-slate-100 dark:hover:border-brand-400 dark:hover:bg-brand-950"
                >
                  <span>{label.main}</span>
                  {label.aside ? (
                    <span className="text-xs font-normal text-slate-500 dark:text-slate-400">
                      {label.aside} our time
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** With JavaScript, shown while the chosen date's slots load. */
export function LoadingTimes() {
  return (
    <p
      role="status"
      className="flex items-center justify-center gap-2 py-10 text-sm text-slate-600 dark:text-slate-300"
    >
      <Loader2 aria-hidden className="size-5 animate-spin" />
      {MEETING_TEXTS.loadingSlots}
    </p>
  );
}

// ------------------------------------------------------------------ details

export function DetailsStep({
  wizard,
  businessTimeZone,
  knownTimeZone,
  keptTimeZone,
  lastResult,
}: {
  wizard: Extract<WizardState, { step: "details" }>;
  businessTimeZone: string;
  knownTimeZone: string | null;
  keptTimeZone: string | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { hydrated, busy, form, fields } = useDemoForm({
    id: "booking",
    intent: "book",
    schema: "booking",
    lastResult,
    defaultValue: wizard.prefill ?? undefined,
  });
  // Back to the times and Forward again (or a reload) keep the name and the rest as typed (decision 048).
  useKeptInput(form.id);
  const visitorTimeZone = useShownTimeZone(knownTimeZone, businessTimeZone);
  const label = slotLabel(
    { time: wizard.time, startsAt: wizard.startsAt },
    wizard.date,
    businessTimeZone,
    visitorTimeZone,
  );
  return (
    <section aria-labelledby="details-step-title" className="space-y-4">
      <SelectedSummary
        icon={CalendarDays}
        label="Date"
        value={wizard.dateLabel}
        changeTo={wizardQuery({ month: wizard.date.slice(0, 7) }, keptTimeZone)}
        changeLabel="Change Date"
      />
      <SelectedSummary
        icon={Clock}
        label="Time"
        value={
          <>
            {label.main}
            {label.aside ? ` ${visitorTimeZone} (${label.aside} our time)` : ` (${businessTimeZone})`}
          </>
        }
        changeTo={wizardQuery({ date: wizard.date }, keptTimeZone)}
        changeLabel="Change Time"
      />
      <TimeZonePicker shown={visitorTimeZone} keep={{ date: wizard.date, time: wizard.time }} />
      <h2 id="details-step-title" className="pt-2 text-lg font-semibold">
        Your details
      </h2>
      <Form method="post" {...getFormProps(form)} noValidate={hydrated} className="space-y-4">
        <input type="hidden" name="intent" value="book" />
        <input type="hidden" name="date" value={wizard.date} />
        <input type="hidden" name="timeSlot" value={wizard.time} />
        <input type="hidden" name="visitorTimezone" value={visitorTimeZone} />
        <Honeypot id="booking-faxNumber" />
        <BotCheck />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.name} label="Name" required autoComplete="name" maxLength={FIELD_LIMITS.name} />
          <TextField meta={fields.email} label="Email" type="email" required autoComplete="email" maxLength={254} />
          <TextField meta={fields.phone} label="Phone" type="tel" autoComplete="tel" maxLength={FIELD_LIMITS.phone} />
          <TextField
            meta={fields.company}
            label="Company"
            autoComplete="organization"
            maxLength={FIELD_LIMITS.company}
          />
        </div>
        <TextAreaField
          meta={fields.notes}
          label="Notes"
          maxLength={FIELD_LIMITS.notes}
          placeholder="What would you like to see in the demo?"
        />
        <FieldError id={fields.date.errorId} error={fields.date.errors?.[0]} />
        <FieldError id={fields.timeSlot.errorId} error={fields.timeSlot.errors?.[0]} />
        <FormNotice notice={DEMO_BOOKING_NOTICE} />
        <FormError error={form.errors?.[0]} testId="booking-error" />
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
          {busy ? (
            <>
              <Loader2 aria-hidden className="size-4 animate-spin" />
              {MEETING_TEXTS.scheduling}
            </>
          ) : (
            <>
              <CalendarCheck aria-hidden className="size-4" />
              Schedule Meeting
            </>
          )}
        </button>
      </Form>
    </section>
  );
}

// ------------------------------------------------------------------ confirmation

export function Confirmation({ meeting, businessTimeZone }: { meeting: BookedMeeting; businessTimeZone: string }) {
  // The zone stored with the booking; an older booking without one reads in the browser's.
  const visitorTimeZone = useShownTimeZone(meeting.visitorTimeZone, businessTimeZone);
  const local = slotLabel(
    { time: meeting.timeSlot, startsAt: meeting.startsAt },
    meeting.date,
    businessTimeZone,
    visitorTimeZone,
  );
  return (
    <section aria-labelledby="confirmation-title" className="py-4 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300">
        <Check aria-hidden className="size-8" />
      </span>
      <div role="status">
        <h2 id="confirmation-title" className="mt-4 text-2xl font-bold">
          {MEETING_TEXTS.scheduled}
        </h2>
      </div>
      <dl className="mx-auto mt-6 max-w-sm space-y-2 rounded-lg bg-slate-50 p-4 text-left text-sm dark:bg-slate-800/60">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600 dark:text-slate-300">Date</dt>
          <dd className="text-right font-semibold" data-testid="confirmed-date">
            {meeting.dateLabel}
          </dd>
        </div>
        {local.aside ? (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600 dark:text-slate-300">Your time</dt>
            <dd className="text-right font-semibold" data-testid="confirmed-local-time">
              {local.main} ({visitorTimeZone})
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600 dark:text-slate-300">{local.aside ? "Our time" : "Time"}</dt>
          <dd className="text-right font-semibold" data-testid="confirmed-time">
            {meeting.timeLabel} – {meeting.endLabel} ({businessTimeZone})
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600 dark:text-slate-300">Length</dt>
          <dd className="text-right font-semibold">30 minutes, video call</dd>
        </div>
      </dl>
      <p className="mx-auto mt-6 max-w-md text-slate-600 dark:text-slate-300">{MEETING_TEXTS.confirmationNote}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={href("/demo")} className="btn-secondary">
          Schedule Another Meeting
        </Link>
      </div>
    </section>
  );
}
