import { ArrowLeft } from "lucide-react";
import { data, Form, href, Link } from "react-router";
import { consoleMeta } from "~/components/site/noindex-meta";
import { bookingRules } from "~/domain/calendar/calendar.server";
import { attendanceProblem } from "~/domain/meetings/attendance.server";
import { getMeeting, toMeetingJson } from "~/domain/meetings/meetings.server";
import { requireAdmin } from "~/http/guards.server";
import { config } from "~/lib/config.server";
import { revalidateOnConflict } from "~/lib/revalidate";
import type { Route } from "./+types/details";
import { saveAttendance } from "./attendance-action.server";
import { formIntent, saveMeetingLink } from "./link-action.server";
import { MeetingLinkForm } from "./meeting-link-form";
import {
  DecisionForms,
  DecisionMessage,
  MeetingError,
  MeetingFacts,
  submitDecision,
  suggestedLink,
} from "./meeting-ui";
import { type DecisionResult, decideMeeting } from "./status-action.server";

/** View Details without JavaScript (with it, the list opens a dialog instead). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const meeting = await getMeeting(params.id);
  if (!meeting) throw data("Meeting not found.", { status: 404 });
  // Back from the reject confirmation (without JavaScript): said only while it is true.
  const decided = new URL(request.url).searchParams.get("decided");
  const notice: DecisionResult | null =
    decided === "rejected" && meeting.status === "cancelled"
      ? {
          ok: true,
          message: `Rejected: the meeting with ${meeting.name} is cancelled and they have been emailed.`,
          reason: null,
          meetingId: meeting.id,
        }
      : null;
  return {
    notice,
    meeting: toMeetingJson(meeting),
    timeZone: bookingRules().timeZone,
    linkTemplate: config().MEETING_LINK_TEMPLATE,
    // Attended / No-show: once the demo has ended, for 7 days (decision 084).
    attendanceOpen: attendanceProblem(meeting, new Date()) === null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const intent = await formIntent(request);
  if (intent === "attendance") return saveAttendance(request);
  return intent === "link" ? saveMeetingLink(request) : decideMeeting(request);
}

/** A 409 means someone else decided first: reload so the card shows the current status. */
export const shouldRevalidate = revalidateOnConflict;

/** With JavaScript, a failed Approve / Reject shows the spec's message; the page stays. */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitDecision(args);
}

export default function MeetingDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { meeting, timeZone, linkTemplate, notice, attendanceOpen } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <Link
        to={href("/admin/dashboard/meetings")}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
      >
        <ArrowLeft aria-hidden className="size-4" /> Back to Demo Meetings
      </Link>
      <h1 className="mt-4 text-2xl font-bold">{meeting.name}</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Meeting details</p>
      <div className="mt-6">
        <DecisionMessage result={actionData ?? notice ?? undefined} />
      </div>
      <section className="card p-6" aria-label="Meeting details">
        <MeetingFacts meeting={meeting} timeZone={timeZone} />
        {meeting.status === "scheduled" || meeting.status === "confirmed" ? (
          <div className="mt-6 flex flex-wrap gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
            <DecisionForms meeting={meeting} linkTemplate={linkTemplate} from="details" />
            <MeetingLinkForm meeting={meeting} defaultLink={suggestedLink(meeting, linkTemplate)} />
          </div>
        ) : null}
        {attendanceOpen ? (
          <Form
            method="post"
            className="mt-6 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-4 dark:border-slate-800"
          >
            <input type="hidden" name="intent" value="attendance" />
            <input type="hidden" name="meetingId" value={meeting.id} />
            <p className="w-full text-sm text-slate-600 sm:w-auto sm:flex-1 dark:text-slate-300">
              The demo has ended. Did {meeting.name} come?
            </p>
            <button type="submit" name="attended" value="yes" className="btn-primary">
              Attended
            </button>
            <button type="submit" name="attended" value="no" className="btn-secondary">
              No-show
            </button>
          </Form>
        ) : meeting.attendance ? (
          <p className="mt-6 border-t border-slate-200 pt-4 text-sm dark:border-slate-800" data-testid="attendance">
            {meeting.attendance === "attended" ? "Attended." : "No-show: the visitor was emailed a link to book again."}
          </p>
        ) : null}
      </section>
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return consoleMeta(`${loaderData?.meeting.name ?? "Meeting"} | Demo Meetings`);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <MeetingError error={error} />;
}
