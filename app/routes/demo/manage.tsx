import { CalendarClock, CalendarDays, CalendarPlus, CalendarX, Check, Clock, Download, Video } from "lucide-react";
import { data, Form, href, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { Field } from "~/components/field";
import { PendingIcon } from "~/components/pending-icon";
import { noindexMeta } from "~/components/site/noindex-meta";
import type { Meeting } from "~/db/schema";
import { formatTime12h, inTimeZone, slotEnd, zoneName } from "~/domain/calendar/availability";
import { bookingRules } from "~/domain/calendar/calendar.server";
import { longDateLabel } from "~/domain/calendar/month";
import { clientAddress } from "~/domain/limits/client-limits.server";
import { googleCalendarUrl, outlookCalendarUrl } from "~/domain/meetings/calendar-links";
import { calendarEvent } from "~/domain/meetings/emails.server";
import {
  cancelByVisitor,
  changeCutoffMinutes,
  changeProblem,
  rescheduleByVisitor,
} from "~/domain/meetings/manage.server";
import { BookingDateSchema, TimeSlotSchema } from "~/domain/meetings/schemas";
import { manageUrl, meetingByToken } from "~/domain/meetings/tokens.server";
import { refusal } from "~/http/retry-after.server";
import { BRAND } from "~/lib/brand";
import { siteUrl } from "~/lib/config.server";
import { isAppError } from "~/lib/errors";
import { revalidateOnConflict } from "~/lib/revalidate";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/manage";
import { DateStep, LoadingTimes, TimeStep, TimeZonePicker } from "./booking-wizard";
import { canonicalTimeZone, slotLabel, useShownTimeZone, useVisitorTimeZone, wizardQuery } from "./visitor-time";
import { edgeTimeZone, wizardState } from "./wizard.server";

/** The reschedule steps use the booking wizard's URL parameters on this page. */
const WIZARD_PARAMS = ["reschedule", "month", "date", "time"];
const REASON_MAX = 500;
const CHANGE_FAILED = "Your booking could not be changed. Please try again.";
const CHANGE_OFFLINE = "Your booking could not be changed. Please check your connection and try again.";

export async function loader({ request, params }: Route.LoaderArgs) {
  const meeting = await meetingByToken(params.token);
  if (!meeting) throw data("Not found", { status: 404 });
  const url = new URL(request.url);
  const now = new Date();
  const { timeZone } = bookingRules();
  const problem = changeProblem(meeting, now, await changeCutoffMinutes());
  const rescheduling = !problem && WIZARD_PARAMS.some((p) => url.searchParams.has(p));
  const end = slotEnd(meeting.startsAt);
  const visitorZone = meeting.visitorTimezone && meeting.visitorTimezone !== timeZone ? meeting.visitorTimezone : null;
  const visitor = visitorZone ? inTimeZone(meeting.startsAt, visitorZone) : null;
  return {
    meeting: {
      status: meeting.status,
      name: meeting.name,
      dateLabel: longDateLabel(meeting.date),
      timeLabel: `${formatTime12h(meeting.timeSlot)} – ${inTimeZone(end, timeZone).label} ${zoneName(timeZone, meeting.startsAt)} (${timeZone})`,
      visitorLabel: visitor
        ? `${longDateLabel(visitor.date)}, ${visitor.label} – ${inTimeZone(end, visitorZone!).label} ${visitor.zone} (${visitorZone})`
        : null,
      meetingLink: meeting.status === "confirmed" ? meeting.meetingLink : null,
      startsAt: meeting.startsAt.toISOString(),
      endsAt: end.toISOString(),
      businessTimeZone: timeZone,
    },
    calendar: addToCalendar(meeting, params.token, siteUrl()),
    problem,
    done: url.searchParams.get("done"),
    // The new times read in the visitor's zone (decision 085): their `?tz=` choice, else the zone
    // they booked in, else the edge's, else (with JavaScript) the browser's, else ours.
    reschedule: rescheduling
      ? await wizardState(url, now, null, canonicalTimeZone(meeting.visitorTimezone) ?? edgeTimeZone(request))
      : null,
  };
}

/** "Add to calendar" for a booking still ahead: Google and Outlook links, and the .ics file. */
function addToCalendar(meeting: Meeting, token: string, siteUrl: string) {
  if (meeting.status !== "scheduled" && meeting.status !== "confirmed") return null;
  const event = calendarEvent(meeting, manageUrl(siteUrl, token));
  return {
    google: googleCalendarUrl(event),
    outlook: outlookCalendarUrl(event, "personal"),
    office: outlookCalendarUrl(event, "work"),
    ics: href("/demo/manage/:token/calendar.ics", { token }),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const meeting = await meetingByToken(params.token);
  if (!meeting) throw data("Not found", { status: 404 });
  const form = await request.formData();
  const here = `/demo/manage/${params.token}`;
  try {
    if (form.get("intent") === "cancel") {
      const reason = String(form.get("reason") ?? "")
        .trim()
        .slice(0, REASON_MAX);
      await cancelByVisitor(meeting, { reason, clientAddress: clientAddress(request) });
      return redirect(`${here}?done=cancelled`);
    }
    if (form.get("intent") === "reschedule") {
      const date = BookingDateSchema.safeParse(form.get("date"));
      const timeSlot = TimeSlotSchema.safeParse(form.get("timeSlot"));
      if (!date.success || !timeSlot.success) {
        return data({ error: "Please choose a date and a time.", slotTaken: false }, { status: 400 });
      }
      await rescheduleByVisitor(
        meeting,
        { date: date.data, timeSlot: timeSlot.data },
        { clientAddress: clientAddress(request) },
      );
      return redirect(`${here}?done=rescheduled`);
    }
    return data({ error: "Unknown action.", slotTaken: false }, { status: 400 });
  } catch (error) {
    if (isAppError(error) && (error.status === 400 || error.status === 409 || error.status === 429)) {
      const slotTaken = error.extra.details?.some((d) => d.field === "timeSlot") ?? false;
      return refusal({ error: error.message, slotTaken }, error);
    }
    console.error(error);
    return data({ error: CHANGE_FAILED, slotTaken: false }, { status: 500 });
  }
}

/**
 * With JavaScript, a request that gets no answer says so above the booking (decision 050): the
 * page, the chosen new time and the cancel reason as typed stay, instead of the error page.
 */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, () => ({ error: CHANGE_OFFLINE, slotTaken: false }));
}

