import { z } from "zod";
import { VITAL_METRICS } from "~/db/schema";
import { CAPS } from "../leads/attribution";

/*
 * Real visitors' page speed (issue 28 item 3, decision 091): what one page's beacon carries, and
 * Google's "good" line for each metric. Pure: the endpoint, the console and the API share it.
 */

export type VitalMetric = (typeof VITAL_METRICS)[number];
export { VITAL_METRICS };

/**
 * Google's "good" thresholds at p75 (web.dev/articles/vitals): LCP 2.5 s, INP 200 ms, CLS 0.1,
 * TTFB 0.8 s. The time from first paint to hydration (decision 036's cost) has no public line:
 * it is shown without a verdict.
 */
export const GOOD: Record<VitalMetric, number | null> = {
  LCP: 2500,
  INP: 200,
  CLS: 0.1,
  TTFB: 800,
  HYDRATION: null,
};

/**
 * The largest value believed: a minute for the timings, 100 for CLS (layout shift scores are
 * fractions of the viewport; anything beyond is a broken or forged report, not a slow page).
 */
export const MAX_VALUE: Record<VitalMetric, number> = {
  LCP: 60_000,
  INP: 60_000,
  CLS: 100,
  TTFB: 60_000,
  HYDRATION: 60_000,
};

const metricValue = (metric: VitalMetric) =>
  z
    .number({ error: `${metric} must be a number.` })
    .min(0, { error: `${metric} must be 0 or more.` })
    .max(MAX_VALUE[metric], { error: `${metric} must be at most ${MAX_VALUE[metric]}.` })
    .optional();

/** One page's beacon: the page's path and the metrics it measured (each at most once). */
export const VitalsBeaconSchema = z.strictObject({
  path: z
    .string({ error: "path must be a path." })
    .startsWith("/", { error: "path must be a path." })
    .max(2048, { error: "path must be a path." }),
  metrics: z
    .strictObject(
      Object.fromEntries(VITAL_METRICS.map((metric) => [metric, metricValue(metric)])) as Record<
        VitalMetric,
        ReturnType<typeof metricValue>
      >,
      { error: "metrics must name LCP, INP, CLS, TTFB or HYDRATION." },
    )
    .refine((metrics) => Object.values(metrics).some((value) => value !== undefined), {
      error: "metrics must name at least one metric.",
    }),
});
export type VitalsBeacon = z.infer<typeof VitalsBeaconSchema>;

/**
 * The path as page views store it (decision 090): no query, no fragment, capped the same way,
 * so a page's speed and its traffic line up.
 */
export function vitalsPath(path: string): string {
  return new URL(path, "https://flowlane.invalid").pathname.slice(0, CAPS.landingPath);
}

export type Rating = "good" | "poor" | null;

/** Whether a p75 is within Google's good line; null when the metric has none. */
export function rating(metric: VitalMetric, p75: number): Rating {
  const good = GOOD[metric];
  return good === null ? null : p75 <= good ? "good" : "poor";
}

export const METRIC_LABELS: Record<VitalMetric, string> = {
  LCP: "LCP",
  INP: "INP",
  CLS: "CLS",
  TTFB: "TTFB",
  HYDRATION: "Paint → hydration",
};

/** A p75 as people read it: seconds for LCP and TTFB, milliseconds for INP and hydration, CLS bare. */
export function formatVital(metric: VitalMetric, value: number): string {
  if (metric === "CLS") return value.toFixed(2);
  if (metric === "LCP" || metric === "TTFB") return `${(value / 1000).toFixed(2)} s`;
  return `${Math.round(value)} ms`;
}

export type PageSpeedLine = {
  path: string;
  device: string;
  /** The most samples any of its metrics has. */
  samples: number;
  cells: Partial<Record<VitalMetric, { p75: number; samples: number; rating: Rating }>>;
};

/** One line per page and device, the metrics side by side; the most measured first. */
export function pageSpeedLines(
  rows: readonly { path: string; device: string; metric: VitalMetric; samples: number; p75: number; rating: Rating }[],
  limit = 50,
): PageSpeedLine[] {
  const lines = new Map<string, PageSpeedLine>();
  for (const row of rows) {
    const key = `${row.path}\n${row.device}`;
    const line = lines.get(key) ?? { path: row.path, device: row.device, samples: 0, cells: {} };
    line.cells[row.metric] = { p75: row.p75, samples: row.samples, rating: row.rating };
    line.samples = Math.max(line.samples, row.samples);
    lines.set(key, line);
  }
  return [...lines.values()]
    .sort((a, b) => b.samples - a.samples || a.path.localeCompare(b.path) || a.device.localeCompare(b.device))
    .slice(0, limit);
}
