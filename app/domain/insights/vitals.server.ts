import { env } from "cloudflare:workers";
import { config } from "~/lib/config.server";
import { DAY } from "~/lib/durations";
import type { DateRange } from "./range";
import { deviceClass, utcDay } from "./visit";
import { type Rating, rating, VITAL_METRICS, type VitalMetric, type VitalsBeacon, vitalsPath } from "./vitals";

/*
 * Real visitors' page speed in D1 (issue 28 item 3, decision 091): one row per metric sample,
 * read back as the 75th percentile per page, device class and metric, computed in SQL.
 */

/** Writes one beacon's samples, in one statement: day, path (no query), device class, metric, value. */
export async function recordVitals(
  beacon: VitalsBeacon,
  userAgent: string,
  at: Date,
  database: D1Database = env.DB,
): Promise<number> {
  const day = utcDay(at);
  const path = vitalsPath(beacon.path);
  const device = deviceClass(userAgent);
  const samples = VITAL_METRICS.flatMap((metric) => {
    const value = beacon.metrics[metric];
    return value === undefined ? [] : [[metric, value] as const];
  });
  if (samples.length === 0) return 0;
  const values = samples.map((_, i) => `(?1, ?2, ?3, ?${4 + 2 * i}, ?${5 + 2 * i})`).join(", ");
  await database
    .prepare(`INSERT INTO page_vitals (day, path, device, metric, value) VALUES ${values}`)
    .bind(day, path, device, ...samples.flat())
    .run();
  return samples.length;
}

export type PageSpeedRow = {
  path: string;
  device: string;
  metric: VitalMetric;
  /** How many samples the percentile is taken over. */
  samples: number;
  p75: number;
  rating: Rating;
};

/**
 * The p75 of each metric per page and device class over `range`, by nearest rank: the value at
 * rank ⌈0.75·n⌉ of the n samples in order, which is `(3n + 3) / 4` in integer arithmetic. One
 * query; the window sorts each group once (the index covers day, path, device, metric, value).
 */
export async function pageSpeed(range: DateRange, database: D1Database = env.DB): Promise<PageSpeedRow[]> {
  const { results } = await database
    .prepare(
      `SELECT path, device, metric, n AS samples, value AS p75 FROM (
         SELECT path, device, metric, value,
                row_number() OVER (PARTITION BY path, device, metric ORDER BY value) AS rank,
                count(*) OVER (PARTITION BY path, device, metric) AS n
         FROM page_vitals WHERE day BETWEEN ?1 AND ?2
       )
       WHERE rank = (3 * n + 3) / 4
       ORDER BY path, device, metric`,
    )
    .bind(range.from, range.to)
    .all<Omit<PageSpeedRow, "rating">>();
  return results.map((row) => ({ ...row, rating: rating(row.metric, row.p75) }));
}

/**
 * Scheduled job: deletes the samples of every day more than RETENTION_PAGE_SPEED_DAYS (35) before
 * `now` (UTC days). The console reads 28 days; the week beyond covers a range chosen at the edge
 * and a job run that was missed. Answers how many samples it deleted.
 */
export async function purgeOldVitals(now: Date, database: D1Database = env.DB): Promise<number> {
  const oldestKept = utcDay(new Date(now.getTime() - config().RETENTION_PAGE_SPEED_DAYS * DAY));
  const result = await database.prepare("DELETE FROM page_vitals WHERE day < ?1").bind(oldestKept).run();
  return result.meta.changes ?? 0;
}
