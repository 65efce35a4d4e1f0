import { Download, Filter } from "lucide-react";
import { Form, href, Link } from "react-router";
import { BreakdownChart, DailyChart, FunnelChart, NumbersTable, percent } from "~/components/console/insights-charts";
import { consoleMeta } from "~/components/site/noindex-meta";
import { funnel, traffic } from "~/domain/insights/insights.server";
import {
  campaignLabel,
  countryLabel,
  deviceLabel,
  funnelKeyLabel,
  pathLabel,
  sourceLabel,
} from "~/domain/insights/labels";
import { FUNNEL_BY, FUNNEL_BY_LABELS, FUNNEL_STEPS, insightsQueryOf } from "~/domain/insights/range";
import { formatVital, GOOD, METRIC_LABELS, pageSpeedLines, VITAL_METRICS } from "~/domain/insights/vitals";
import { pageSpeed } from "~/domain/insights/vitals.server";
import { requireAdmin } from "~/http/guards.server";
import type { Route } from "./+types/insights";

/*
 * Console → Insights (issue 28 item 2): traffic counted on the server without cookies (decision
 * 090) and the funnel from a visit to an approved trial. A GET form and server-drawn SVG: it all
 * works without JavaScript.
 */

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { range, by, given, problem } = insightsQueryOf(new URL(request.url).searchParams, new Date());
  const [t, f, speed] = await Promise.all([traffic(range), funnel(range, by), pageSpeed(range)]);
  const rows = (list: typeof t.byPath, label: (key: string) => string) =>
    list.map((r) => ({ key: r.key, label: label(r.key), views: r.views, visitors: r.visitors }));
  return {
    range,
    by,
    given,
    problem,
    views: t.views,
    visitors: t.visitors,
    perDay: t.perDay,
    pages: rows(t.byPath, pathLabel),
    posts: rows(
      t.byPath.filter((r) => r.key.startsWith("/blog/")),
      pathLabel,
    ),
    sources: rows(t.bySource, sourceLabel),
    campaigns: rows(t.byCampaign, campaignLabel),
    countries: rows(t.byCountry, countryLabel),
    devices: rows(t.byDevice, deviceLabel),
    funnel: {
      steps: f.steps,
      groups: f.groups.map((g) => ({ key: g.key, label: funnelKeyLabel(by, g.key), steps: g.steps })),
    },
    speed: pageSpeedLines(speed),
  };
}

