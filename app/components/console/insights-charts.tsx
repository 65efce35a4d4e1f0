import type { ReactNode } from "react";
import { BarRows, Bars, ChartCard, ChartSvg, NumbersTable as ChartTable, niceMax, RowFigure } from "./trend-charts";

/**
 * Insights' charts (issue 28 item 2): plain SVG drawn on the server, no chart library, no
 * JavaScript. Each chart has its table beside it (below it on a phone) with the exact numbers.
 */

const W = 320;

export type Row = { key: string; label: string; views: number; visitors: number };

function Panel(props: { id: string; title: string; description: string; chart: ReactNode; table: ReactNode }) {
  return <ChartCard {...props} testId={`insights-${props.id}`} beside />;
}

/** Insights' ledger of numbers; a row's first cell is its header. */
export function NumbersTable(props: { caption: string; head: string[]; rows: { key: string; cells: ReactNode[] }[] }) {
  return (
    <ChartTable
      caption={props.caption}
      head={props.head}
      rows={props.rows.map(({ key, cells: [label, ...cells] }) => ({ key, label, cells }))}
      ledger
    />
  );
}

// Views behind, visitors (never more) in front.
const DAY_BARS = [
  ["views", "fill-brand-200 dark:fill-brand-800"],
  ["visitors", "fill-brand-600 dark:fill-brand-400"],
] as const;

/** Views (light) and visitors (dark) per day, as bars over the range. */
export function DailyChart({ days }: { days: { day: string; views: number; visitors: number }[] }) {
  const id = "per-day";
  const max = niceMax(Math.max(0, ...days.map((d) => d.views)));
  const every = Math.max(1, Math.ceil(days.length / 6));
  const views = days.reduce((s, d) => s + d.views, 0);
  const visitors = days.reduce((s, d) => s + d.visitors, 0);
  return (
    <Panel
      id={id}
      title="Visitors and views per day"
      description={`${visitors} ${visitors === 1 ? "visitor" : "visitors"} and ${views} page ${views === 1 ? "view" : "views"} from ${days[0]?.day ?? ""} to ${days.at(-1)?.day ?? ""} (UTC days). Dark bars are visitors, light bars views.`}
      chart={
        <Bars
          id={id}
          height={180}
          max={max}
          labels={days.map((d, i) => ({ text: d.day.slice(5), show: i % every === 0 }))}
          width={W}
          left={32}
          fontSize={11}
          barShare={0.7}
          minBar={1}
        >
          {({ scale, x, barWidth, bottom }) =>
            days.map((d, i) => (
              <g key={d.day}>
                {DAY_BARS.map(([value, fill]) => (
                  <rect
                    key={value}
                    x={x(i)}
                    y={bottom - scale(d[value])}
                    width={barWidth}
                    height={scale(d[value])}
                    className={fill}
                  />
                ))}
              </g>
            ))
          }
        </Bars>
      }
      table={
        <div className="max-h-72 overflow-y-auto">
          <NumbersTable
            caption="Visitors and views per day"
            head={["Day", "Visitors", "Views"]}
            rows={[...days].reverse().map((d) => ({ key: d.day, cells: [d.day, d.visitors, d.views] }))}
          />
        </div>
      }
    />
  );
}

/** A ranked list as horizontal bars (visitors), the first ten drawn, every row in the table. */
export function BreakdownChart(props: {
  id: string;
  title: string;
  description: string;
  keyLabel: string;
  rows: Row[];
}) {
  const drawn = props.rows.slice(0, 10);
  const rowHeight = 30;
  const height = Math.max(1, drawn.length) * rowHeight + 4;
  const max = Math.max(1, ...drawn.map((r) => r.visitors));
  const barMax = W - 48;
  return (
    <Panel
      id={props.id}
      title={props.title}
      description={props.rows.length === 0 ? `${props.description} Nothing counted in this range.` : props.description}
      chart={
        <ChartSvg id={props.id} width={W} height={height}>
          {drawn.map((row, i) => {
            const y = i * rowHeight;
            return (
              <g key={row.key}>
                <rect
                  x={0}
                  y={y + 2}
                  width={Math.max(2, (barMax * row.visitors) / max)}
                  height={24}
                  rx={3}
                  className="fill-brand-100 dark:fill-brand-900"
                />
                <text x={6} y={y + 19} fontSize={12} className="fill-slate-800 dark:fill-slate-100">
                  {row.label.length > 38 ? `${row.label.slice(0, 37)}…` : row.label}
                </text>
                <RowFigure x={W} y={y + 19} fontSize={12}>
                  {row.visitors}
                </RowFigure>
              </g>
            );
          })}
        </ChartSvg>
      }
      table={
        <NumbersTable
          caption={props.title}
          head={[props.keyLabel, "Visitors", "Views"]}
          rows={props.rows.map((r) => ({ key: r.key, cells: [r.label, r.visitors, r.views] }))}
        />
      }
    />
  );
}

export type FunnelStepView = { id: string; label: string; count: number; rate: number | null };

export const percent = (rate: number | null) => (rate === null ? "—" : `${Math.round(rate * 1000) / 10}%`);

/** The funnel's steps as bars relative to the first step, with each step's conversion from the one before. */
export function FunnelChart({
  steps,
  title,
  description,
}: {
  steps: FunnelStepView[];
  title: string;
  description: string;
}) {
  const id = "funnel";
  return (
    <Panel
      id={id}
      title={title}
      description={description}
      chart={
        <BarRows
          id={id}
          rows={steps.map((step, i) => ({
            key: step.id,
            label: step.label,
            note: i > 0 ? ` · ${percent(step.rate)}` : null,
            count: step.count,
          }))}
          max={Math.max(1, ...steps.map((s) => s.count))}
          fill="fill-accent-600 dark:fill-accent-400"
          width={W}
          size={{ row: 40, font: 12, bar: 14 }}
        />
      }
      table={
        <NumbersTable
          caption={title}
          head={["Step", "Count", "From the step before"]}
          rows={steps.map((s, i) => ({ key: s.id, cells: [s.label, s.count, i === 0 ? "—" : percent(s.rate)] }))}
        />
      }
    />
  );
}
