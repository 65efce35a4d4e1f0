import { type SQL, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { db } from "~/db/client.server";
import type { ROLLUP_DIMENSIONS } from "~/db/schema";
import { config } from "~/lib/config.server";
import { DAY, HOUR } from "~/lib/durations";
import { utcDate } from "./range";

/*
 * The daily roll-up of page views (decision 090, "Roll-ups"). Once a UTC day is over (and the
 * last counts written after their responses have landed), one row per (day, dimension, key) keeps
 * that day's views and unique visitors; Insights reads those rows for the days rolled up and the
 * per-visitor rows for the rest. A visitor's hash is of its day's salt, so a range's visitors are
 * the sum of each day's, whether read from the roll-up or counted from the rows: the answers are
 * the same. Per-visitor rows are deleted RETENTION_PAGE_VIEW_DAYS after their day, and only once
 * that day is rolled up.
 */

export type RollupDimension = (typeof ROLLUP_DIMENSIONS)[number];

/** The funnel by blog post counts the visitors of these pages (SQLite's LIKE: ASCII case-insensitive). */
export const BLOG_PATHS = "/blog/%";

export const ROLLUP_RULES = {
  /**
   * A day is rolled up this long after it ends: a view is written in `waitUntil` a few ms after its
   * response (well under a minute), so nothing is added to a day once it is rolled up.
   */
  settleMs: HOUR,
  /** Per-visitor rows deleted per statement: each stays short, well within D1's per-query limits. */
  purgeChunk: 5_000,
} as const;

const dialect = new SQLiteAsyncDialect();

/**
 * Raw SQL statements in one D1 batch (one round trip, one transaction), each answering its rows.
 * drizzle's own `batch()` cannot carry a raw statement with parameters (its D1 session binds a
 * prepared statement a raw query does not have), so these go to the client under drizzle: the
 * request's D1 session in a request, the binding in a job.
 */
export async function sqlBatch<T extends readonly unknown[]>(statements: { [K in keyof T]: SQL }) {
  const d1 = db().$client;
  const results = await d1.batch(
    statements.map((statement) => {
      const query = dialect.sqlToQuery(statement);
      return d1.prepare(query.sql).bind(...query.params);
    }),
  );
  return results.map((result) => result.results) as unknown as { [K in keyof T]: T[K][] };
}

/**
 * One day's roll-up as one batch (one transaction): every dimension's rows and, last, the "total"
 * row, the marker Insights and the next run read. Each statement writes nothing once the day has
 * its marker, and `ON CONFLICT DO NOTHING` besides: a second run of the same day — 20 cron runs at
 * once — adds and changes nothing, so a day is rolled up once, whole.
 */
export function rollUpStatements(day: string) {
  const sums = sql`coalesce(sum(views), 0), count(DISTINCT visitor)`;
  const open = sql`NOT EXISTS (SELECT 1 FROM page_view_rollups WHERE dimension = 'total' AND day = ${day})`;
  const byColumn = (dimension: RollupDimension, column: string) =>
    sql`INSERT INTO page_view_rollups (day, dimension, key, views, visitors)
      SELECT ${day}, ${dimension}, ${sql.raw(column)}, ${sums} FROM page_views WHERE day = ${day} AND ${open}
      GROUP BY ${sql.raw(column)}
      ON CONFLICT DO NOTHING`;
  // An aggregate without GROUP BY is one row even on a day without (blog) views.
  const whole = (dimension: RollupDimension, filter: SQL) =>
    sql`INSERT INTO page_view_rollups (day, dimension, key, views, visitors)
      SELECT ${day}, ${dimension}, '', ${sums} FROM page_views WHERE day = ${day} AND ${open}${filter}
      ON CONFLICT DO NOTHING`;
  return [
    byColumn("path", "path"),
    byColumn("source", "source"),
    byColumn("campaign", "campaign"),
    byColumn("country", "country"),
    byColumn("device", "device"),
    whole("posts", sql` AND path LIKE ${BLOG_PATHS}`),
    whole("total", sql``),
  ] as const;
}

/**
 * The first day with per-visitor rows after `after` and before `before`: one seek on page_views'
 * (day, …) key, however many rows the days rolled up meanwhile still keep.
 */
async function nextDayWithViews(after: string, before: string): Promise<string | undefined> {
  const [row] = await db().all<{ day: string | null }>(
    sql`SELECT min(day) AS day FROM page_views WHERE day > ${after} AND day < ${before}`,
  );
  return row?.day ?? undefined;
}

/** Rolls up every closed day not rolled up yet, oldest first, one batch a day. Returns the days rolled up. */
export async function rollUpClosedDays(now: Date, signal?: AbortSignal): Promise<number> {
  const client = db();
  // Days before this one are over and settled.
  const before = utcDate(now.getTime() - ROLLUP_RULES.settleMs);
  const [last] = await client.all<{ day: string | null }>(
    sql`SELECT max(day) AS day FROM page_view_rollups WHERE dimension = 'total'`,
  );
  // Days are rolled up in order, so every one after the last rolled up is not yet.
  let cursor = last?.day ?? "";
  let rolled = 0;
  while (!signal?.aborted) {
    const day = await nextDayWithViews(cursor, before);
    if (!day) break;
    await sqlBatch(rollUpStatements(day));
    rolled++;
    cursor = day;
  }
  return rolled;
}

/**
 * Deletes per-visitor rows RETENTION_PAGE_VIEW_DAYS after their day, of rolled-up days only (a day
 * the roll-up has not reached keeps its rows), a chunk per statement. Returns the rows deleted.
 */
export async function purgeOldPageViews(now: Date, signal?: AbortSignal): Promise<number> {
  const client = db();
  const cutoff = utcDate(now.getTime() - config().RETENTION_PAGE_VIEW_DAYS * DAY);
  const days = await client.all<{ day: string }>(sql`
    SELECT r.day AS day FROM page_view_rollups r
    WHERE r.dimension = 'total' AND r.day < ${cutoff}
      AND EXISTS (SELECT 1 FROM page_views p WHERE p.day = r.day)
    ORDER BY r.day`);
  let deleted = 0;
  for (const { day } of days) {
    while (!signal?.aborted) {
      const result = await client.run(sql`
        DELETE FROM page_views WHERE rowid IN (
          SELECT rowid FROM page_views WHERE day = ${day} LIMIT ${ROLLUP_RULES.purgeChunk})`);
      const n = result.meta.changes ?? 0;
      deleted += n;
      if (n < ROLLUP_RULES.purgeChunk) break;
    }
  }
  return deleted;
}

/** The cron job: the roll-up, then the purge it makes safe. Returns days rolled up plus rows deleted. */
export async function rollUpPageViews(now: Date, signal?: AbortSignal): Promise<number> {
  return (await rollUpClosedDays(now, signal)) + (await purgeOldPageViews(now, signal));
}
