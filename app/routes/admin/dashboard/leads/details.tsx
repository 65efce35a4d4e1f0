import { ArrowLeft, MessageSquarePlus, UserRoundCog } from "lucide-react";
import { data, Form, href, Link } from "react-router";
import { ActionNotice } from "~/components/console/action-notice";
import { StatusBadge } from "~/components/console/status-badge";
import { PendingIcon } from "~/components/pending-icon";
import { consoleMeta } from "~/components/site/noindex-meta";
import { useSubmittingValue } from "~/components/submit-button";
import { actorOf } from "~/domain/accounts/actor";
import { can } from "~/domain/accounts/permissions";
import { bookingRules } from "~/domain/calendar/calendar.server";
import type { Touch } from "~/domain/leads/attribution";
import {
  addLeadNote,
  isLate,
  leadTimeline,
  requireLead,
  salesMembers,
  slaHours,
  toLeadJson,
  updateLead,
} from "~/domain/leads/leads.server";
import { KIND_LABELS, LEAD_STATUSES, REASON_REQUIRED, STATUS_LABELS } from "~/domain/leads/model";
import { LeadNoteSchema, NOTE_MAX, REASON_MAX } from "~/domain/leads/schemas";
import { failedActionAnswer } from "~/http/action-failure.server";
import { requireAdmin } from "~/http/guards.server";
import { isAppError } from "~/lib/errors";
import { submitKeepingInput } from "~/lib/submit-failure";
import { formatInstant } from "../meetings/meeting-ui";
import type { Route } from "./+types/details";
import { OwnerSelect } from "./owner-select";
import { postedLeadPatch } from "./posted-patch";

const CHANGE_FAILED = "Failed to update the lead. Please try again.";

export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  const lead = await requireLead(params.id).catch((error) => {
    if (isAppError(error) && error.status === 404) throw new Response("Lead not found.", { status: 404 });
    throw error;
  });
  const [timeline, members] = await Promise.all([leadTimeline(lead), salesMembers()]);
  return {
    lead: { ...toLeadJson(lead), reason: lead.statusReason, companyDomain: lead.companyDomain },
    late: lead.slaNotifiedAt !== null || isLate(lead, new Date()),
    slaHours: slaHours(),
    timeline,
    members,
    owner: members.find((m) => m.id === lead.ownerId) ?? null,
    canChange: can(session.admin.role, "update:lead:any"),
    timeZone: bookingRules().timeZone,
  };
}

type Answer = { ok: boolean; message: string; field?: string };

export async function action({ request, params }: Route.ActionArgs) {
  const actor = actorOf(await requireAdmin(request));
  const form = await request.formData();
  const intent = form.get("intent");
  try {
    if (intent === "note") {
      const note = LeadNoteSchema.safeParse({ text: form.get("text") ?? "" });
      if (!note.success) {
        return data<Answer>(
          { ok: false, message: note.error.issues[0]?.message ?? "Write a note.", field: "text" },
          400,
        );
      }
      await addLeadNote(actor, params.id, note.data.text);
      return { ok: true, message: "Note added." } satisfies Answer;
    }
    if (intent === "status" || intent === "assign") {
      const patch = postedLeadPatch(form, intent);
      if (!patch.success)
        return data<Answer>({ ok: false, message: patch.error.issues[0]?.message ?? CHANGE_FAILED }, 400);
      const lead = await updateLead(actor, params.id, patch.data);
      const message =
        intent === "assign" ? "Owner changed." : `Status changed to ${STATUS_LABELS[lead.status].toLowerCase()}.`;
      return { ok: true, message } satisfies Answer;
    }
    return data<Answer>({ ok: false, message: "Unknown action." }, 400);
  } catch (error) {
    return failedActionAnswer(error, CHANGE_FAILED);
  }
}

export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, (): Answer => ({ ok: false, message: CHANGE_FAILED }));
}

/** Minutes as "1 h 5 min" (speed to lead). */
function duration(from: string, to: string) {
  const minutes = Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 60000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}

function TouchList({ title, touch, timeZone }: { title: string; touch: Touch | null; timeZone: string }) {
  const rows: [string, string | null][] = touch
    ? [
        ["Source", touch.source],
        ["Medium", touch.medium],
        ["Campaign", touch.campaign],
        ["Term", touch.term],
        ["Content", touch.content],
        ["Click id", touch.clickId],
        ["Referrer", touch.referrer],
        ["Landing page", touch.landingPath],
        ["Landed", formatInstant(touch.at, timeZone)],
      ]
    : [];
  return (
    <div>
      <h3 className="text-sm font-semibold">{title}</h3>
      {touch ? (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {rows
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
                <dd className="min-w-0 break-words" data-testid={`touch-${label.toLowerCase()}`}>
                  {value}
                </dd>
              </div>
            ))}
        </dl>
      ) : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">Direct: no campaign or referrer was recorded.</p>
      )}
    </div>
  );
}

