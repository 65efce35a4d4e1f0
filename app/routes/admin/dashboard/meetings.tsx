import { X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { href, Link } from "react-router";
import { ListToolbar } from "~/components/console/list-toolbar";
import { Pagination } from "~/components/pagination";
import { consoleMeta } from "~/components/site/noindex-meta";
import { bookingRules } from "~/domain/calendar/calendar.server";
import { listMeetings, meetingStatusCounts, toMeetingJson } from "~/domain/meetings/meetings.server";
import { MEETING_FILTERS } from "~/domain/meetings/schemas";
import { requireAdmin } from "~/http/guards.server";
import { config } from "~/lib/config.server";
import { pageCount, pageParam, showingRange } from "~/lib/pagination";
import { revalidateOnConflict } from "~/lib/revalidate";
import type { Route } from "./+types/meetings";
import { HostSelect, hostLabel, UNKNOWN_HOST } from "./meetings/host-filter";
import { hostFilter } from "./meetings/host-filter.server";
import { formIntent, saveMeetingLink } from "./meetings/link-action.server";
import { MeetingLinkForm } from "./meetings/meeting-link-form";
import {
  DecisionForms,
  DecisionMessage,
  MeetingCard,
  MeetingFacts,
  type MeetingView,
  SectionHeader,
  submitDecision,
  suggestedLink,
} from "./meetings/meeting-ui";
import { type DecisionResult, decideMeeting } from "./meetings/status-action.server";

const PAGE_SIZE = 20;
type Filter = (typeof MEETING_FILTERS)[number];

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  const url = new URL(request.url);
  const { host, hostId, hosts, names, unknownHost } = await hostFilter(url, session);
  const requested = url.searchParams.get("status") ?? "all";
  const status: Filter = (MEETING_FILTERS as readonly string[]).includes(requested) ? (requested as Filter) : "all";
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = pageParam(url.searchParams.get("page")) ?? 1;
  const [{ meetings, total }, counts] = await Promise.all([
    listMeetings({ status, q: q || undefined, hostId, page, limit: PAGE_SIZE }),
    meetingStatusCounts(),
  ]);
  return {
    meetings: meetings.map(toMeetingJson),
    total,
    status,
    q,
    host,
    hosts,
    names,
    unknownHost,
    page,
    pages: pageCount(total, PAGE_SIZE),
    counts,
    timeZone: bookingRules().timeZone,
    linkTemplate: config().MEETING_LINK_TEMPLATE,
  };
}

export async function action({ request }: Route.ActionArgs) {
  return (await formIntent(request)) === "link" ? saveMeetingLink(request) : decideMeeting(request);
}

const FILTER_LABELS: Record<Filter, string> = {
  all: "All",
  scheduled: "Scheduled",
  confirmed: "Confirmed",
  completed: "Completed",
};

/** A 409 means someone else decided first: reload so the card shows the current status. */
export const shouldRevalidate = revalidateOnConflict;

/** With JavaScript, a failed Approve / Reject shows the spec's message; the list stays. */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitDecision(args);
}

