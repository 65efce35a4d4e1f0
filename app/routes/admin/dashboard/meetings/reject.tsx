import { ArrowLeft } from "lucide-react";
import { data, href, Link, redirect, useNavigation } from "react-router";
import { consoleMeta } from "~/components/site/noindex-meta";
import { getMeeting, toMeetingJson } from "~/domain/meetings/meetings.server";
import { requireAdmin } from "~/http/guards.server";
import { revalidateOnConflict } from "~/lib/revalidate";
import type { Route } from "./+types/reject";
import { DecisionMessage, MeetingError, MeetingFacts, RejectForm, StatusBadge, submitDecision } from "./meeting-ui";
import { type DecisionResult, decideMeeting } from "./status-action.server";

/**
 * Reject's confirmation without JavaScript (with it, the same form opens in a dialog on the
 * list and the details page): what the visitor is told, and an optional reason for their email.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const meeting = await getMeeting(params.id.slice(0, 64));
  if (!meeting) throw data("Meeting not found.", { status: 404 });
  const from = new URL(request.url).searchParams.get("from") === "details" ? "details" : "list";
  return { meeting: toMeetingJson(meeting), from };
}

/** Rejected: Post/Redirect/Get to the meeting's page, which says so; a refusal stays here. */
export async function action({ request, params }: Route.ActionArgs) {
  // The meeting and the decision are the ones in the address, whatever the form says.
  const answer = await decideMeeting(request, { meetingId: params.id.slice(0, 64), intent: "reject" });
  if (answer.data.ok) {
    return redirect(`${href("/admin/dashboard/meetings/:id", { id: params.id })}?decided=rejected`, 303);
  }
  return answer;
}

/** A 409 means someone else decided first: reload so the page shows the current status. */
export const shouldRevalidate = revalidateOnConflict;

/** With JavaScript, a failed request says so above the form, the reason as typed. */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitDecision(args);
}

export default function RejectMeeting({ loaderData, actionData }: Route.ComponentProps) {
  const { meeting, from } = loaderData;
  const navigation = useNavigation();
  const back =
    from === "details" ? href("/admin/dashboard/meetings/:id", { id: meeting.id }) : href("/admin/dashboard/meetings");
  const result = actionData as DecisionResult | undefined;
  return (
    <div className="mx-auto max-w-2xl">
      <Link
        to={back}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
      >
        <ArrowLeft aria-hidden className="size-4" />{" "}
        {from === "details" ? "Back to the meeting" : "Back to Demo Meetings"}
      </Link>
      <h1 className="mt-4 text-2xl font-bold">Reject this demo request?</h1>
      <section className="card mt-6 p-6" aria-label="Meeting details">
        <MeetingFacts meeting={meeting} />
        <div className="mt-6 border-t border-slate-200 pt-5 dark:border-slate-800">
          {meeting.status === "scheduled" ? (
            <RejectForm
              meeting={meeting}
              result={result}
              pending={navigation.state === "submitting"}
              cancel={
                <Link to={back} className="btn-secondary">
                  Cancel
                </Link>
              }
            />
          ) : (
            <div className="space-y-4">
              <DecisionMessage result={result} />
              <p className="flex items-center gap-2 text-sm" data-testid="reject-not-needed">
                This meeting is no longer waiting for a decision: <StatusBadge status={meeting.status} />
              </p>
              <Link to={back} className="btn-secondary">
                {from === "details" ? "Back to the meeting" : "Back to Demo Meetings"}
              </Link>
            </div>
          )}
        </div>
      </section>
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return consoleMeta(`Reject ${loaderData?.meeting.name ?? "meeting"} | Demo Meetings`);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <MeetingError error={error} />;
}
