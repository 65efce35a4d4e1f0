import { Mail, Phone, RotateCcw, UserCheck } from "lucide-react";
import { data, Form, href } from "react-router";
import { ActionNotice } from "~/components/console/action-notice";
import { EmailOrErased } from "~/components/console/email-or-erased";
import { ListToolbar } from "~/components/console/list-toolbar";
import { Pagination } from "~/components/pagination";
import { PendingIcon } from "~/components/pending-icon";
import { consoleMeta } from "~/components/site/noindex-meta";
import { useSubmittingValue } from "~/components/submit-button";
import { CALLBACK_STATUSES, type CallbackRequest } from "~/db/schema";
import { actorOf } from "~/domain/accounts/actor";
import { bookingRules } from "~/domain/calendar/calendar.server";
import { listCallbacks, setCallbackStatus, toCallbackJson } from "~/domain/meetings/callbacks.server";
import { SOURCE_LABELS } from "~/domain/meetings/lead-schemas";
import { companySizeLabel } from "~/domain/subscriptions/options";
import { failedActionAnswer } from "~/http/action-failure.server";
import { requireAdmin } from "~/http/guards.server";
import { pageCount, pageParam, showingRange } from "~/lib/pagination";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/callbacks";
import { formatInstant, SectionHeader, StatusBadge } from "./meeting-ui";

/**
 * Requests per page. The spec sets no size for this list; 20, like its sibling tab Demo Meetings,
 * keeps a full page's HTML and render time near a seeded database's (bench:scale, decision 035).
 */
const PAGE_SIZE = 20;
const CALLBACK_UPDATE_FAILED = "Failed to update the callback request. Please try again.";
const FILTERS = ["all", ...CALLBACK_STATUSES] as const;
const FILTER_LABELS = { all: "All", new: "New", contacted: "Contacted" } as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const requested = url.searchParams.get("status") ?? "all";
  const status = (FILTERS as readonly string[]).includes(requested) ? (requested as (typeof FILTERS)[number]) : "all";
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = pageParam(url.searchParams.get("page")) ?? 1;
  const { callbacks, total } = await listCallbacks({ status, q: q || undefined, page, limit: PAGE_SIZE });
  return {
    callbacks: callbacks.map(toCallbackJson),
    total,
    page,
    pages: pageCount(total, PAGE_SIZE),
    status,
    q,
    timeZone: bookingRules().timeZone,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = actorOf(await requireAdmin(request));
  const form = await request.formData();
  const id = String(form.get("callbackId") ?? "").slice(0, 64);
  const intent = form.get("intent");
  const status: CallbackRequest["status"] | null =
    intent === "contacted" ? "contacted" : intent === "reopen" ? "new" : null;
  if (!status || !id) return data({ ok: false, message: "Unknown action." }, { status: 400 });
  try {
    const callback = await setCallbackStatus(actor, id, status);
    return {
      ok: true,
      message:
        status === "contacted"
          ? `Marked ${callback.firstName} ${callback.lastName} as contacted.`
          : `Marked ${callback.firstName} ${callback.lastName} as new again.`,
    };
  } catch (error) {
    return failedActionAnswer(error, CALLBACK_UPDATE_FAILED);
  }
}

export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, () => ({ ok: false, message: CALLBACK_UPDATE_FAILED }));
}

