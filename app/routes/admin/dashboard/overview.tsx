import { ArrowRight, CalendarClock, CalendarDays, FileText, TrendingUp, Users } from "lucide-react";
import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { ConsoleErrorBoundary } from "~/components/console/error-boundary";
import { formatDateTime, formatDay, useConsoleTimezone } from "~/components/console/format";
import { StatusBadge } from "~/components/console/status-badge";
import { MeetingsPerWeekChart, PostsPerMonthChart, TrialFunnelChart } from "~/components/console/trend-charts";
import { consoleMeta } from "~/components/site/noindex-meta";
import { can } from "~/domain/accounts/permissions";
import { speedToLeadByWeek } from "~/domain/leads/leads.server";
import { showRateByWeek } from "~/domain/meetings/attendance.server";
import { dashboardOverview } from "~/domain/reporting/stats.server";
import { requireAdmin } from "~/http/guards.server";
import { config } from "~/lib/config.server";
import type { Route } from "./+types/overview";

export async function loader({ request }: Route.LoaderArgs) {
  const { admin } = await requireAdmin(request);
  // Every member has an overview; it holds only what their role may read (decision 064). The reads
  // are one round trip whatever the role, so nothing is saved by leaving some out.
  const shown = {
    figures: can(admin.role, "read:analytics:any"),
    meetings: can(admin.role, "read:meeting:any"),
    posts: can(admin.role, "read:blog-post:any"),
    leads: can(admin.role, "read:lead:any"),
  };
  const [overview, speed, showRate] = await Promise.all([
    dashboardOverview(new Date(), config().BUSINESS_TIMEZONE),
    shown.leads ? speedToLeadByWeek(new Date()) : null,
    shown.meetings ? showRateByWeek(new Date()) : null,
  ]);
  return {
    figures: shown.figures ? { stats: overview.stats, insights: overview.insights, trends: overview.trends } : null,
    recentMeetings: shown.meetings ? overview.recentMeetings : null,
    recentPosts: shown.posts ? overview.recentPosts : null,
    speed,
    showRate,
  };
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { figures, recentMeetings, recentPosts, speed, showRate } = loaderData;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Overview</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {figures
            ? "Demo meetings, blog posts and trial users at a glance."
            : "Your work in the console: the menu leads to the sections your role uses."}
        </p>
      </div>
      {figures ? (
        <Figures {...figures} recentMeetings={recentMeetings} />
      ) : recentMeetings ? (
        <RecentMeetings items={recentMeetings} />
      ) : null}
      {recentPosts ? <RecentPosts items={recentPosts} /> : null}
      {speed ? <SpeedToLead weeks={speed} /> : null}
      {showRate ? <ShowRate weeks={showRate} /> : null}
    </div>
  );
}

/** Minutes as the table shows them. */
const minutesText = (minutes: number) =>
  minutes < 60 ? `${Math.round(minutes)} min` : `${Math.floor(minutes / 60)} h ${Math.round(minutes % 60)} min`;

