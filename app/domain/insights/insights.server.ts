import { type SQL, sql } from "drizzle-orm";
import { type DateRange, daysOf, FUNNEL_STEPS, type FunnelBy, type FunnelStepId, rangeMs } from "./range";
import { BLOG_PATHS, type RollupDimension, sqlBatch } from "./rollup.server";

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

/*
 * Each read sums two parts: the days rolled up (decision 090: a "total" row in page_view_rollups
 * marks one), from the roll-up, and the other days — today, and any day the job has not reached —
 * counted from the per-visitor rows. A visitor's hash is of its day's salt, so summing each day's
 * unique visitors is what counting distinct hashes over the range gives: the answers are the same
 * as from the per-visitor rows alone (insights.server.test.ts checks it on random data).
 */

/**
 * The per-visitor rows of the range's days not rolled up. The days are listed (one JSON
 * parameter) so SQLite seeks each open day in page_views' (day, …) key: the rolled-up days' rows,
 * kept for 35 days, are never read (a range condition on `day` would walk them all).
 */
const tail = (range: DateRange) =>
  sql`day IN (SELECT value FROM json_each(${JSON.stringify(daysOf(range))}) WHERE value NOT IN (SELECT day FROM page_view_rollups WHERE dimension = 'total' AND day BETWEEN ${range.from} AND ${range.to}))`;
const rolled = ({ from, to }: DateRange, dimension: RollupDimension) =>
  sql`dimension = ${dimension} AND day BETWEEN ${from} AND ${to}`;
const counted = sql`sum(views) AS views, count(DISTINCT visitor) AS visitors`;

/** One dimension's keys over the range, the most viewed first (ties: more visitors, then the key). */
function breakdown(
  range: DateRange,
  dimension: RollupDimension & PageViewColumn,
  limit: number | null,
  blogOnly = false,
) {
  const blog = (column: string) => (blogOnly ? sql` AND ${sql.raw(column)} LIKE ${BLOG_PATHS}` : sql``);
  return sql`
    SELECT key, sum(views) AS views, sum(visitors) AS visitors FROM (
      SELECT ${sql.raw(dimension)} AS key, ${counted} FROM page_views WHERE ${tail(range)}${blog("path")}
        GROUP BY ${sql.raw(dimension)}
      UNION ALL
      SELECT key, views, visitors FROM page_view_rollups WHERE ${rolled(range, dimension)}${blog("key")}
    ) GROUP BY key ORDER BY views DESC, visitors DESC, key${limit === null ? sql`` : sql` LIMIT ${limit}`}`;
}

/** The range's views and visitors in all (`posts`: of the blog's pages only). */
function whole(range: DateRange, dimension: "total" | "posts") {
  const blog = dimension === "posts" ? sql` AND path LIKE ${BLOG_PATHS}` : sql``;
  return sql`
    SELECT coalesce(sum(views), 0) AS views, coalesce(sum(visitors), 0) AS visitors FROM (
      SELECT coalesce(sum(views), 0) AS views, count(DISTINCT visitor) AS visitors FROM page_views WHERE ${tail(range)}${blog}
      UNION ALL
      SELECT views, visitors FROM page_view_rollups WHERE ${rolled(range, dimension)})`;
}

type PageViewColumn = "path" | "source" | "campaign" | "country" | "device";

/** The views and visitors of a range: totals, per day and broken down five ways, in one round trip. */
export async function traffic(range: DateRange): Promise<Traffic> {
  type Sums = { views: number; visitors: number };
  const [totals, perDay, byPath, bySource, byCampaign, byCountry, byDevice] = await sqlBatch<
    [Sums, Sums & { day: string }, Breakdown, Breakdown, Breakdown, Breakdown, Breakdown]
  >([
    whole(range, "total"),
    sql`
      SELECT day, ${counted} FROM page_views WHERE ${tail(range)} GROUP BY day
      UNION ALL
      SELECT day, views, visitors FROM page_view_rollups WHERE ${rolled(range, "total")}`,
    breakdown(range, "path", TOP),
    breakdown(range, "source", TOP),
    breakdown(range, "campaign", TOP),
    breakdown(range, "country", TOP),
    breakdown(range, "device", TOP),
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

const BLOG = BLOG_PATHS;

/** The page views' dimension a funnel `by` groups visits by: source, campaign or path. */
function viewDimension(by: FunnelBy): "source" | "campaign" | "path" {
  if (by === "source") return "source";
  if (by === "campaign") return "campaign";
  return "path";
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
  const { start, end } = rangeMs(range);
  const lead = leadKey(by);
  const meeting = (extra: SQL) =>
    sql`EXISTS (SELECT 1 FROM meetings m WHERE lower(m.email) = l.email AND m.created_at >= ${start} AND m.created_at < ${end}${extra})`;
  const trial = (extra: SQL) =>
    sql`EXISTS (SELECT 1 FROM subscriptions s WHERE lower(s.email) = l.email AND s.created_at >= ${start} AND s.created_at < ${end}${extra})`;
  const sum = (condition: SQL) => sql`coalesce(sum(CASE WHEN ${condition} THEN 1 ELSE 0 END), 0)`;
  const none = sql``;
  const [visitRows, totalRows, leadRows] = await sqlBatch<[Breakdown, { visitors: number }, LeadCounts]>([
    breakdown(range, viewDimension(by), null, by === "post"),
    whole(range, by === "post" ? "posts" : "total"),
    sql`
      SELECT key,
        ${sum(meeting(none))} AS demoBooked,
        ${sum(meeting(sql` AND m.status = 'completed'`))} AS attended,
        ${sum(trial(none))} AS trialStarted,
        ${sum(trial(sql` AND s.email_verified = 1`))} AS emailVerified,
        ${sum(trial(sql` AND s.approval_status = 'approved'`))} AS approved
      FROM (SELECT ${lead} AS key, l.email AS email FROM leads l) AS l
      WHERE ${by === "post" ? sql`key LIKE ${BLOG}` : sql`1`}
      GROUP BY key`,
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
  for (const row of visitRows) groups.set(row.key, { ...empty(), visits: row.visitors });
  const total = { ...empty(), visits: totalRows[0]?.visitors ?? 0 };
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
