import { Download, Filter } from "lucide-react";
import { data, Form, href, Link, useNavigation } from "react-router";
import { ActionNotice } from "~/components/console/action-notice";
import { FilterInput } from "~/components/console/filter-input";
import { FilterSelect } from "~/components/console/filter-select";
import { StatusBadge } from "~/components/console/status-badge";
import { Pagination } from "~/components/pagination";
import { PendingIcon } from "~/components/pending-icon";
import { consoleMeta } from "~/components/site/noindex-meta";
import { actorOf } from "~/domain/accounts/actor";
import { can } from "~/domain/accounts/permissions";
import { bookingRules } from "~/domain/calendar/calendar.server";
import { isLate, listLeads, salesMembers, storedTouch, updateLeads } from "~/domain/leads/leads.server";
import { KIND_LABELS, kindsOf, LEAD_KINDS, LEAD_STATUSES, STATUS_LABELS } from "~/domain/leads/model";
import { leadFiltersOf } from "~/domain/leads/schemas";
import { failedActionAnswer } from "~/http/action-failure.server";
import { requireAdmin } from "~/http/guards.server";
import { pageCount, showingRange } from "~/lib/pagination";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/leads";
import { OwnerSelect } from "./leads/owner-select";
import { postedLeadPatch } from "./leads/posted-patch";
import { formatInstant } from "./meetings/meeting-ui";

/** Leads per page: one row each, so a page stays small at any inbox size (bench:scale). */
const PAGE_SIZE = 25;
const BULK_FAILED = "Failed to update the leads. Please try again.";
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  const url = new URL(request.url);
  const { query, given, problem } = leadFiltersOf(url.searchParams, PAGE_SIZE);
  const [{ leads, total }, members] = await Promise.all([listLeads(query), salesMembers()]);
  const now = new Date();
  const owners = new Map(members.map((m) => [m.id, m.name]));
  return {
    leads: leads.map((lead) => {
      const first = storedTouch(lead.firstTouch);
      return {
        id: lead.id,
        name: lead.name,
        email: lead.email,
        company: lead.company,
        companyDomain: lead.companyDomain,
        kinds: kindsOf(lead.kinds),
        status: lead.status,
        owner: lead.ownerId ? (owners.get(lead.ownerId) ?? "Former member") : null,
        source: first?.source ?? null,
        medium: first?.medium ?? null,
        campaign: first?.campaign ?? null,
        createdAt: lead.createdAt.toISOString(),
        late: lead.slaNotifiedAt !== null || isLate(lead, now),
      };
    }),
    total,
    page: query.page,
    pages: pageCount(total, PAGE_SIZE),
    given,
    problem,
    members,
    canChange: can(session.admin.role, "update:lead:any"),
    canExport: can(session.admin.role, "export:lead:any"),
    timeZone: bookingRules().timeZone,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = actorOf(await requireAdmin(request));
  const form = await request.formData();
  const ids = form
    .getAll("id")
    .map((v) => String(v).slice(0, 64))
    .slice(0, PAGE_SIZE);
  if (!ids.length) return data({ ok: false, message: "Choose at least one lead." }, { status: 400 });
  const intent = form.get("intent");
  const patch = postedLeadPatch(form, intent);
  if (!patch.success || (intent !== "assign" && intent !== "status")) {
    return data({ ok: false, message: patch.error?.issues[0]?.message ?? "Unknown action." }, { status: 400 });
  }
  if (intent === "assign" && !patch.data.ownerId) {
    return data({ ok: false, message: "Choose an owner." }, { status: 400 });
  }
  if (intent === "status" && !patch.data.status) {
    return data({ ok: false, message: "Choose a status." }, { status: 400 });
  }
  try {
    const { updated, skipped } = await updateLeads(actor, ids, patch.data);
    const message = `Updated ${updated} ${updated === 1 ? "lead" : "leads"}${skipped ? `; ${skipped} skipped (already so, or changed meanwhile)` : ""}.`;
    return { ok: true, message };
  } catch (error) {
    return failedActionAnswer(error, BULK_FAILED);
  }
}