/** A card of figures by week: the week's first day, then one cell a column (the last without a gap). */
function WeeklyTable(props: {
  id: string;
  title: string;
  description: string;
  testId: string;
  /** The columns after "Week of". */
  head: string[];
  rows: { week: string; cells: ReactNode[] }[];
}) {
  const columns = ["Week of", ...props.head];
  const gap = (column: number) => (column < columns.length - 1 ? " pr-4" : "");
  return (
    <section aria-labelledby={`${props.id}-heading`} className="card p-5">
      <h2 id={`${props.id}-heading`} className="font-semibold">
        {props.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{props.description}</p>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-sm" data-testid={props.testId}>
          <thead>
            <tr className="text-left text-slate-500 dark:text-slate-400">
              {columns.map((label, column) => (
                <th key={label} scope="col" className={`py-1${gap(column)} font-medium`}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr key={row.week} className="border-t border-slate-100 dark:border-slate-800">
                {[formatDay(row.week), ...row.cells].map((cell, column) => (
                  <td key={columns[column]} className={`py-1${gap(column)} tabular-nums`}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Speed to lead (issue 26): the median time from a lead's arrival to the team's first touch, per week. */
function SpeedToLead({ weeks }: { weeks: NonNullable<Route.ComponentProps["loaderData"]["speed"]> }) {
  return (
    <WeeklyTable
      id="speed"
      title="Speed to lead"
      description="Median time from a lead's arrival to the team's first status change or note, by the week the lead arrived."
      testId="speed-to-lead"
      head={["Median", "Leads touched"]}
      rows={weeks.map((week) => ({
        week: week.week,
        cells: [week.medianMinutes === null ? "—" : minutesText(week.medianMinutes), week.touched],
      }))}
    />
  );
}

/** The show rate (issue 27 item 7): of the demos marked attended or no-show, the share attended, per week. */
function ShowRate({ weeks }: { weeks: NonNullable<Route.ComponentProps["loaderData"]["showRate"]> }) {
  return (
    <WeeklyTable
      id="show-rate"
      title="Show rate"
      description="Of the demos the host marked attended or no-show, the share attended, by the week of the demo."
      testId="show-rate"
      head={["Show rate", "Attended", "No-shows"]}
      rows={weeks.map((week) => ({
        week: week.week,
        cells: [week.rate === null ? "—" : `${Math.round(week.rate * 100)}%`, week.attended, week.noShow],
      }))}
    />
  );
}

type OverviewData = Awaited<ReturnType<typeof dashboardOverview>>;

function Figures({
  stats,
  insights,
  trends,
  recentMeetings,
}: Pick<OverviewData, "stats" | "insights" | "trends"> & {
  recentMeetings: OverviewData["recentMeetings"] | null;
}) {
  const cards = [
    {
      id: "total-meetings",
      label: "Total Meetings",
      value: stats.totalMeetings,
      note: `${stats.recentActivity} booked in the last 7 days`,
      icon: CalendarDays,
      to: href("/admin/dashboard/meetings"),
    },
    {
      id: "pending-meetings",
      label: "Pending Meetings",
      value: stats.pendingMeetings,
      note: "Scheduled, waiting for a decision",
      icon: CalendarClock,
      to: `${href("/admin/dashboard/meetings")}?status=scheduled`,
    },
    {
      id: "published-blogs",
      label: "Published Blogs",
      value: stats.publishedBlogs,
      note: `${stats.totalBlogs} posts in all`,
      icon: FileText,
      to: href("/admin/dashboard/blog"),
    },
    {
      id: "trial-users",
      label: "Trial Users",
      value: stats.trialUsers,
      note: `${stats.totalUsers} users in all`,
      icon: Users,
      to: href("/admin/dashboard/users"),
    },
  ] as const;
  const bars = [
    {
      id: "meeting-conversion",
      label: "Meeting Conversion",
      value: insights.meetingConversion,
      text: `${insights.meetingConversion}%`,
      hint: `${stats.pendingMeetings} of ${stats.totalMeetings} meetings pending`,
    },
    {
      id: "content-production",
      label: "Content Production",
      value: insights.contentProduction,
      text: `${insights.contentProduction}%`,
      hint: `${stats.publishedBlogs} of ${stats.totalBlogs} posts published`,
    },
  ] as const;

  return (
    <>
      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="sr-only">
          Figures
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
          {cards.map((card) => (
            <li key={card.id}>
              <Link
                to={card.to}
                data-testid={`stat-${card.id}`}
                className="card group flex h-full flex-col items-start gap-3 p-4 transition-colors hover:border-brand-300 sm:flex-row sm:gap-4 sm:p-5 dark:hover:border-brand-700"
              >
                <span className="rounded-lg bg-brand-50 p-2.5 text-brand-700 dark:bg-brand-950 dark:text-brand-200">
                  <card.icon aria-hidden className="size-5" />
                </span>
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-slate-600 dark:text-slate-300">{card.label}</span>
                  <span className="mt-1 block text-3xl font-bold tabular-nums" data-testid="stat-value">
                    {card.value}
                  </span>
                  <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">{card.note}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="trends-heading">
        <h2 id="trends-heading" className="mb-3 text-lg font-semibold">
          Trends
        </h2>
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          <MeetingsPerWeekChart weeks={trends.meetingsPerWeek} />
          <TrialFunnelChart steps={trends.trialFunnel.steps} />
          <PostsPerMonthChart months={trends.postsPerMonth} />
        </div>
      </section>

      <div className="grid gap-6 xl:grid-cols-3">
        {recentMeetings ? <RecentMeetings items={recentMeetings} className="xl:col-span-2" /> : null}

        <section aria-labelledby="insights-heading" className="card p-5">
          <h2 id="insights-heading" className="flex items-center gap-2 font-semibold">
            <TrendingUp aria-hidden className="size-5 text-accent-600" /> Quick Insights
          </h2>
          {/* Each <div> groups one <dt> with its <dd>s, the only wrapper a <dl> allows. */}
          <dl className="mt-4 space-y-5">
            {bars.map((bar) => (
              <div
                key={bar.id}
                data-testid={`insight-${bar.id}`}
                className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-2"
              >
                <dt className="text-sm font-medium">{bar.label}</dt>
                <dd className="text-lg font-bold tabular-nums" data-testid="insight-value">
                  {bar.text}
                </dd>
                <dd className="col-span-2">
                  <div
                    className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
                    role="presentation"
                  >
                    <div
                      className="h-full rounded-full bg-brand-600 dark:bg-brand-400"
                      style={{ width: `${bar.value}%` }}
                    />
                  </div>
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{bar.hint}</p>
                </dd>
              </div>
            ))}
            <div
              data-testid="insight-user-growth"
              className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-2"
            >
              <dt className="text-sm font-medium">User Growth</dt>
              <dd className="text-lg font-bold tabular-nums" data-testid="insight-value">
                {insights.userGrowth}
              </dd>
              <dd className="col-span-2 mt-1 text-xs text-slate-600 dark:text-slate-400">Total users who signed up</dd>
            </div>
          </dl>
        </section>
      </div>
    </>
  );
}

function RecentMeetings({ items, className }: { items: OverviewData["recentMeetings"]; className?: string }) {
  return (
    <RecentCard
      id="recent-meetings"
      title="Recent meetings"
      to={href("/admin/dashboard/meetings")}
      empty="No demo meetings booked yet."
      items={items}
      className={className}
    >
      {(meeting) => (
        <>
          <div className="min-w-0 flex-1 basis-40">
            <p className="font-medium">{meeting.name}</p>
            <p className="text-sm text-slate-600 dark:text-slate-300">{meeting.company || "—"}</p>
          </div>
          <p className="text-sm text-slate-600 tabular-nums dark:text-slate-300">
            {formatDay(meeting.date)} · {meeting.timeSlot}
          </p>
          <StatusBadge status={meeting.status} />
        </>
      )}
    </RecentCard>
  );
}

function RecentPosts({ items }: { items: OverviewData["recentPosts"] }) {
  const timezone = useConsoleTimezone();
  return (
    <RecentCard
      id="recent-posts"
      title="Recent blog posts"
      to={href("/admin/dashboard/blog")}
      empty="No blog posts written yet."
      items={items}
    >
      {(post) => (
        <>
          <div className="min-w-0 flex-1 basis-48">
            <p className="font-medium">{post.title}</p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {post.author} · {formatDateTime(post.createdAt, timezone)}
            </p>
          </div>
          <StatusBadge status={post.status} />
        </>
      )}
    </RecentCard>
  );
}

/** A card of the newest few items (spec §9: five), its "View all" link, or what to say when there are none. */
function RecentCard<Item extends { id: string }>(props: {
  id: string;
  title: string;
  to: string;
  empty: string;
  items: Item[];
  className?: string;
  children: (item: Item) => ReactNode;
}) {
  return (
    <section aria-labelledby={`${props.id}-heading`} className={props.className ? `card ${props.className}` : "card"}>
      <SectionHeader id={`${props.id}-heading`} title={props.title} to={props.to} />
      {props.items.length === 0 ? (
        <Empty text={props.empty} />
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid={props.id}>
          {props.items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3">
              {props.children(item)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SectionHeader({ id, title, to }: { id: string; title: string; to: string }) {
  return (
    <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-5 py-4 dark:border-slate-800">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      <Link
        to={to}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
      >
        View all <ArrowRight aria-hidden className="size-4" />
        <span className="sr-only">{title.toLowerCase()}</span>
      </Link>
    </div>
  );
}

function Empty({ text }: { text: string }) {
  return <p className="px-5 py-8 text-center text-sm text-slate-600 dark:text-slate-300">{text}</p>;
}

export function meta() {
  return consoleMeta("Overview");
}

export function ErrorBoundary() {
  return <ConsoleErrorBoundary />;
}
