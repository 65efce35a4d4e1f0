import { funnel, traffic } from "~/domain/insights/insights.server";
import { insightsQueryOf } from "~/domain/insights/range";
import { requireAdmin } from "~/http/guards.server";
import { csvResponse, toCsv } from "~/lib/csv";
import type { Route } from "./+types/export-csv";

/**
 * Resource route: Insights as CSV for the range on the page (issue 28 item 2). `report=traffic`:
 * one row per day and per breakdown key (section, key, visitors, views); `report=funnel`: one row
 * per group with each step's count and its conversion from the step before. Counts only, no
 * personal data, so reading Insights is enough to download them.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const { range, by, problem } = insightsQueryOf(url.searchParams, new Date());
  if (problem) throw new Response(problem, { status: 400 });
  const name = `insights-${range.from}-to-${range.to}`;
  if (url.searchParams.get("report") === "funnel") {
    const f = await funnel(range, by);
    const rows = [{ key: "(all)", steps: f.steps }, ...f.groups];
    const columns = [
      { header: by, value: (r: (typeof rows)[number]) => r.key },
      ...f.steps.flatMap((step, i) => [
        { header: step.label, value: (r: (typeof rows)[number]) => r.steps[i]?.count ?? 0 },
        ...(i === 0
          ? []
          : [{ header: `${step.label} rate`, value: (r: (typeof rows)[number]) => r.steps[i]?.rate ?? "" }]),
      ]),
    ];
    return csvResponse(`${name}-funnel-by-${by}.csv`, toCsv(columns, rows));
  }
  const t = await traffic(range);
  type Line = { section: string; key: string; visitors: number; views: number };
  const lines: Line[] = [
    ...t.perDay.map((d) => ({ section: "day", key: d.day, visitors: d.visitors, views: d.views })),
    ...(
      [
        ["path", t.byPath],
        ["source", t.bySource],
        ["campaign", t.byCampaign],
        ["country", t.byCountry],
        ["device", t.byDevice],
      ] as const
    ).flatMap(([section, list]) => list.map((r) => ({ section, key: r.key, visitors: r.visitors, views: r.views }))),
  ];
  const columns = [
    { header: "Section", value: (l: Line) => l.section },
    { header: "Key", value: (l: Line) => l.key },
    { header: "Visitors", value: (l: Line) => l.visitors },
    { header: "Views", value: (l: Line) => l.views },
  ];
  return csvResponse(`${name}-traffic.csv`, toCsv(columns, lines));
}