export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, () => ({ ok: false, message: BULK_FAILED }));
}

export default function Leads({ loaderData, actionData }: Route.ComponentProps) {
  const { leads, total, page, pages, given, problem, members, canChange, canExport, timeZone } = loaderData;
  const range = showingRange(page, PAGE_SIZE, total);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  const value = (name: string) => (given as Record<string, string>)[name] ?? "";
  /** A filter field's id, name and the value the list was asked with. */
  const filter = (name: string, id = name) => ({ id: `lead-${id}`, name, value: value(name) });
  const listHref = (p: number) => {
    const params = new URLSearchParams(given as Record<string, string>);
    if (p > 1) params.set("page", String(p));
    else params.delete("page");
    const search = params.toString();
    return `${href("/admin/dashboard/leads")}${search ? `?${search}` : ""}`;
  };
  const exportParams = new URLSearchParams(given as Record<string, string>);
  exportParams.delete("page");
  const exportSearch = exportParams.toString();
  return (
    <div className="mx-auto max-w-6xl">
      <div className="mb-6">
        <h1 className="text-2xl font-bold">Leads</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Every demo booking, callback, Enterprise enquiry, trial signup and newsletter sign-up, one row per person,
          with where they came from.
        </p>
      </div>
      <ActionNotice result={actionData} />
      {problem ? (
        <p
          role="alert"
          className="mb-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {problem}
        </p>
      ) : null}
      <Form method="get" className="card grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Filter leads">
        <div className="sm:col-span-2">
          <FilterInput
            id="lead-search"
            name="q"
            type="search"
            label="Search leads"
            value={value("q")}
            maxLength={100}
            placeholder="Name, email or company"
          />
        </div>
        <div>
          <FilterSelect
            {...filter("status")}
            label="Status"
            all="All statuses"
            options={LEAD_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          />
        </div>
        <div>
          <FilterSelect
            {...filter("ownerId", "owner")}
            label="Owner"
            all="All owners"
            options={[{ value: "none", label: "Unassigned" }, ...members.map((m) => ({ value: m.id, label: m.name }))]}
          />
        </div>
        <div>
          <FilterSelect
            {...filter("kind")}
            label="Kind"
            all="All kinds"
            options={LEAD_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          />
        </div>
        <div>
          <FilterInput {...filter("source")} label="Source" maxLength={64} placeholder="Any" />
        </div>
        <div>
          <FilterInput {...filter("campaign")} label="Campaign" maxLength={64} placeholder="Any" />
        </div>
        <div className="grid grid-cols-2 gap-2">
          <div>
            <label htmlFor="lead-from" className="label">
              From
            </label>
            <input id="lead-from" name="from" type="date" defaultValue={value("from")} className="input" />
          </div>
          <div>
            <label htmlFor="lead-to" className="label">
              To
            </label>
            <input id="lead-to" name="to" type="date" defaultValue={value("to")} className="input" />
          </div>
        </div>
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-4">
          <button type="submit" className="btn-primary">
            <Filter aria-hidden className="size-4" />
            Apply filters
          </button>
          <Link to={href("/admin/dashboard/leads")} className="btn-secondary">
            Clear
          </Link>
          {canExport ? (
            <a
              href={`${href("/admin/dashboard/leads/export.csv")}${exportSearch ? `?${exportSearch}` : ""}`}
              className="btn-secondary"
              download
            >
              <Download aria-hidden className="size-4" />
              Download CSV
            </a>
          ) : null}
        </div>
      </Form>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
        {total === 0
          ? "No leads match."
          : `Showing ${range.from} to ${range.to} of ${total} ${total === 1 ? "lead" : "leads"}, newest first.`}
      </p>
      <Form method="post" className="mt-4" aria-label="Leads">
        {canChange ? (
          <fieldset className="card mb-4 flex flex-wrap items-end gap-3 p-4">
            <legend className="sr-only">Change the chosen leads</legend>
            <div>
              <label htmlFor="bulk-owner" className="label">
                Owner
              </label>
              <OwnerSelect id="bulk-owner" members={members} defaultValue="" />
            </div>
            <button type="submit" name="intent" value="assign" className="btn-secondary" disabled={busy}>
              <PendingIcon pending={busy && navigation.formData?.get("intent") === "assign"} />
              Assign chosen
            </button>
            <div>
              <label htmlFor="bulk-status" className="label">
                Status
              </label>
              <select id="bulk-status" name="status" className="input" defaultValue="">
                <option value="">Choose…</option>
                {LEAD_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="bulk-reason" className="label">
                Reason (lost, disqualified)
              </label>
              <input id="bulk-reason" type="text" name="reason" maxLength={500} className="input" />
            </div>
            <button type="submit" name="intent" value="status" className="btn-secondary" disabled={busy}>
              <PendingIcon pending={busy && navigation.formData?.get("intent") === "status"} />
              Set status of chosen
            </button>
          </fieldset>
        ) : null}
        <ul className="grid gap-3">
          {leads.map((lead) => (
            <li key={lead.id} className="card flex gap-3 p-4" data-testid="lead-row">
              {canChange ? (
                <input
                  type="checkbox"
                  name="id"
                  value={lead.id}
                  aria-label={`Choose ${lead.name || lead.email}`}
                  className="mt-1 size-4 shrink-0"
                />
              ) : null}
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="text-base font-semibold">
                      <Link to={href("/admin/dashboard/leads/:id", { id: lead.id })} className="hover:underline">
                        {lead.name || lead.email}
                      </Link>
                    </h2>
                    <p className="text-sm break-words text-slate-600 dark:text-slate-300">
                      {lead.email}
                      {lead.company ? ` · ${lead.company}` : lead.companyDomain ? ` · ${lead.companyDomain}` : ""}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    {lead.late ? <StatusBadge status="failed" label="Past SLA" /> : null}
                    <StatusBadge status={lead.status} label={STATUS_LABELS[lead.status]} />
                  </div>
                </div>
                <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-4">
                  <div>
                    <dt className="inline text-slate-500 dark:text-slate-400">Source: </dt>
                    <dd className="inline" data-testid="lead-source">
                      {lead.source ? `${lead.source}${lead.medium ? ` / ${lead.medium}` : ""}` : "Direct"}
                    </dd>
                  </div>
                  <div>
                    <dt className="inline text-slate-500 dark:text-slate-400">Campaign: </dt>
                    <dd className="inline" data-testid="lead-campaign">
                      {lead.campaign ?? "—"}
                    </dd>
                  </div>
                  <div>
                    <dt className="inline text-slate-500 dark:text-slate-400">Kind: </dt>
                    <dd className="inline">{lead.kinds.map((k) => KIND_LABELS[k]).join(", ")}</dd>
                  </div>
                  <div>
                    <dt className="inline text-slate-500 dark:text-slate-400">Owner: </dt>
                    <dd className="inline" data-testid="lead-owner">
                      {lead.owner ?? "Unassigned"}
                    </dd>
                  </div>
                  <div className="sm:col-span-2 lg:col-span-4">
                    <dt className="sr-only">Arrived</dt>
                    <dd className="text-xs text-slate-500 dark:text-slate-400">
                      Arrived {formatInstant(lead.createdAt, timeZone)}
                    </dd>
                  </div>
                </dl>
              </div>
            </li>
          ))}
        </ul>
      </Form>
      <Pagination
        page={page}
        totalPages={pages}
        href={listHref}
        label="Lead pages"
        className="mt-6 flex flex-wrap items-center justify-center gap-1"
      />
    </div>
  );
}

export function meta() {
  return consoleMeta("Leads");
}