export default function Callbacks({ loaderData, actionData }: Route.ComponentProps) {
  const { callbacks, total, page, pages, status, q, timeZone } = loaderData;
  const range = showingRange(page, PAGE_SIZE, total);
  const pendingId = useSubmittingValue("callbackId");
  const listHref = (next: { status?: string; q?: string; page?: number }) => {
    const params = new URLSearchParams();
    const s = next.status ?? status;
    const term = next.q ?? q;
    if (s !== "all") params.set("status", s);
    if (term) params.set("q", term);
    if (next.page && next.page > 1) params.set("page", String(next.page));
    const search = params.toString();
    return `${href("/admin/dashboard/meetings/callbacks")}${search ? `?${search}` : ""}`;
  };
  return (
    <div className="mx-auto max-w-6xl">
      <SectionHeader
        title="Demo Meetings"
        description="Callback requests from the booking page and Enterprise leads from the pricing page. We promise to call within 24 hours."
      />
      <ActionNotice result={actionData} />
      <ListToolbar
        filters={FILTERS}
        labels={FILTER_LABELS}
        status={status}
        q={q}
        hrefFor={(filter) => listHref({ status: filter })}
        searchId="callback-search"
        landmarkLabel="Search callback requests"
      />
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
        {total === 0
          ? "No callback requests match."
          : `Showing ${range.from} to ${range.to} of ${total} callback ${total === 1 ? "request" : "requests"}, newest first.`}
      </p>
      <div className="mt-4 grid gap-4 xl:grid-cols-2">
        {callbacks.map((callback) => (
          <article
            key={callback.id}
            className="card p-5"
            aria-labelledby={`callback-${callback.id}`}
            data-testid="callback-card"
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 id={`callback-${callback.id}`} className="text-base font-semibold">
                  {callback.firstName} {callback.lastName}
                </h2>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {callback.company}
                  {callback.teamSize ? ` · ${companySizeLabel(callback.teamSize)}` : ""}
                </p>
                <p
                  className="mt-1 text-xs font-medium text-slate-500 dark:text-slate-400"
                  data-testid="callback-source"
                >
                  Source: {SOURCE_LABELS[callback.source]}
                </p>
              </div>
              <StatusBadge status={callback.status} />
            </div>
            <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
              <div className="flex items-center gap-2">
                <dt>
                  <Mail aria-hidden className="size-4 text-slate-500" />
                  <span className="sr-only">Email</span>
                </dt>
                <dd className="min-w-0 break-words">
                  <EmailOrErased email={callback.email} />
                </dd>
              </div>
              <div className="flex items-center gap-2">
                <dt>
                  <Phone aria-hidden className="size-4 text-slate-500" />
                  <span className="sr-only">Phone</span>
                </dt>
                <dd>
                  {callback.phone ? (
                    <a
                      href={`tel:${callback.phone.replace(/[^\d+]/g, "")}`}
                      className="text-brand-700 hover:underline dark:text-brand-300"
                    >
                      {callback.phone.replaceAll(" ", "\u00a0")}
                    </a>
                  ) : (
                    "—"
                  )}
                </dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-slate-500 dark:text-slate-400">Message</dt>
                <dd className="break-words whitespace-pre-line">{callback.message || "—"}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="sr-only">Received</dt>
                <dd className="text-xs text-slate-500 dark:text-slate-400">
                  Received {formatInstant(callback.createdAt, timeZone)}
                </dd>
              </div>
            </dl>
            <Form method="post" className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
              <input type="hidden" name="callbackId" value={callback.id} />
              {callback.status === "new" ? (
                <button
                  type="submit"
                  name="intent"
                  value="contacted"
                  className="btn-primary"
                  disabled={pendingId === callback.id}
                >
                  <PendingIcon pending={pendingId === callback.id} icon={UserCheck} />
                  Mark contacted
                  <span className="sr-only">
                    : {callback.firstName} {callback.lastName}
                  </span>
                </button>
              ) : (
                <button
                  type="submit"
                  name="intent"
                  value="reopen"
                  className="btn-secondary"
                  disabled={pendingId === callback.id}
                >
                  <RotateCcw aria-hidden className="size-4" />
                  Mark as new
                  <span className="sr-only">
                    : {callback.firstName} {callback.lastName}
                  </span>
                </button>
              )}
            </Form>
          </article>
        ))}
      </div>
      <Pagination
        page={page}
        totalPages={pages}
        href={(p) => listHref({ page: p })}
        label="Callback request pages"
        className="mt-6 flex flex-wrap items-center justify-center gap-1"
      />
    </div>
  );
}

export function meta() {
  return consoleMeta("Callbacks | Demo Meetings");
}
