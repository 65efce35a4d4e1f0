import { and, between, desc, like, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { db } from "~/db/client.server";
import { pageViews } from "~/db/schema";
import { type DateRange, daysOf, FUNNEL_STEPS, type FunnelBy, type FunnelStepId, rangeMs } from "./range";

/*
 * Insights (issue 28 items 2 and 6): traffic from the page views the Worker counted (decision
 * 090) and the funnel from a visit to an approved trial, joined through each lead's first touch
 * (decision 071). A visitor is a hash that changes every day, so a range's "visitors" is the sum
 * of each day's unique visitors: the same person on two days is two, by design (nothing links
 * them across days).
 */

/** How many rows each breakdown lists (the most viewed first). */
export const TOP = 50;

export type Breakdown = { key: string; views: number; visitors: number };
export type Traffic = DateRange & {
  views: number;
  visitors: number;
  perDay: { day: string; views: number; visitors: number }[];
  byPath: Breakdown[];
  bySource: Breakdown[];
  byCampaign: Breakdown[];
  byCountry: Breakdown[];
  byDevice: Breakdown[];
};

const views = sql<number>`coalesce(sum(${pageViews.views}), 0)`.mapWith(Number);
const visitors = sql<number>`count(DISTINCT ${pageViews.visitor})`.mapWith(Number);

/** The views and visitors of a range: totals, per day and broken down five ways, in one round trip. */
export async function traffic(range: DateRange): Promise<Traffic> {
  const client = db();
  const inRange = between(pageViews.day, range.from, range.to);
  const by = (column: SQLiteColumn) =>
    client
      .select({ key: sql<string>`${column}`, views, visitors })
      .from(pageViews)
      .where(inRange)
      .groupBy(column)
      .orderBy(desc(views), desc(visitors), sql`1`)
      .limit(TOP);
  const [totals, perDay, byPath, bySource, byCampaign, byCountry, byDevice] = await client.batch([
    client.select({ views, visitors }).from(pageViews).where(inRange),
    client.select({ day: pageViews.day, views, visitors }).from(pageViews).where(inRange).groupBy(pageViews.day),
    by(pageViews.path),
    by(pageViews.source),
    by(pageViews.campaign),
    by(pageViews.country),
    by(pageViews.device),
  ]);
  const daily = new Map(perDay.map((row) => [row.day, row]));
  return {
    ...range,
    views: totals[0]?.views ?? 0,
    visitors: totals[0]?.visitors ?? 0,
    perDay: daysOf(range).map((day) => ({
      day,
      views: daily.get(day)?.views ?? 0,
      visitors: daily.get(day)?.visitors ?? 0,
    })),
    byPath,
    bySource,
    byCampaign,
    byCountry,
    byDevice,
  };
}

export type FunnelStep = { id: FunnelStepId; count: number; rate: number | null };
export type FunnelGroup = { key: string; steps: FunnelStep[] };
export type Funnel = DateRange & {
  by: FunnelBy;
  steps: (FunnelStep & { label: string })[];
  groups: FunnelGroup[];
};

/** The counts as steps, each with its conversion from the step before (null when that one is 0). */
function stepsOf(counts: Record<FunnelStepId, number>): FunnelStep[] {
  return FUNNEL_STEPS.map(({ id }, i) => {
    const before = i === 0 ? 0 : counts[FUNNEL_STEPS[i - 1]!.id];
    return {
      id,
      count: counts[id],
      rate: i === 0 || before === 0 ? null : Math.round((counts[id] / before) * 1000) / 1000,
    };
  });
}

const BLOG = "/blog/%";

/** A page view's key for `by`: its source, campaign or path. */
function viewKey(by: FunnelBy) {
  if (by === "source") return pageViews.source;
  if (by === "campaign") return pageViews.campaign;
  return pageViews.path;
}

/** A lead's key for `by`, from its first touch ("" = none: direct, or before attribution). */
function leadKey(by: FunnelBy): SQL<string> {
  if (by === "source") return sql<string>`coalesce(l.source, '')`;
  if (by === "campaign") return sql<string>`coalesce(l.campaign, '')`;
  return sql<string>`coalesce(json_extract(l.first_touch, '$.landingPath'), '')`;
}

type LeadCounts = {
  key: string;
  demoBooked: number;
  attended: number;
  trialStarted: number;
  emailVerified: number;
  approved: number;
};

/**
 * The funnel of a range by `by`: visits (unique visitors per day, of the pages with that key),
 * then the leads whose first touch has that key and who, within the range, booked a demo, had
 * one completed (attended: there is no no-show record, so a completed meeting counts), started a
 * trial, verified its email and were approved. Each lead counts once per step, in one group.
 * A step's rate is its count over the previous step's.
 */
export async function funnel(range: DateRange, by: FunnelBy): Promise<Funnel> {
  const client = db();
  const { start, end } = rangeMs(range);
  const key = viewKey(by);
  const inRange = between(pageViews.day, range.from, range.to);
  const viewFilter = by === "post" ? and(inRange, like(pageViews.path, BLOG)) : inRange;
  const lead = leadKey(by);
  const meeting = (extra: SQL) =>
    sql`EXISTS (SELECT 1 FROM meetings m WHERE lower(m.email) = l.email AND m.created_at >= ${start} AND m.created_at < ${end}${extra})`;
  const trial = (extra: SQL) =>
    sql`EXISTS (SELECT 1 FROM subscriptions s WHERE lower(s.email) = l.email AND s.created_at >= ${start} AND s.created_at < ${end}${extra})`;
  const sum = (condition: SQL) => sql`coalesce(sum(CASE WHEN ${condition} THEN 1 ELSE 0 END), 0)`;
  const none = sql``;
  // Both reads at once: a raw statement cannot join drizzle's batch.
  const [[visitRows, totalRows], leadRows] = await Promise.all([
    client.batch([
      client
        .select({ key: sql<string>`${key}`, visits: visitors })
        .from(pageViews)
        .where(viewFilter)
        .groupBy(key),
      client.select({ visits: visitors }).from(pageViews).where(viewFilter),
    ]),
    client.all<LeadCounts>(sql`
      SELECT key,
        ${sum(meeting(none))} AS demoBooked,
        ${sum(meeting(sql` AND m.status = 'completed'`))} AS attended,
        ${sum(trial(none))} AS trialStarted,
        ${sum(trial(sql` AND s.email_verified = 1`))} AS emailVerified,
        ${sum(trial(sql` AND s.approval_status = 'approved'`))} AS approved
      FROM (SELECT ${lead} AS key, l.email AS email FROM leads l) AS l
      WHERE ${by === "post" ? sql`key LIKE ${BLOG}` : sql`1`}
      GROUP BY key`),
  ]);
  const groups = new Map<string, Record<FunnelStepId, number>>();
  const empty = (): Record<FunnelStepId, number> => ({
    visits: 0,
    demoBooked: 0,
    attended: 0,
    trialStarted: 0,
    emailVerified: 0,
    approved: 0,
  });
  for (const row of visitRows) groups.set(row.key, { ...empty(), visits: row.visits });
  const total = { ...empty(), visits: totalRows[0]?.visits ?? 0 };
  for (const row of leadRows as LeadCounts[]) {
    const counts = groups.get(row.key) ?? empty();
    for (const id of ["demoBooked", "attended", "trialStarted", "emailVerified", "approved"] as const) {
      counts[id] += Number(row[id]);
      total[id] += Number(row[id]);
    }
    groups.set(row.key, counts);
  }
  const reached = (counts: Record<FunnelStepId, number>) => FUNNEL_STEPS.some(({ id }) => counts[id] > 0);
  const ordered = [...groups.entries()]
    .filter(([, counts]) => reached(counts))
    .sort(
      ([ka, a], [kb, b]) =>
        b.visits - a.visits || b.demoBooked - a.demoBooked || b.trialStarted - a.trialStarted || ka.localeCompare(kb),
    )
    .slice(0, TOP);
  return {
    ...range,
    by,
    steps: stepsOf(total).map((step, i) => ({ ...step, label: FUNNEL_STEPS[i]!.label })),
    groups: ordered.map(([groupKey, counts]) => ({ key: groupKey, steps: stepsOf(counts) })),
  };
}
