import type { ReactNode } from "react";
import { niceMax } from "./trend-charts";

/**
 * Insights' charts (issue 28 item 2): plain SVG drawn on the server, no chart library, no
 * JavaScript. Each chart has its table beside it (below it on a phone) with the exact numbers.
 */

const AXIS = "fill-slate-600 dark:fill-slate-300";
const GRID = "stroke-slate-200 dark:stroke-slate-700";
const W = 320;

export type Row = { key: string; label: string; views: number; visitors: number };

function Panel(props: { id: string; title: string; description: string; chart: ReactNode; table: ReactNode }) {
  return (
    <section className="card p-5" aria-labelledby={`${props.id}-title`} data-testid={`insights-${props.id}`}>
      <h2 id={`${props.id}-title`} className="font-semibold">
        {props.title}
      </h2>
      <p id={`${props.id}-desc`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {props.description}
      </p>
      <div className="mt-4 grid gap-4 lg:grid-cols-2 lg:items-start">
        <div>{props.chart}</div>
        {/* Focusable, so a keyboard can scroll a table wider than a phone (WCAG 2.1.1). */}
        <section
          className="overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-brand-500"
          aria-label={`${props.title}: the numbers`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is scrolled with the keyboard once focused
          tabIndex={0}
        >
          {props.table}
        </section>
      </div>
    </section>
  );
}

export function NumbersTable(props: { caption: string; head: string[]; rows: { key: string; cells: ReactNode[] }[] }) {
  return (
    <table className="w-full text-left text-sm tabular-nums">
      <caption className="sr-only">{props.caption}</caption>
      <thead className="text-xs text-slate-600 dark:text-slate-300">
        <tr>
          {props.head.map((label, i) => (
            <th key={label} scope="col" className={`py-1 pr-3 font-medium${i > 0 ? " text-right" : ""}`}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.key} className="border-t border-slate-100 dark:border-slate-800">
            {row.cells.map((cell, i) =>
              i === 0 ? (
                <th key="label" scope="row" className="max-w-48 py-1 pr-3 font-normal break-words">
                  {cell}
                </th>
              ) : (
                <td key={props.head[i]} className="py-1 pr-3 text-right">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Views (light) and visitors (dark) per day, as bars over the range. */
export function DailyChart({ days }: { days: { day: string; views: number; visitors: number }[] }) {
  const id = "per-day";
  const height = 180;
  const left = 32;
  const right = W - 4;
  const top = 8;
  const bottom = height - 22;
  const max = niceMax(Math.max(0, ...days.map((d) => d.views)));
  const slot = (right - left) / Math.max(1, days.length);
  const barWidth = Math.max(1, slot * 0.7);
  const scale = (v: number) => ((bottom - top) * v) / max;
  const x = (i: number) => left + slot * i + (slot - barWidth) / 2;
  const every = Math.max(1, Math.ceil(days.length / 6));
  const views = days.reduce((s, d) => s + d.views, 0);
  const visitors = days.reduce((s, d) => s + d.visitors, 0);
  return (
    <Panel
      id={id}
      title="Visitors and views per day"
      description={`${visitors} ${visitors === 1 ? "visitor" : "visitors"} and ${views} page ${views === 1 ? "view" : "views"} from ${days[0]?.day ?? ""} to ${days.at(-1)?.day ?? ""} (UTC days). Dark bars are visitors, light bars views.`}
      chart={
        <svg
          viewBox={`0 0 ${W} ${height}`}
          className="block h-auto w-full"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
        >
          {[0, 0.5, 1].map((f) => {
            const y = bottom - (bottom - top) * f;
            return (
              <g key={f}>
                <line x1={left} x2={right} y1={y} y2={y} className={GRID} strokeWidth={1} />
                <text x={left - 4} y={y + 4} textAnchor="end" fontSize={11} className={AXIS}>
                  {Math.round(max * f)}
                </text>
              </g>
            );
          })}
          {days.map((d, i) => (
            <g key={d.day}>
              <rect
                x={x(i)}
                y={bottom - scale(d.views)}
                width={barWidth}
                height={scale(d.views)}
                className="fill-brand-200 dark:fill-brand-800"
              />
              <rect
                x={x(i)}
                y={bottom - scale(d.visitors)}
                width={barWidth}
                height={scale(d.visitors)}
                className="fill-brand-600 dark:fill-brand-400"
              />
              {i % every === 0 ? (
                <text x={x(i) + barWidth / 2} y={height - 6} textAnchor="middle" fontSize={11} className={AXIS}>
                  {d.day.slice(5)}
                </text>
              ) : null}
            </g>
          ))}
        </svg>
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
        <svg
          viewBox={`0 0 ${W} ${height}`}
          className="block h-auto w-full"
          role="img"
          aria-labelledby={`${props.id}-title ${props.id}-desc`}
        >
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
                <text
                  x={W}
                  y={y + 19}
                  textAnchor="end"
                  fontSize={12}
                  fontWeight={600}
                  className="fill-slate-800 dark:fill-slate-100"
                >
                  {row.visitors}
                </text>
              </g>
            );
          })}
        </svg>
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
  const rowHeight = 40;
  const height = steps.length * rowHeight + 4;
  const max = Math.max(1, ...steps.map((s) => s.count));
  const barMax = W - 64;
  return (
    <Panel
      id={id}
      title={title}
      description={description}
      chart={
        <svg
          viewBox={`0 0 ${W} ${height}`}
          className="block h-auto w-full"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
        >
          {steps.map((step, i) => {
            const y = i * rowHeight;
            return (
              <g key={step.id}>
                <text x={0} y={y + 13} fontSize={12} className="fill-slate-800 dark:fill-slate-100">
                  {step.label}
                  {i > 0 ? <tspan className={AXIS}>{` · ${percent(step.rate)}`}</tspan> : null}
                </text>
                <rect
                  x={0}
                  y={y + 18}
                  width={barMax}
                  height={14}
                  rx={3}
                  className="fill-slate-100 dark:fill-slate-800"
                />
                <rect
                  x={0}
                  y={y + 18}
                  width={Math.max(2, (barMax * step.count) / max)}
                  height={14}
                  rx={3}
                  className="fill-accent-600 dark:fill-accent-400"
                />
                <text
                  x={W}
                  y={y + 30}
                  textAnchor="end"
                  fontSize={12}
                  fontWeight={600}
                  className="fill-slate-800 dark:fill-slate-100"
                >
                  {step.count}
                </text>
              </g>
            );
          })}
        </svg>
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