export default function LeadDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, late, timeline, members, owner, canChange, timeZone } = loaderData;
  const submitting = useSubmittingValue("intent");
  const pending = (intent: string) => submitting === intent;
  return (
    <div className="mx-auto max-w-5xl">
      <Link to={href("/admin/dashboard/leads")} className="inline-flex items-center gap-1 text-sm hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        All leads
      </Link>
      <div className="mt-3 mb-6 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words">{lead.name || lead.email}</h1>
          <p className="text-sm break-words text-slate-600 dark:text-slate-300">
            <a href={`mailto:${lead.email}`} className="text-brand-700 hover:underline dark:text-brand-300">
              {lead.email}
            </a>
            {lead.company ? ` · ${lead.company}` : ""}
            {lead.companyDomain ? ` · ${lead.companyDomain}` : ""}
          </p>
          <p className="mt-1 text-sm">{lead.kinds.map((k) => KIND_LABELS[k]).join(", ")}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {late ? <StatusBadge status="failed" label="Past SLA" /> : null}
          <span data-testid="lead-status">
            <StatusBadge status={lead.status} label={STATUS_LABELS[lead.status]} />
          </span>
        </div>
      </div>
      <ActionNotice result={actionData} />
      <div className="grid gap-4 lg:grid-cols-3">
        <section className="card p-5 lg:col-span-2 lg:self-start" aria-labelledby="attribution-title">
          <h2 id="attribution-title" className="text-base font-semibold">
            Where they came from
          </h2>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <TouchList title="First touch" touch={lead.attribution.first} timeZone={timeZone} />
            <TouchList title="Last touch" touch={lead.attribution.last} timeZone={timeZone} />
          </div>
        </section>
        <section className="card p-5" aria-labelledby="pipeline-title">
          <h2 id="pipeline-title" className="text-base font-semibold">
            Pipeline
          </h2>
          <dl className="mt-3 grid gap-2 text-sm">
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Owner</dt>
              <dd data-testid="lead-owner">{owner ? owner.name : "Unassigned"}</dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Arrived</dt>
              <dd>{formatInstant(lead.createdAt, timeZone)}</dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Speed to lead</dt>
              <dd data-testid="speed-to-lead">
                {lead.firstTouchAt ? duration(lead.createdAt, lead.firstTouchAt) : "Not touched yet"}
              </dd>
            </div>
            {lead.reason ? (
              <div>
                <dt className="text-slate-500 dark:text-slate-400">Reason</dt>
                <dd className="break-words">{lead.reason}</dd>
              </div>
            ) : null}
          </dl>
          {canChange ? (
            <>
              <Form method="post" className="mt-4 grid gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
                <label htmlFor="lead-status-select" className="label">
                  Status
                </label>
                <select id="lead-status-select" name="status" defaultValue={lead.status} className="input">
                  {LEAD_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {STATUS_LABELS[s]}
                      {REASON_REQUIRED.has(s) ? " (give a reason)" : ""}
                    </option>
                  ))}
                </select>
                <label htmlFor="lead-reason" className="label">
                  Reason
                </label>
                <input id="lead-reason" type="text" name="reason" maxLength={REASON_MAX} className="input" />
                <button type="submit" name="intent" value="status" className="btn-primary" disabled={pending("status")}>
                  <PendingIcon pending={pending("status")} />
                  Change status
                </button>
              </Form>
              <Form method="post" className="mt-4 grid gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
                <label htmlFor="lead-owner-select" className="label">
                  Owner
                </label>
                <OwnerSelect id="lead-owner-select" members={members} defaultValue={owner?.id ?? ""} />
                <button
                  type="submit"
                  name="intent"
                  value="assign"
                  className="btn-secondary"
                  disabled={pending("assign")}
                >
                  <PendingIcon pending={pending("assign")} icon={UserRoundCog} />
                  Assign
                </button>
              </Form>
            </>
          ) : null}
        </section>
      </div>
      <section className="card mt-4 p-5" aria-labelledby="timeline-title">
        <h2 id="timeline-title" className="text-base font-semibold">
          Timeline
        </h2>
        {canChange ? (
          <Form method="post" className="mt-3 grid gap-2">
            <label htmlFor="lead-note" className="label">
              Add a note
            </label>
            <textarea
              id="lead-note"
              name="text"
              rows={3}
              maxLength={NOTE_MAX}
              required
              className="input"
              aria-invalid={actionData && "field" in actionData && actionData.field === "text" ? true : undefined}
            />
            <div>
              <button type="submit" name="intent" value="note" className="btn-secondary" disabled={pending("note")}>
                <PendingIcon pending={pending("note")} icon={MessageSquarePlus} />
                Add note
              </button>
            </div>
          </Form>
        ) : null}
        <ol className="mt-4 grid gap-3" data-testid="timeline">
          {[...timeline].reverse().map((entry) => (
            <li key={entry.id} className="border-l-2 border-slate-200 pl-3 dark:border-slate-700">
              <p className="text-sm break-words whitespace-pre-line">{entry.text}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {formatInstant(entry.at, timeZone)}
                {entry.actor ? ` · ${entry.actor}` : ""}
              </p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const who = loaderData ? loaderData.lead.name || loaderData.lead.email : "Lead";
  return consoleMeta(`${who} | Leads`);
}
