import { Check, Eye, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { Form, href, isRouteErrorResponse, Link, NavLink, useActionData } from "react-router";
import { EmailOrErased } from "~/components/console/email-or-erased";
import { describedBy, Field } from "~/components/field";
import { FieldError } from "~/components/field-error";
import { PendingIcon } from "~/components/pending-icon";
import { useSubmittingValue } from "~/components/submit-button";
import { formatTime12h, inTimeZone } from "~/domain/calendar/availability";
import { longDateLabel } from "~/domain/calendar/month";
import type { toMeetingJson } from "~/domain/meetings/meetings.server";
import { FIELD_LIMITS, MEETING_LINK_TEXTS, MEETING_TEXTS } from "~/domain/meetings/texts";
import { submitKeepingInput } from "~/lib/submit-failure";
import { useHydrated } from "~/lib/use-hydrated";
import type { LinkResult } from "./link-texts";
import { MeetingLinkForm, MeetingLinkInput } from "./meeting-link-form";
import type { Decision, DecisionResult } from "./status-action.server";

export type MeetingView = ReturnType<typeof toMeetingJson>;

/** The clientAction of the list and the details page: a failed Approve / Reject (or video link) submit shows its message; the page stays. */
export function submitDecision<Result>(args: { request: Request; serverAction: () => Promise<Result> }) {
  return submitKeepingInput(
    args,
    (form): DecisionResult => ({
      ok: false,
      message: form.get("intent") === "link" ? MEETING_LINK_TEXTS.notSaved : MEETING_TEXTS.statusUpdateFailed,
      reason: null,
      meetingId: String(form.get("meetingId") ?? ""),
      intent: form.get("intent") === "reject" ? "reject" : "approve",
    }),
  );
}

export function SectionHeader({ title, description }: { title: string; description: string }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</p>
      <nav
        aria-label="Demo Meetings sections"
        className="mt-5 flex gap-6 border-b border-slate-200 dark:border-slate-800"
      >
        {[
          { to: href("/admin/dashboard/meetings"), label: "Meetings", end: true },
          { to: href("/admin/dashboard/meetings/calendar"), label: "Calendar", end: true },
          { to: href("/admin/dashboard/meetings/callbacks"), label: "Callbacks", end: true },
        ].map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.end}
            className={({ isActive }) =>
              `-mb-px border-b-2 px-1 pb-3 text-sm font-semibold ${
                isActive
                  ? "border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-200"
                  : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
              }`
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}

const BADGE: Record<string, string> = {
  scheduled: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  confirmed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  completed: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  cancelled: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
  new: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  contacted: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      data-testid="status"
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${BADGE[status] ?? BADGE.completed}`}
    >
      {status}
    </span>
  );
}

/** The outcome of the last Approve / Reject, as an accessible status message. */
export function DecisionMessage({ result }: { result: DecisionResult | LinkResult | undefined }) {
  // A field's problem is said at the field (DecisionForms, RejectForm), not as a banner.
  if (!result || result.fieldErrors) return null;
  return (
    <div
      role={result.ok ? "status" : "alert"}
      data-testid="decision-message"
      className={`mb-4 rounded-lg px-4 py-3 text-sm ${
        result.ok
          ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
          : "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200"
      }`}
    >
      <p className="font-semibold">{result.message}</p>
      {result.reason ? <p className="mt-1">{result.reason}</p> : null}
    </div>
  );
}

/** "Monday, November 23, 2026, 4:05 PM" in the given timezone. */
export function formatInstant(iso: string, timeZone: string) {
  const zoned = inTimeZone(new Date(iso), timeZone);
  return `${longDateLabel(zoned.date)}, ${zoned.label}`;
}

/**
 * Name, email, phone, company, date, time slot, status and notes (spec §2). With `timeZone`,
 * also the visitor's timezone and when the request came in (the details views).
 */
export function MeetingFacts({
  meeting,
  timeZone,
  showStatus = true,
}: {
  meeting: MeetingView;
  timeZone?: string;
  showStatus?: boolean;
}) {
  const row = "grid grid-cols-[6.5rem_minmax(0,1fr)] gap-2";
  const term = "text-slate-500 dark:text-slate-400";
  return (
    <div className="@container">
      <dl className="grid gap-x-6 gap-y-2 text-sm @lg:grid-cols-2">
        <div className={row}>
          <dt className={term}>Email</dt>
          <dd className="break-words">
            <EmailOrErased email={meeting.email} />
          </dd>
        </div>
        <div className={row}>
          <dt className={term}>Phone</dt>
          <dd>{meeting.phone || "—"}</dd>
        </div>
        <div className={row}>
          <dt className={term}>Company</dt>
          <dd>{meeting.company || "—"}</dd>
        </div>
        <div className={row}>
          <dt className={term}>Date</dt>
          <dd>{longDateLabel(meeting.date)}</dd>
        </div>
        <div className={row}>
          <dt className={term}>Time slot</dt>
          <dd>{formatTime12h(meeting.timeSlot)}</dd>
        </div>
        {showStatus ? (
          <div className={row}>
            <dt className={term}>Status</dt>
            <dd>
              <StatusBadge status={meeting.status} />
            </dd>
          </div>
        ) : null}
        {meeting.meetingLink ? (
          <div className={row}>
            <dt className={term}>Meeting link</dt>
            <dd className="min-w-0 break-all">
              <a href={meeting.meetingLink} className="text-brand-700 hover:underline dark:text-brand-300">
                {meeting.meetingLink}
              </a>
            </dd>
          </div>
        ) : null}
        {timeZone ? (
          <>
            <div className={row}>
              <dt className={term}>Visitor zone</dt>
              <dd>{meeting.visitorTimezone ?? "—"}</dd>
            </div>
            <div className={row}>
              <dt className={term}>Requested</dt>
              <dd>{formatInstant(meeting.createdAt, timeZone)}</dd>
            </div>
          </>
        ) : null}
        <div className={`${row} @lg:col-span-2`}>
          <dt className={term}>Notes</dt>
          <dd className="min-w-0 break-words whitespace-pre-line">{meeting.notes || "—"}</dd>
        </div>
      </dl>
    </div>
  );
}

/** The link an Approve form starts with: the meeting's own, else MEETING_LINK_TEMPLATE with `{id}` filled in. */
export const suggestedLink = (meeting: MeetingView, template: string) =>
  meeting.meetingLink ?? (template ? template.replaceAll("{id}", meeting.id) : "");

/** The last Approve / Reject answer of this page, when it was about `meetingId` and `intent`. */
function useDecisionResult(meetingId: string, intent: Decision) {
  const result = useActionData<DecisionResult | undefined>();
  return result?.meetingId === meetingId && result.intent === intent ? result : undefined;
}

/**
 * Approve (with the video call link) and Reject. Approve is a plain POST form; Reject asks
 * first, with an optional reason for the visitor's email: a dialog with JavaScript, the
 * confirmation page (`meetings/:id/reject`) without it. Both work without JavaScript.
 */
export function DecisionForms({
  meeting,
  linkTemplate,
  from = "list",
}: {
  meeting: MeetingView;
  linkTemplate: string;
  /** Where the confirmation page without JavaScript leads back to. */
  from?: "list" | "details";
}) {
  const submittingIntent = useSubmittingValue("intent");
  const pending = useSubmittingValue("meetingId") === meeting.id;
  const pendingIntent = pending ? submittingIntent : null;
  const approved = useDecisionResult(meeting.id, "approve");
  const linkError = approved?.fieldErrors?.meetingLink;
  // The list shows a meeting twice (card and dialog): each copy needs its own input id.
  const inputId = useId();
  if (meeting.status !== "scheduled") return null;
  return (
    <>
      {/* A grid, so the link's error sits right under the field at every width. */}
      <Form method="post" className="grid w-full grid-cols-[minmax(0,1fr)_auto] items-end gap-x-2">
        <input type="hidden" name="meetingId" value={meeting.id} />
        <label htmlFor={inputId} className="label col-span-2">
          Meeting link <span className="font-normal text-slate-500 dark:text-slate-400">(sent on approval)</span>
        </label>
        <MeetingLinkInput
          id={inputId}
          defaultValue={approved?.typed?.meetingLink ?? suggestedLink(meeting, linkTemplate)}
          {...describedBy({ errorId: `${inputId}-error`, error: linkError })}
        />
        <button type="submit" name="intent" value="approve" className="btn-primary" disabled={pending}>
          <PendingIcon pending={pendingIntent === "approve"} icon={Check} />
          Approve<span className="sr-only"> the meeting with {meeting.name}</span>
        </button>
        {linkError ? (
          <div className="col-span-2" data-testid="meeting-link-error">
            <FieldError id={`${inputId}-error`} error={linkError} />
          </div>
        ) : null}
      </Form>
      <RejectControl meeting={meeting} from={from} pending={pendingIntent === "reject"} disabled={pending} />
    </>
  );
}

/** Reject: a dialog with the confirmation form (JavaScript), or a link to the confirmation page. */
function RejectControl({
  meeting,
  from,
  pending,
  disabled,
}: {
  meeting: MeetingView;
  from: "list" | "details";
  pending: boolean;
  disabled: boolean;
}) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  // The list shows a meeting twice (card and details dialog): ids of their own.
  const titleId = useId();
  const result = useDecisionResult(meeting.id, "reject");
  const label = (
    <>
      <X aria-hidden className="size-4" />
      Reject<span className="sr-only"> the meeting with {meeting.name}</span>
    </>
  );
  // Done: the dialog closes and the page says what happened.
  useEffect(() => {
    if (result?.ok && dialog.current?.open) dialog.current.close();
  }, [result]);
  if (!hydrated) {
    const to = href("/admin/dashboard/meetings/:id/reject", { id: meeting.id });
    return (
      <Link to={from === "details" ? `${to}?from=details` : to} className="btn-danger">
        {label}
      </Link>
    );
  }
  return (
    <>
      <button type="button" className="btn-danger" disabled={disabled} onClick={() => dialog.current?.showModal()}>
        {label}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        data-testid="reject-dialog"
        className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
      >
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            Reject this demo request?
          </h2>
          <div className="mt-4">
            <RejectForm
              meeting={meeting}
              result={result?.ok ? undefined : result}
              pending={pending}
              cancel={
                <button type="button" className="btn-secondary" onClick={() => dialog.current?.close()}>
                  Cancel
                </button>
              }
            />
          </div>
        </div>
      </dialog>
    </>
  );
}

/**
 * The confirmation before Reject (the dialog and the page without JavaScript): who is told
 * what, and an optional reason that the visitor's email quotes.
 */
export function RejectForm({
  meeting,
  result,
  pending,
  cancel,
}: {
  meeting: MeetingView;
  result?: DecisionResult;
  pending: boolean;
  cancel: ReactNode;
}) {
  const id = useId();
  const reasonError = result?.fieldErrors?.reason;
  return (
    <Form method="post" className="space-y-4" data-testid="reject-form">
      <input type="hidden" name="meetingId" value={meeting.id} />
      <p className="text-sm text-slate-700 dark:text-slate-200">
        The demo with <span className="font-semibold break-words">{meeting.name}</span> (
        <span className="break-all">{meeting.email}</span>) on {longDateLabel(meeting.date)} at{" "}
        {formatTime12h(meeting.timeSlot)} is cancelled, and they are emailed at once with a link to choose another time.
        This cannot be undone.
      </p>
      {result && !result.ok && !result.fieldErrors ? <DecisionMessage result={result} /> : null}
      <Field id={id} label="Reason" note="optional, quoted in their email" error={reasonError}>
        <textarea
          name="reason"
          rows={3}
          maxLength={FIELD_LIMITS.rejectReason}
          defaultValue={result?.typed?.reason}
          placeholder="For example: our team is away that week; any day after the 12th works."
          className="input"
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {cancel}
        <button type="submit" name="intent" value="reject" className="btn-danger" disabled={pending}>
          <PendingIcon pending={pending} icon={X} />
          Yes, reject
        </button>
      </div>
    </Form>
  );
}

export function MeetingCard({
  meeting,
  hostName,
  linkTemplate,
  onView,
}: {
  meeting: MeetingView;
  /** "Host: Dana" or "House calendar". */
  hostName?: string;
  linkTemplate: string;
  onView?: (id: string) => void;
}) {
  return (
    <article className="card p-5" aria-labelledby={`meeting-${meeting.id}`} data-testid="meeting-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`meeting-${meeting.id}`} className="text-base font-semibold">
            {meeting.name}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {longDateLabel(meeting.date)} at {formatTime12h(meeting.timeSlot)}
          </p>
          {hostName ? (
            <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="meeting-host">
              {hostName}
            </p>
          ) : null}
        </div>
        <StatusBadge status={meeting.status} />
      </div>
      <div className="mt-4">
        <MeetingFacts meeting={meeting} showStatus={false} />
      </div>
      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
        <DecisionForms meeting={meeting} linkTemplate={linkTemplate} />
        <MeetingLinkForm meeting={meeting} defaultLink={suggestedLink(meeting, linkTemplate)} />
        <Link
          to={href("/admin/dashboard/meetings/:id", { id: meeting.id })}
          className="btn-secondary"
          onClick={(event) => {
            if (!onView || event.metaKey || event.ctrlKey || event.shiftKey) return;
            event.preventDefault();
            onView(meeting.id);
          }}
        >
          <Eye aria-hidden className="size-4" />
          View Details<span className="sr-only"> of the meeting with {meeting.name}</span>
        </Link>
      </div>
    </article>
  );
}

/** The meeting pages' error: a meeting that does not exist, or one that could not be loaded. */
export function MeetingError({ error }: { error: unknown }) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  if (!missing) console.error(error);
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold">{missing ? "Meeting not found" : "Something went wrong"}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {missing ? "This meeting does not exist." : "The meeting could not be loaded. Please try again."}
      </p>
      <Link to={href("/admin/dashboard/meetings")} className="btn-secondary mt-6">
        Back to Demo Meetings
      </Link>
    </div>
  );
}