/** A refused change means the booking or the slots moved on: reload them. */
export const shouldRevalidate = revalidateOnConflict;

type LoaderData = Route.ComponentProps["loaderData"];

export default function ManageBooking({ loaderData, actionData, params }: Route.ComponentProps) {
  const { meeting, problem, done, reschedule } = loaderData;
  const navigation = useNavigation();
  const loadingTimes =
    navigation.state === "loading" &&
    !navigation.formMethod &&
    navigation.location.pathname === `/demo/manage/${params.token}` &&
    new URLSearchParams(navigation.location.search).has("date") &&
    !new URLSearchParams(navigation.location.search).has("time");
  const inactive = meeting.status === "cancelled" || meeting.status === "completed";

  return (
    <main className="bg-gradient-to-b from-brand-50 to-white pb-20 dark:from-brand-950/40 dark:to-slate-950">
      <div className="mx-auto max-w-3xl px-4 pt-12 sm:px-6 sm:pt-16">
        <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase dark:text-brand-300">
          Your demo booking
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Manage your booking</h1>
        <Notice done={done} status={meeting.status} />
        {actionData?.error && !actionData.slotTaken ? (
          <p
            role="alert"
            data-testid="manage-error"
            className="mt-6 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {actionData.error}
          </p>
        ) : null}

        <section className="card mt-6 p-5 sm:p-8" aria-labelledby="meeting-title">
          <h2 id="meeting-title" className="flex items-center gap-2 text-lg font-semibold">
            {inactive ? (
              <CalendarX aria-hidden className="size-5 text-slate-500 dark:text-slate-400" />
            ) : (
              <CalendarClock aria-hidden className="size-5 text-brand-600 dark:text-brand-300" />
            )}
            {BRAND.name} demo, 30 minutes
          </h2>
          <Facts meeting={meeting} />
          {loaderData.calendar ? <AddToCalendar links={loaderData.calendar} /> : null}
          {meeting.status === "cancelled" ? (
            <div className="mt-6 border-t border-slate-200 pt-5 dark:border-slate-800">
              <p className="font-semibold" data-testid="manage-state">
                This booking was cancelled.
              </p>
              <Link to={href("/demo")} className="btn-primary mt-4">
                Book a new demo
              </Link>
            </div>
          ) : meeting.status === "completed" ? (
            <div className="mt-6 border-t border-slate-200 pt-5 dark:border-slate-800">
              <p className="font-semibold" data-testid="manage-state">
                This demo has already taken place.
              </p>
              <Link to={href("/demo")} className="btn-secondary mt-4">
                Book another demo
              </Link>
            </div>
          ) : problem ? (
            <p className="mt-6 border-t border-slate-200 pt-5 text-sm dark:border-slate-800" data-testid="manage-state">
              {problem}
            </p>
          ) : reschedule ? null : (
            <Actions />
          )}
        </section>

        {reschedule ? (
          <section className="card mt-6 p-5 sm:p-8" aria-labelledby="reschedule-title">
            <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
              <h2 id="reschedule-title" className="text-lg font-semibold">
                Choose a new time
              </h2>
              <Link
                to="."
                className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
                preventScrollReset
              >
                Keep the current time
              </Link>
            </div>
            <RescheduleSteps
              state={reschedule}
              loadingTimes={loadingTimes}
              notice={actionData?.slotTaken ? actionData.error : null}
            />
          </section>
        ) : null}
      </div>
    </main>
  );
}