export default function Insights({ loaderData }: Route.ComponentProps) {
  const { range, by, given, problem, views, visitors, perDay, funnel: f } = loaderData;
  const csv = (report: "traffic" | "funnel") => {
    const params = new URLSearchParams({ from: range.from, to: range.to, report });
    if (report === "funnel") params.set("by", by);
    return `${href("/admin/dashboard/insights/export.csv")}?${params}`;
  };
  const byLabel = FUNNEL_BY_LABELS[by];
  return (
    <div className="mx-auto max-w-6xl">
      <div className="mb-6">
        <h1 className="text-2xl font-bold">Insights</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Page views counted on the server, without cookies or personal data: a visitor is unique within a day and never
          followed across days. The funnel follows each lead's first visit to an approved trial.
        </p>
      </div>
      {problem ? (
        <p
          role="alert"
          className="mb-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {problem} Showing the last 28 days.
        </p>
      ) : null}
      <Form method="get" className="card grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Insights range">
        <div>
          <label htmlFor="insights-from" className="label">
            From
          </label>
          <input id="insights-from" name="from" type="date" defaultValue={given.from ?? range.from} className="input" />
        </div>
        <div>
          <label htmlFor="insights-to" className="label">
            To
          </label>
          <input id="insights-to" name="to" type="date" defaultValue={given.to ?? range.to} className="input" />
        </div>
        <div>
          <label htmlFor="insights-by" className="label">
            Funnel by
          </label>
          <select id="insights-by" name="by" defaultValue={by} className="input">
            {FUNNEL_BY.map((b) => (
              <option key={b} value={b}>
                {FUNNEL_BY_LABELS[b]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <button type="submit" className="btn-primary">
            <Filter aria-hidden className="size-4" />
            Show
          </button>
          <Link to={href("/admin/dashboard/insights")} className="btn-secondary">
            Last 28 days
          </Link>
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
          <a href={csv("traffic")} className="btn-secondary" download>
            <Download aria-hidden className="size-4" />
            Traffic CSV
          </a>
          <a href={csv("funnel")} className="btn-secondary" download>
            <Download aria-hidden className="size-4" />
            Funnel CSV
          </a>
        </div>
      </Form>

      <dl className="mt-6 grid grid-cols-2 gap-4">
        <div className="card p-4">
          <dt className="text-sm text-slate-600 dark:text-slate-300">Visitors</dt>
          <dd className="text-2xl font-bold tabular-nums" data-testid="insights-visitors">
            {visitors}
          </dd>
        </div>
        <div className="card p-4">
          <dt className="text-sm text-slate-600 dark:text-slate-300">Page views</dt>
          <dd className="text-2xl font-bold tabular-nums" data-testid="insights-views">
            {views}
          </dd>
        </div>
      </dl>

      <div className="mt-6 grid gap-6">
        <DailyChart days={perDay} />
        <BreakdownChart
          id="pages"
          title="Top pages"
          description="Visitors per page."
          keyLabel="Page"
          rows={loaderData.pages}
        />
        <BreakdownChart
          id="posts"
          title="Top blog posts"
          description="Visitors per post."
          keyLabel="Post"
          rows={loaderData.posts}
        />
        <BreakdownChart
          id="sources"
          title="Sources"
          description="utm_source, else the site a visitor came from."
          keyLabel="Source"
          rows={loaderData.sources}
        />
        <BreakdownChart
          id="campaigns"
          title="Campaigns"
          description="utm_campaign of the visit."
          keyLabel="Campaign"
          rows={loaderData.campaigns}
        />
        <BreakdownChart
          id="countries"
          title="Countries"
          description="From the visitor's network."
          keyLabel="Country"
          rows={loaderData.countries}
        />
        <BreakdownChart
          id="devices"
          title="Devices"
          description="From the browser's user agent."
          keyLabel="Device"
          rows={loaderData.devices}
        />
        <FunnelChart
          steps={f.steps}
          title="Funnel"
          description="Visits, then leads (by their first visit) who in this range booked a demo, attended it (a completed meeting), started a trial, verified its email and were approved. Each percentage is of the step before."
        />
        <section className="card p-5" aria-labelledby="funnel-by-title" data-testid="insights-funnel-by">
          <h2 id="funnel-by-title" className="font-semibold">
            Funnel by {byLabel.toLowerCase()}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {f.groups.length === 0
              ? "No visits or leads in this range."
              : "Each count with its conversion from the step before, in brackets."}
          </p>
          {f.groups.length > 0 ? (
            <section
              className="mt-3 overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-brand-500"
              aria-label={`Funnel by ${byLabel.toLowerCase()}: the numbers`}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is scrolled with the keyboard once focused
              tabIndex={0}
            >
              <NumbersTable
                caption={`Funnel by ${byLabel.toLowerCase()}`}
                head={[byLabel, ...FUNNEL_STEPS.map((s) => s.label)]}
                rows={f.groups.map((g) => ({
                  key: g.key,
                  cells: [g.label, ...g.steps.map((s, i) => (i === 0 ? s.count : `${s.count} (${percent(s.rate)})`))],
                }))}
              />
            </section>
          ) : null}
        </section>
        <PageSpeed lines={loaderData.speed} />
      </div>
    </div>
  );
}

/** Real visitors' p75 per page and device against Google's good lines (issue 28 item 3, decision 091). */
function PageSpeed({ lines }: { lines: ReturnType<typeof pageSpeedLines> }) {
  const good = VITAL_METRICS.flatMap((m) => {
    const line = GOOD[m];
    return line === null ? [] : [`${METRIC_LABELS[m]} ${formatVital(m, line)}`];
  });
  return (
    <section className="card p-5" aria-labelledby="page-speed-title" data-testid="insights-page-speed">
      <h2 id="page-speed-title" className="font-semibold">
        Page speed
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {lines.length === 0
          ? "No page speed measured in this range."
          : `The 75th percentile of what visitors with JavaScript measured, per page and device. Good at or below: ${good.join(", ")}.`}
      </p>
      {lines.length > 0 ? (
        <section
          className="mt-3 overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-brand-500"
          aria-label="Page speed: the numbers"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is scrolled with the keyboard once focused
          tabIndex={0}
        >
          <NumbersTable
            caption="Page speed, 75th percentile"
            head={["Page", "Device", ...VITAL_METRICS.map((m) => METRIC_LABELS[m]), "Samples"]}
            rows={lines.map((line) => ({
              key: `${line.path} ${line.device}`,
              cells: [
                pathLabel(line.path),
                deviceLabel(line.device),
                ...VITAL_METRICS.map((m) => {
                  const cell = line.cells[m];
                  if (!cell) return "–";
                  const text = formatVital(m, cell.p75);
                  if (cell.rating === null) return text;
                  return (
                    <span
                      key={m}
                      className={
                        cell.rating === "good"
                          ? "whitespace-nowrap text-emerald-700 dark:text-emerald-300"
                          : "whitespace-nowrap font-semibold text-red-700 dark:text-red-300"
                      }
                    >
                      {text} {cell.rating === "good" ? "good" : "poor"}
                    </span>
                  );
                }),
                line.samples,
              ],
            }))}
          />
        </section>
      ) : null}
    </section>
  );
}

export function meta() {
  return consoleMeta("Insights");
}
