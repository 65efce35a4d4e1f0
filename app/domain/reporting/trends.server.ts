import { TZDate } from "@date-fns/tz";
import { addMonths, addWeeks, startOfMonth, startOfWeek } from "date-fns";
import { and, count, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { type BatchResults, type Database, db } from "~/db/client.server";
import { blogPosts, MEETING_STATUSES, meetings, subscriptions } from "~/db/schema";
import { DAY } from "~/lib/durations";
import { formatZoned } from "~/lib/zoned-format";

export const TREND_WINDOWS = { weeks: 12, months: 12, funnelDays: 30 } as const;

export type MeetingStatus = (typeof MEETING_STATUSES)[number];
export type WeekBucket = { start: string; label: string; counts: Record<MeetingStatus, number>; total: number };
export type MonthBucket = { start: string; label: string; count: number };
export type FunnelStep = { id: string; label: string; count: number; drop: number };

export type DashboardTrends = {
  timezone: string;
  meetingsPerWeek: WeekBucket[];
  trialFunnel: { since: string; steps: FunnelStep[] };
  postsPerMonth: MonthBucket[];
};

/**
 * Starts of the last `n` periods (weeks from Monday, or months) in the business timezone, oldest
 * first, plus the end of the current one: n + 1 instants that bound n buckets.
 */
export function periodBounds(kind: "week" | "month", n: number, now: Date, timezone: string): Date[] {
  const local = new TZDate(now.getTime(), timezone);
  const current = kind === "week" ? startOfWeek(local, { weekStartsOn: 1 }) : startOfMonth(local);
  const step = kind === "week" ? addWeeks : addMonths;
  return Array.from({ length: n + 1 }, (_, i) => new Date(step(current, i - n + 1).getTime()));
}

/** `CASE WHEN col < b1 THEN 0 WHEN col < b2 THEN 1 … END`: the bucket index, computed in the query. */
function bucketOf(column: SQLiteColumn, bounds: Date[]): SQL<number> {
  const cases = bounds.slice(1).map((b, i) => sql`WHEN ${column} < ${b.getTime()} THEN ${i}`);
  return sql<number>`CASE ${sql.join(cases, sql` `)} END`;
}

/**
 * The Overview trends' three reads and how their rows become the trends, apart, so the Overview
 * can send them in the same round trip as its other reads (`dashboardOverview`). Each query reads
 * only its window through an index: meetings by created_at (meetings_created_idx), published
 * posts by (status, published_at) (blog_posts_status_idx) and signups by created_at
 * (subscriptions_created_idx).
 */
export function trendsReads(client: Database, now: Date, timezone: string) {
  const weeks = periodBounds("week", TREND_WINDOWS.weeks, now, timezone);
  const months = periodBounds("month", TREND_WINDOWS.months, now, timezone);
  const funnelSince = new Date(now.getTime() - TREND_WINDOWS.funnelDays * DAY);
  const weekBucket = bucketOf(meetings.createdAt, weeks);
  const monthBucket = bucketOf(blogPosts.publishedAt, months);
  const flag = (condition: SQL) => sql<number>`coalesce(sum(CASE WHEN ${condition} THEN 1 ELSE 0 END), 0)`;

  const statements = [
    client
      .select({ bucket: weekBucket, status: meetings.status, n: count() })
      .from(meetings)
      .where(and(gte(meetings.createdAt, weeks[0]!), lt(meetings.createdAt, weeks.at(-1)!)))
      .groupBy(weekBucket, meetings.status),
    client
      .select({ bucket: monthBucket, n: count() })
      .from(blogPosts)
      .where(
        and(
          eq(blogPosts.status, "published"),
          gte(blogPosts.publishedAt, months[0]!),
          lt(blogPosts.publishedAt, months.at(-1)!),
        ),
      )
      .groupBy(monthBucket),
    client
      .select({
        signedUp: count(),
        verified: flag(sql`${subscriptions.emailVerified} = 1`),
        approved: flag(sql`${subscriptions.approvalStatus} = 'approved'`),
        welcomed: flag(sql`${subscriptions.emailSent} = 1`),
      })
      .from(subscriptions)
      .where(and(gte(subscriptions.createdAt, funnelSince), lt(subscriptions.createdAt, now))),
  ] as const;
  function read([meetingRows, postRows, funnelRows]: BatchResults<typeof statements>): DashboardTrends {
    const meetingsPerWeek: WeekBucket[] = weeks.slice(0, -1).map((start) => ({
      start: start.toISOString(),
      label: formatZoned(start.getTime(), timezone, "MMM d"),
      counts: Object.fromEntries(MEETING_STATUSES.map((s) => [s, 0])) as Record<MeetingStatus, number>,
      total: 0,
    }));
    for (const row of meetingRows) {
      const bucket = meetingsPerWeek[Number(row.bucket)];
      if (!bucket) continue;
      bucket.counts[row.status] += row.n;
      bucket.total += row.n;
    }

    const postsPerMonth: MonthBucket[] = months.slice(0, -1).map((start) => ({
      start: start.toISOString(),
      label: formatZoned(start.getTime(), timezone, "MMM yyyy"),
      count: 0,
    }));
    for (const row of postRows) {
      const bucket = postsPerMonth[Number(row.bucket)];
      if (bucket) bucket.count += row.n;
    }

    const f = funnelRows[0] ?? { signedUp: 0, verified: 0, approved: 0, welcomed: 0 };
    const counts = [
      ["signed-up", "Signed up", f.signedUp],
      ["email-verified", "Email verified", Number(f.verified)],
      ["approved", "Approved", Number(f.approved)],
      ["welcome-sent", "Welcome email sent", Number(f.welcomed)],
    ] as const;
    const steps = counts.map(([id, label, n], i) => ({
      id,
      label,
      count: n,
      drop: i === 0 ? 0 : Math.max(0, (counts[i - 1]?.[2] ?? 0) - n),
    }));

    return {
      timezone,
      meetingsPerWeek,
      trialFunnel: { since: funnelSince.toISOString(), steps },
      postsPerMonth,
    };
  }

  return { statements, read };
}

/** The Overview trends (GET /api/dashboard/trends), in one round trip. */
export async function dashboardTrends(now: Date, timezone: string): Promise<DashboardTrends> {
  const client = db();
  const { statements, read } = trendsReads(client, now, timezone);
  return read(await client.batch(statements));
}