function Notice({ done, status }: { done: string | null; status: string }) {
  const text =
    done === "rescheduled" && status === "scheduled"
      ? "Your meeting has moved. We have emailed you an updated invitation; our team will confirm the new time."
      : done === "cancelled" && status === "cancelled"
        ? "Your booking is cancelled. We have emailed you a calendar update."
        : null;
  if (!text) return null;
  return (
    <p
      role="status"
      className="mt-6 flex items-start gap-2 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
    >
      <Check aria-hidden className="mt-0.5 size-4 shrink-0" />
      {text}
    </p>
  );
}

const STATUS_TEXT: Record<string, string> = {
  scheduled: "Waiting for our confirmation",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  completed: "Completed",
};

/**
 * When the demo is, in the visitor's own time first (the zone they booked in, else their
 * browser's with JavaScript) and in ours beside it; in ours alone when the two are the same.
 */
function Facts({ meeting }: { meeting: LoaderData["meeting"] }) {
  const browserZone = useVisitorTimeZone();
  const row = "grid gap-1 sm:grid-cols-[8rem_minmax(0,1fr)] sm:gap-3";
  const term = "text-sm text-slate-500 dark:text-slate-400";
  const struck = meeting.status === "cancelled" ? " line-through decoration-slate-400" : "";
  const yours =
    meeting.visitorLabel ??
    (browserZone && browserZone !== meeting.businessTimeZone ? zonedLabel(meeting, browserZone) : null);
  return (
    <dl className="mt-5 space-y-3">
      {yours ? (
        <>
          <div className={row}>
            <dt className={term}>Your time</dt>
            <dd className={`font-semibold${struck}`} data-testid="manage-visitor-time">
              {yours}
            </dd>
          </div>
          <div className={row}>
            <dt className={term}>Our time</dt>
            <dd className={struck}>
              <span data-testid="manage-date">{meeting.dateLabel}</span>,{" "}
              <span data-testid="manage-time">{meeting.timeLabel}</span>
            </dd>
          </div>
        </>
      ) : (
        <>
          <div className={row}>
            <dt className={term}>Date</dt>
            <dd className={`font-semibold${struck}`}>
              <span data-testid="manage-date">{meeting.dateLabel}</span>
            </dd>
          </div>
          <div className={row}>
            <dt className={term}>Time</dt>
            <dd className={`font-semibold${struck}`} data-testid="manage-time">
              {meeting.timeLabel}
            </dd>
          </div>
        </>
      )}
      <div className={row}>
        <dt className={term}>Status</dt>
        <dd data-testid="manage-status">{STATUS_TEXT[meeting.status]}</dd>
      </div>
      {meeting.meetingLink ? (
        <div className={row}>
          <dt className={term}>Video call</dt>
          <dd className="min-w-0 break-all">
            <a
              href={meeting.meetingLink}
              className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline dark:text-brand-300"
            >
              <Video aria-hidden className="size-4 shrink-0" />
              {meeting.meetingLink}
            </a>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** "Monday, November 23, 2026, 6:05 AM – 6:35 AM GMT+1 (Europe/Berlin)". */
function zonedLabel(meeting: LoaderData["meeting"], zone: string) {
  const start = inTimeZone(new Date(meeting.startsAt), zone);
  const end = inTimeZone(new Date(meeting.endsAt), zone);
  return `${longDateLabel(start.date)}, ${start.label} – ${end.label} ${start.zone} (${zone})`;
}

/**
 * Add the demo to a calendar: Google Calendar and Outlook on the web open their new-event page
 * filled in; the .ics file (Apple Calendar, Thunderbird, any other app) is the invitation's event.
 * Plain links, so they work without JavaScript.
 */
function AddToCalendar({ links }: { links: NonNullable<LoaderData["calendar"]> }) {
  const link =
    "inline-flex items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800";
  const external = { target: "_blank", rel: "noopener noreferrer" } as const;
  return (
    <div className="mt-6 border-t border-slate-200 pt-5 dark:border-slate-800">
      <h3 className="flex items-center gap-2 font-semibold">
        <CalendarPlus aria-hidden className="size-5 text-brand-600 dark:text-brand-300" />
        Add to your calendar
      </h3>
      <ul className="mt-3 flex flex-wrap gap-2" data-testid="add-to-calendar">
        <li>
          <a href={links.google} className={link} {...external}>
            Google Calendar<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <a href={links.outlook} className={link} {...external}>
            Outlook.com<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <a href={links.office} className={link} {...external}>
            Outlook (Microsoft 365)<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <a href={links.ics} className={link} download="flowlane-demo.ics">
            <Download aria-hidden className="size-4" /> Apple Calendar and others (.ics)
          </a>
        </li>
      </ul>
    </div>
  );
}

function Actions() {
  const navigation = useNavigation();
  const cancelling = navigation.state === "submitting" && navigation.formData?.get("intent") === "cancel";
  return (
    <div className="mt-6 grid gap-6 border-t border-slate-200 pt-5 sm:grid-cols-2 dark:border-slate-800">
      <div>
        <h3 className="font-semibold">Another time?</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Pick a new date and time; your details stay.</p>
        <Link to="?reschedule=1" className="btn-secondary mt-3" preventScrollReset>
          <CalendarDays aria-hidden className="size-4" />
          Reschedule
        </Link>
      </div>
      <Form method="post" className="space-y-3">
        <h3 className="font-semibold">Can't make it?</h3>
        <Field id="cancel-reason" label="Reason" note="optional" maxLength={REASON_MAX}>
          <textarea name="reason" rows={2} maxLength={REASON_MAX} className="input" />
        </Field>
        <button type="submit" name="intent" value="cancel" className="btn-danger" disabled={cancelling}>
          <PendingIcon pending={cancelling} />
          Cancel booking
        </button>
      </Form>
    </div>
  );
}

function RescheduleSteps({
  state,
  loadingTimes,
  notice,
}: {
  state: NonNullable<LoaderData["reschedule"]>;
  loadingTimes: boolean;
  notice: string | null;
}) {
  const { wizard, businessTimeZone, visitorTimeZone: known, keptTimeZone } = state;
  const shown = useShownTimeZone(known, businessTimeZone);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "reschedule";
  if (loadingTimes) return <LoadingTimes />;
  if (wizard.step === "date") {
    return <DateStep calendar={wizard.calendar} notice={wizard.notice} keptTimeZone={keptTimeZone} />;
  }
  if (wizard.step === "time") {
    return (
      <TimeStep
        wizard={wizard}
        businessTimeZone={businessTimeZone}
        knownTimeZone={known}
        keptTimeZone={keptTimeZone}
        zonePicker
        notice={notice ?? wizard.notice}
      />
    );
  }
  if (wizard.step !== "details") return null;
  const label = slotLabel({ time: wizard.time, startsAt: wizard.startsAt }, wizard.date, businessTimeZone, shown);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-50 px-4 py-3 dark:bg-slate-800/60">
        <p className="flex items-center gap-2 text-sm">
          <Clock aria-hidden className="size-5 shrink-0 text-brand-600 dark:text-brand-300" />
          <span>
            <span className="block text-xs text-slate-500 dark:text-slate-400">New time</span>
            <span className="font-semibold" data-testid="new-time">
              {wizard.dateLabel}, {label.main}
              {label.aside ? ` ${shown} (${label.aside} our time)` : ` (${businessTimeZone})`}
            </span>
          </span>
        </p>
        <Link
          to={wizardQuery({ date: wizard.date }, keptTimeZone)}
          className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          Change Time
        </Link>
      </div>
      <TimeZonePicker shown={shown} keep={{ date: wizard.date, time: wizard.time }} />
      <Form method="post">
        <input type="hidden" name="date" value={wizard.date} />
        <input type="hidden" name="timeSlot" value={wizard.time} />
        <button type="submit" name="intent" value="reschedule" className="btn-primary" disabled={saving}>
          <PendingIcon pending={saving} icon={Check} />
          Confirm new time
        </button>
      </Form>
    </div>
  );
}

export function meta() {
  return noindexMeta("Manage your booking");
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  if (!missing) console.error(error);
  return (
    <ErrorPage
      status={missing ? 404 : 500}
      title={missing ? "This booking link is not valid" : "Your booking could not be loaded"}
      message={
        missing
          ? "Please use the link from your latest email about the demo, or book a new demo at /demo."
          : "Something went wrong. Please try again in a moment."
      }
    />
  );
}
