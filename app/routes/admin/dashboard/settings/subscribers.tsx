import { Download } from "lucide-react";
import { href, useLocation } from "react-router";
import { formatDateTime, useConsoleTimezone } from "~/components/console/format";
import { FilterPills } from "~/components/console/list-toolbar";
import { StatusBadge } from "~/components/console/status-badge";
import { consoleMeta } from "~/components/site/noindex-meta";
import { SUBSCRIBER_STATUSES } from "~/db/schema";
import { listSubscribers } from "~/domain/newsletter/newsletter.server";
import { SubscriberListQuerySchema } from "~/domain/newsletter/schemas";
import { mayOpen, requireAdmin } from "~/http/guards.server";
import { pageCount, showingRange } from "~/lib/pagination";
import type { Route } from "./+types/subscribers";
import { CardPagination } from "./settings-ui";

const PAGE_SIZE = 25;
const FILTERS = [
  { value: "all", label: "All" },
  ...SUBSCRIBER_STATUSES.map((status) => ({ value: status, label: status })),
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  // The CSV link only for roles that may export (decision 064).
  const mayExport = mayOpen(session, href("/admin/dashboard/settings/export/:kind", { kind: "subscribers" }));
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = SubscriberListQuerySchema.safeParse({ ...params, limit: PAGE_SIZE });
  const query = parsed.success ? parsed.data : { status: "all" as const, page: 1, limit: PAGE_SIZE };
  const { subscribers, total } = await listSubscribers(query);
  return {
    subscribers,
    total,
    mayExport,
    status: query.status,
    page: query.page,
    totalPages: pageCount(total, PAGE_SIZE),
  };
}

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { subscribers, total, status, page, totalPages, mayExport } = loaderData;
  const range = showingRange(page, PAGE_SIZE, total);
  const timezone = useConsoleTimezone();
  const location = useLocation();
  return (
    <section aria-labelledby="subscribers-heading" className="card">
      <div className="border-b border-slate-100 px-5 py-4 dark:border-slate-800">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="subscribers-heading" className="font-semibold">
              Newsletter subscribers
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              Addresses from the footer box, pending until the emailed confirmation link is used, and from trial signups
              that ticked the newsletter box, confirmed by their verified email code. Only confirmed addresses may
              receive the newsletter.
            </p>
          </div>
          {mayExport ? (
            <a
              href={href("/admin/dashboard/settings/export/:kind", { kind: "subscribers" })}
              download
              className="btn-secondary"
            >
              <Download aria-hidden className="size-4" /> Download CSV
            </a>
          ) : null}
        </div>
        <FilterPills
          items={FILTERS}
          current={status}
          hrefFor={(value) => (value === "all" ? "?" : `?status=${value}`)}
          className="mt-4 flex flex-wrap gap-2"
        />
      </div>

      <p className="px-5 py-4 text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
        {total > 0
          ? `Showing ${range.from} to ${range.to} of ${total} ${total === 1 ? "subscriber" : "subscribers"}, newest first.`
          : status === "all"
            ? "No subscribers yet."
            : `No ${status} subscribers.`}
      </p>

      {subscribers.length > 0 ? (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="subscriber-list">
          {subscribers.map((subscriber) => (
            <li
              key={subscriber.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3"
              data-testid="subscriber-row"
            >
              <p className="min-w-0 flex-1 basis-64 font-medium">{subscriber.email}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                Subscribed {formatDateTime(subscriber.createdAt, timezone)}
                {subscriber.confirmedAt ? ` · confirmed ${formatDateTime(subscriber.confirmedAt, timezone)}` : ""}
                {subscriber.unsubscribedAt ? ` · left ${formatDateTime(subscriber.unsubscribedAt, timezone)}` : ""}
              </p>
              <StatusBadge status={subscriber.status} />
            </li>
          ))}
        </ul>
      ) : null}

      <CardPagination page={page} totalPages={totalPages} search={location.search} label="Subscriber pages" />
    </section>
  );
}

export function meta() {
  return consoleMeta("Newsletter subscribers");
}