export default function DemoMeetings({ loaderData, actionData }: Route.ComponentProps) {
  const { meetings, total, status, q, host, hosts, names, unknownHost, page, pages, counts, timeZone, linkTemplate } =
    loaderData;
  const range = showingRange(page, PAGE_SIZE, total);
  const [viewing, setViewing] = useState<string | null>(null);
  const viewed = meetings.find((m) => m.id === viewing) ?? null;
  const query = (changes: Record<string, string | number | null>) => {
    const params = new URLSearchParams();
    const next = { status, q, host, page: 1, ...changes };
    if (next.status && next.status !== "all") params.set("status", String(next.status));
    if (next.q) params.set("q", String(next.q));
    // Always kept: a host's own view is their default, so Everyone has to be said.
    if (next.host) params.set("host", String(next.host));
    if (next.page && next.page !== 1) params.set("page", String(next.page));
    const search = params.toString();
    return `${href("/admin/dashboard/meetings")}${search ? `?${search}` : ""}`;
  };

  return (
    <div className="mx-auto max-w-6xl">
      <SectionHeader
        title="Demo Meetings"
        description={`Demo requests from the booking page. Times are in ${timeZone}.`}
      />
      <DecisionMessage result={actionData} />

      <ListToolbar
        filters={MEETING_FILTERS}
        labels={FILTER_LABELS}
        counts={counts}
        status={status}
        q={q}
        hrefFor={(filter) => query({ status: filter })}
        searchId="meeting-search"
        landmarkLabel="Search demo meetings"
        keep={{ host }}
      />

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <HostSelect
          host={host}
          hosts={hosts}
          keep={{ status: status === "all" ? "" : status, q }}
          everyone={query({ host: "all" })}
        />
      </div>
      {unknownHost ? (
        <p role="status" className="mt-2 text-sm text-amber-800 dark:text-amber-200">
          {UNKNOWN_HOST}
        </p>
      ) : null}

      <p className="mt-4 text-sm text-slate-600 dark:text-slate-300" aria-live="polite" data-testid="meeting-count">
        {total === 0 ? "No meetings match." : `Showing ${range.from} to ${range.to} of ${total} meetings`}
        {q ? (
          <>
            {" "}
            for “{q}”.{" "}
            <Link to={query({ q: null })} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
              Clear search
            </Link>
          </>
        ) : null}
      </p>

      <div className="mt-4 grid gap-4 xl:grid-cols-2">
        {meetings.map((meeting) => (
          <MeetingCard
            key={meeting.id}
            meeting={meeting}
            hostName={hostLabel(meeting.hostId, names)}
            linkTemplate={linkTemplate}
            onView={setViewing}
          />
        ))}
      </div>

      <Pagination
        page={page}
        totalPages={pages}
        href={(p) => query({ page: p })}
        label="Meeting pages"
        className="mt-6 flex flex-wrap items-center justify-center gap-1"
      />

      <MeetingDialog
        meeting={viewed}
        timeZone={timeZone}
        linkTemplate={linkTemplate}
        onClose={() => setViewing(null)}
        closeAfter={actionData}
      />
    </div>
  );
}

/** View Details with JavaScript: a modal <dialog>. Without it, the link opens the details page. */
function MeetingDialog({
  meeting,
  timeZone,
  linkTemplate,
  onClose,
  closeAfter,
}: {
  meeting: MeetingView | null;
  timeZone: string;
  linkTemplate: string;
  onClose: () => void;
  closeAfter: unknown;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (meeting && dialog && !dialog.open) dialog.showModal();
    if (!meeting && dialog?.open) dialog.close();
  }, [meeting]);
  // After Approve / Reject from the dialog, close it: the outcome shows on the page. A problem
  // said inside the dialog (a field's, or a failed Reject in its confirmation) keeps it open.
  useEffect(() => {
    const result = closeAfter as DecisionResult | undefined;
    const saidInside = result?.fieldErrors || (result?.intent === "reject" && !result.ok);
    if (result && !saidInside && ref.current?.open) ref.current.close();
  }, [closeAfter]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="meeting-dialog-title"
      className="m-auto w-[calc(100%-2rem)] max-w-xl rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
    >
      {meeting ? (
        <div className="p-6">
          <div className="flex items-start justify-between gap-4">
            <div>
              <h2 id="meeting-dialog-title" className="text-lg font-semibold">
                {meeting.name}
              </h2>
              <p className="text-sm text-slate-600 dark:text-slate-300">Meeting details</p>
            </div>
            <button
              type="button"
              onClick={() => ref.current?.close()}
              className="inline-flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"
              aria-label="Close"
            >
              <X aria-hidden className="size-5" />
            </button>
          </div>
          <div className="mt-5">
            <MeetingFacts meeting={meeting} timeZone={timeZone} />
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
            <DecisionForms meeting={meeting} linkTemplate={linkTemplate} />
            <MeetingLinkForm meeting={meeting} defaultLink={suggestedLink(meeting, linkTemplate)} />
            <button type="button" onClick={() => ref.current?.close()} className="btn-secondary">
              Close
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

export function meta() {
  return consoleMeta("Demo Meetings");
}
