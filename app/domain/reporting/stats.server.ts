import { count, desc, eq, gte, type SQL, sql } from "drizzle-orm";
import { type Database, db } from "~/db/client.server";
import { blogPosts, meetings, subscriptions } from "~/db/schema";
import { config } from "~/lib/config.server";
import { DAY } from "~/lib/durations";
import { trendsReads } from "./trends.server";

/** Spec §9: "Recent activity" counts meetings created in the last 7 days. */
export const RECENT_ACTIVITY_WINDOW = 7 * DAY;
/** Spec §9: the Overview lists the 5 most recent meetings and the 5 most recent posts. */
export const OVERVIEW_RECENT_ITEMS = 5;

/** Spec §3 "Dashboard stats". */
export type DashboardStats = {
  totalMeetings: number;
  pendingMeetings: number;
  totalBlogs: number;
  publishedBlogs: number;
  totalUsers: number;
  trialUsers: number;
  recentActivity: number;
};

const counted = (query: SQL) => sql<number>`(${query})`.mapWith(Number);
const flagged = (condition: SQL | undefined) =>
  sql<number>`coalesce(sum(CASE WHEN ${condition} THEN 1 ELSE 0 END), 0)`.mapWith(Number);

/**
 * The dashboard figures in one statement: the meeting figures counted over one pass of
 * `meetings`, the post and user figures as subqueries. Pending meetings are the `scheduled` ones.
 */
function statsRead(client: Database, now: Date) {
  const since = new Date(now.getTime() - RECENT_ACTIVITY_WINDOW);
  return client
    .select({
      totalMeetings: count(),
      pendingMeetings: flagged(eq(meetings.status, "scheduled")),
      recentActivity: flagged(gte(meetings.createdAt, since)),
      totalBlogs: counted(sql`select count(*) from ${blogPosts}`),
      publishedBlogs: counted(sql`select count(*) from ${blogPosts} where ${eq(blogPosts.status, "published")}`),
      totalUsers: counted(sql`select count(*) from ${subscriptions}`),
      trialUsers: counted(sql`select count(*) from ${subscriptions} where ${eq(subscriptions.plan, "trial")}`),
    })
    .from(meetings);
}

/** The stats row: an aggregate without GROUP BY answers exactly one row, over empty tables too. */
function statsRow(rows: DashboardStats[]): DashboardStats {
  const [row] = rows;
  if (!row) throw new Error("the dashboard stats query answered no row");
  return row;
}

/** The dashboard figures (GET /api/dashboard/stats), in one statement. */
export async function dashboardStats(now = new Date()): Promise<DashboardStats> {
  return statsRow(await statsRead(db(), now));
}

/** A whole-number percentage; a zero total gives 0, never NaN. */
export function percent(part: number, total: number) {
  if (!Number.isFinite(part) || !Number.isFinite(total) || total <= 0) return 0;
  return Math.round((part / total) * 100);
}

/** Spec §2 Quick Insights. */
export function quickInsights(stats: DashboardStats) {
  return {
    meetingConversion: percent(stats.pendingMeetings, stats.totalMeetings),
    contentProduction: percent(stats.publishedBlogs, stats.totalBlogs),
    userGrowth: stats.totalUsers,
  };
}

/**
 * Everything the Overview shows: the stats, the insights, the most recent meetings and posts and
 * the trends, read in one round trip (one `batch()`: six statements).
 */
export async function dashboardOverview(now = new Date(), timezone = config().BUSINESS_TIMEZONE) {
  const client = db();
  const trends = trendsReads(client, now, timezone);
  const [statsRows, recentMeetings, recentPosts, ...trendRows] = await client.batch([
    statsRead(client, now),
    client
      .select({
        id: meetings.id,
        name: meetings.name,
        company: meetings.company,
        date: meetings.date,
        timeSlot: meetings.timeSlot,
        status: meetings.status,
        createdAt: meetings.createdAt,
      })
      .from(meetings)
      .orderBy(desc(meetings.createdAt), desc(meetings.id))
      .limit(OVERVIEW_RECENT_ITEMS),
    client
      .select({
        id: blogPosts.id,
        title: blogPosts.title,
        author: blogPosts.author,
        status: blogPosts.status,
        createdAt: blogPosts.createdAt,
      })
      .from(blogPosts)
      .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
      .limit(OVERVIEW_RECENT_ITEMS),
    ...trends.statements,
  ]);
  const stats = statsRow(statsRows);
  return { stats, insights: quickInsights(stats), recentMeetings, recentPosts, trends: trends.read(trendRows) };
}
