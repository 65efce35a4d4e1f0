import { ArrowRight, CalendarDays, Users } from "lucide-react";
import { href, Link } from "react-router";
import { ConsoleErrorBoundary } from "~/components/console/error-boundary";
import { formatDay } from "~/components/console/format";
import { StatusBadge } from "~/components/console/status-badge";
import { consoleMeta } from "~/components/site/noindex-meta";
import { SearchQuerySchema, searchConsole, searchResultsFor } from "~/domain/console/search.server";
import { consoleStatus } from "~/domain/subscriptions/rules";
import { requireAdmin } from "~/http/guards.server";
import type { Route } from "./+types/search";

export async function loader({ request }: Route.LoaderArgs) {
  const { admin } = await requireAdmin(request);
  const url = new URL(request.url);
  const parsed = SearchQuerySchema.safeParse({ q: url.searchParams.get("q") ?? undefined });
  if (!parsed.success) {
    return {
      error: parsed.error.issues[0]?.message ?? "Invalid search.",
      ...searchResultsFor(await searchConsole(""), admin.role),
    };
  }
  // Only the result lists the member's role may open (decision 064).
  return { error: null, ...searchResultsFor(await searchConsole(parsed.data.q), admin.role) };
}

export default function SearchResults({ loaderData }: Route.ComponentProps) {
  const { query, meetings, users, totalMeetings, totalUsers, error, shown } = loaderData;
  const q = `?q=${encodeURIComponent(query)}`;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Search</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" role="status">
          {error
            ? error
            : query
              ? `${totalMeetings} ${totalMeetings === 1 ? "meeting" : "meetings"} and ${totalUsers} ${
                  totalUsers === 1 ? "user" : "users"
                } match “${query}”.`
              : "Type a name, company or email in the search box to find meetings and users."}
        </p>
      </div>

      {query ? (
        <div className="grid gap-6 xl:grid-cols-2">
          {shown.meetings ? (
            <section aria-labelledby="meeting-results" className="card" data-testid="meeting-results">
              <ResultsHeader
                id="meeting-results"
                icon={CalendarDays}
                title="Demo meetings"
                count={totalMeetings}
                to={`${href("/admin/dashboard/meetings")}${q}`}
                linkText="Open in Demo Meetings"
              />
              {meetings.length === 0 ? (
                <Empty text="No meeting matches by name or company." />
              ) : (
                <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                  {meetings.map((m) => (
                    <li key={m.id}>
                      <Link
                        to={`${href("/admin/dashboard/meetings")}${q}`}
                        className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3 hover:bg-slate-50 dark:hover:bg-slate-800/60"
                      >
                        <span className="min-w-0 flex-1 basis-60">
                          <span className="block font-medium">{m.name}</span>
                          <span className="block text-sm text-slate-600 dark:text-slate-300">
                            {m.company || "—"} · {m.email}
                          </span>
                        </span>
                        <span className="text-sm text-slate-600 tabular-nums dark:text-slate-300">
                          {formatDay(m.date)} · {m.timeSlot}
                        </span>
                        <StatusBadge status={m.status} />
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
              <More shown={meetings.length} total={totalMeetings} />
            </section>
          ) : null}

          {shown.users ? (
            <section aria-labelledby="user-results" className="card" data-testid="user-results">
              <ResultsHeader
                id="user-results"
                icon={Users}
                title="Users"
                count={totalUsers}
                to={`${href("/admin/dashboard/users")}${q}`}
                linkText="Open in Users"
              />
              {users.length === 0 ? (
                <Empty text="No user matches by email, name or company." />
              ) : (
                <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                  {users.map((u) => (
                    <li key={u.id}>
                      <Link
                        to={`${href("/admin/dashboard/users")}${q}`}
                        className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3 hover:bg-slate-50 dark:hover:bg-slate-800/60"
                      >
                        <span className="min-w-0 flex-1 basis-60">
                          <span className="block font-medium">
                            {u.firstName} {u.lastName}
                          </span>
                          <span className="block text-sm text-slate-600 dark:text-slate-300">
                            {u.email}
                            {u.companyName ? ` · ${u.companyName}` : ""}
                          </span>
                        </span>
                        <StatusBadge status={u.plan} />
                        <StatusBadge status={consoleStatus(u)} />
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
              <More shown={users.length} total={totalUsers} />
            </section>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function ResultsHeader({
  id,
  icon: Icon,
  title,
  count,
  to,
  linkText,
}: {
  id: string;
  icon: typeof Users;
  title: string;
  count: number;
  to: string;
  linkText: string;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-5 py-4 dark:border-slate-800">
      <h2 id={id} className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden className="size-5 text-brand-600 dark:text-brand-300" />
        {title} <span className="text-sm font-normal text-slate-600 dark:text-slate-300">({count})</span>
      </h2>
      <Link
        to={to}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
      >
        {linkText} <ArrowRight aria-hidden className="size-4" />
      </Link>
    </div>
  );
}

function More({ shown, total }: { shown: number; total: number }) {
  if (total <= shown) return null;
  return (
    <p className="border-t border-slate-100 px-5 py-3 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-300">
      Showing {shown} of {total}. Open the section to see them all.
    </p>
  );
}

function Empty({ text }: { text: string }) {
  return <p className="px-5 py-8 text-center text-sm text-slate-600 dark:text-slate-300">{text}</p>;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const query = loaderData?.query;
  return consoleMeta(`${query ? `“${query}” – ` : ""}Search`);
}

export function ErrorBoundary() {
  return <ConsoleErrorBoundary />;
}
