import { count, desc, eq, gte } from "drizzle-orm";
import { db } from "~/db/client.server";
import { blogPosts, meetings, subscriptions } from "~/db/schema";

const DAY = 24 * 60 * 60 * 1000;

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

/** The dashboard figures, counted in one round trip. Pending meetings are the `scheduled` ones. */
export async function dashboardStats(now = new Date()): Promise<DashboardStats> {
  const client = db();
  const since = new Date(now.getTime() - RECENT_ACTIVITY_WINDOW);
  const [total, pending, blogs, published, users, trial, recent] = await client.batch([
    client.select({ n: count() }).from(meetings),
    client.select({ n: count() }).from(meetings).where(eq(meetings.status, "scheduled")),
    client.select({ n: count() }).from(blogPosts),
    client.select({ n: count() }).from(blogPosts).where(eq(blogPosts.status, "published")),
    client.select({ n: count() }).from(subscriptions),
    client.select({ n: count() }).from(subscriptions).where(eq(subscriptions.plan, "trial")),
    client.select({ n: count() }).from(meetings).where(gte(meetings.createdAt, since)),
  ]);
  const n = (rows: { n: number }[]) => rows[0]?.n ?? 0;
  return {
    totalMeetings: n(total),
    pendingMeetings: n(pending),
    totalBlogs: n(blogs),
    publishedBlogs: n(published),
    totalUsers: n(users),
    trialUsers: n(trial),
    recentActivity: n(recent),
  };
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

/** Everything the Overview shows: the stats, the insights and the most recent meetings and posts. */
export async function dashboardOverview(now = new Date()) {
  const client = db();
  const [stats, [recentMeetings, recentPosts]] = await Promise.all([
    dashboardStats(now),
    client.batch([
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
    ]),
  ]);
  return { stats, insights: quickInsights(stats), recentMeetings, recentPosts };
}
