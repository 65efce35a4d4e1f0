import { Filter } from "lucide-react";
import { Form, href, Link, useLocation } from "react-router";
import { FilterSelect } from "~/components/console/filter-select";
import { formatDateTime, useConsoleTimezone } from "~/components/console/format";
import { consoleMeta } from "~/components/site/noindex-meta";
import { auditTargetLabels, listAudit, listAuditActions, listAuditActors } from "~/domain/audit/audit.server";
import { AUDIT_PAGE_SIZE, AuditQuerySchema } from "~/domain/audit/schemas";
import { requireAdmin } from "~/http/guards.server";
import { pageCount } from "~/lib/pagination";
import type { Route } from "./+types/activity";
import { CardPagination, SettingsCard } from "./settings-ui";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = AuditQuerySchema.safeParse({ ...params, limit: AUDIT_PAGE_SIZE });
  const query = parsed.success ? parsed.data : AuditQuerySchema.parse({ limit: AUDIT_PAGE_SIZE });
  const [{ entries, total }, actions, actors] = await Promise.all([
    listAudit(query),
    listAuditActions(),
    listAuditActors(),
  ]);
  return {
    entries,
    labels: await auditTargetLabels(entries),
    total,
    actions,
    actors,
    filters: { actor: query.actor ?? "", action: query.action ?? "" },
    page: query.page,
    totalPages: pageCount(total, query.limit),
  };
}

/** "team.approved" → "Team approved" */
function actionLabel(action: string) {
  const text = action.replaceAll(/[._]/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function formatChange(value: unknown) {
  if (value === null || value === undefined) return "";
  return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { entries, labels, total, actions, actors, filters, page, totalPages } = loaderData;
  const timezone = useConsoleTimezone();
  const location = useLocation();
  const filtered = Boolean(filters.actor || filters.action);

  return (
    <SettingsCard
      id="activity"
      title="Activity"
      description="Every admin action: who did what to which record, and when."
      toolbar={
        <>
          <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" aria-label="Filter activity">
            <div className="w-full sm:w-64">
              <FilterSelect
                id="activity-actor"
                name="actor"
                label="Admin"
                all="All admins"
                value={filters.actor}
                options={actors.map((email) => ({ value: email, label: email }))}
              />
            </div>
            <div className="w-full sm:w-56">
              <FilterSelect
                id="activity-action"
                name="action"
                label="Action"
                all="All actions"
                value={filters.action}
                options={actions.map((action) => ({ value: action, label: actionLabel(action) }))}
              />
            </div>
            <button type="submit" className="btn-secondary py-2">
              <Filter aria-hidden className="size-4" /> Filter
            </button>
            {filtered ? (
              <Link to={href("/admin/dashboard/settings/activity")} className="btn-secondary py-2">
                Clear
              </Link>
            ) : null}
          </Form>
        </>
      }
    >
      <p className="px-5 py-4 text-sm text-slate-600 dark:text-slate-300" role="status">
        {total === 0
          ? filtered
            ? "No activity matches these filters."
            : "No admin activity recorded yet."
          : `${total} ${total === 1 ? "entry" : "entries"}${filtered ? " match" : ""}, newest first.`}
      </p>

      {entries.length > 0 ? (
        <ol className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="audit-entries">
          {entries.map((entry) => (
            <li key={entry.id} className="px-5 py-3" data-testid="audit-entry">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <span className="font-medium" data-testid="audit-action">
                  {actionLabel(entry.action)}
                </span>
                <span className="min-w-0 text-sm text-slate-600 dark:text-slate-300">
                  {entry.targetType}
                  {entry.targetId && labels[`${entry.targetType}:${entry.targetId}`] ? (
                    <span className="font-medium text-slate-800 dark:text-slate-100">
                      {" "}
                      {labels[`${entry.targetType}:${entry.targetId}`]}
                    </span>
                  ) : null}
                  {entry.targetId ? <span className="font-mono text-xs break-all"> {entry.targetId}</span> : null}
                </span>
                <span className="ml-auto text-xs text-slate-500 tabular-nums dark:text-slate-400">
                  <time dateTime={new Date(entry.createdAt).toISOString()}>
                    {formatDateTime(entry.createdAt, timezone)}
                  </time>
                </span>
              </div>
              <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="audit-actor">
                by {entry.actorEmail}
              </p>
              {entry.before != null || entry.after != null ? (
                <details className="mt-1 text-sm">
                  <summary className="text-brand-700 hover:underline dark:text-brand-300">Changes</summary>
                  <div className="mt-2 grid gap-2 sm:grid-cols-2">
                    <div>
                      <p className="text-xs font-semibold text-slate-500 uppercase dark:text-slate-400">Before</p>
                      <pre className="mt-1 rounded-lg bg-slate-50 p-2 text-xs whitespace-pre-wrap wrap-anywhere dark:bg-slate-800">
                        {formatChange(entry.before) || "—"}
                      </pre>
                    </div>
                    <div>
                      <p className="text-xs font-semibold text-slate-500 uppercase dark:text-slate-400">After</p>
                      <pre className="mt-1 rounded-lg bg-slate-50 p-2 text-xs whitespace-pre-wrap wrap-anywhere dark:bg-slate-800">
                        {formatChange(entry.after) || "—"}
                      </pre>
                    </div>
                  </div>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}

      <CardPagination page={page} totalPages={totalPages} search={location.search} label="Activity pages" />
    </SettingsCard>
  );
}

export function meta() {
  return consoleMeta("Activity");
}
