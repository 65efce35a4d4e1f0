import type { ReactNode } from "react";

/**
 * The Overview trends as plain SVG drawn on the server: no chart library, no JavaScript.
 * Colours are Tailwind fill classes so both themes apply; every chart also has its numbers
 * in a table inside <details>, for screen readers and for exact values.
 */

type MeetingStatus = "scheduled" | "confirmed" | "completed" | "cancelled";
type Week = { start: string; label: string; counts: Record<MeetingStatus, number>; total: number };
type Month = { start: string; label: string; count: number };
type Step = { id: string; label: string; count: number; drop: number };

// Stack order bottom → top; the swatches in the legend carry the same colours.
const SERIES: { status: MeetingStatus; label: string; fill: string; swatch: string }[] = [
  {
    status: "completed",
    label: "Completed",
    fill: "fill-emerald-600 dark:fill-emerald-400",
    swatch: "bg-emerald-600 dark:bg-emerald-400",
  },
  {
    status: "confirmed",
    label: "Confirmed",
    fill: "fill-brand-600 dark:fill-brand-400",
    swatch: "bg-brand-600 dark:bg-brand-400",
  },
  {
    status: "scheduled",
    label: "Scheduled",
    fill: "fill-amber-500 dark:fill-amber-300",
    swatch: "bg-amber-500 dark:bg-amber-300",
  },
  {
    status: "cancelled",
    label: "Cancelled",
    fill: "fill-slate-400 dark:fill-slate-500",
    swatch: "bg-slate-400 dark:bg-slate-500",
  },
];

const W = 300;
const AXIS = "fill-slate-600 dark:fill-slate-300";
const GRID = "stroke-slate-200 dark:stroke-slate-700";

/** A round maximum for the y axis (2, 4, 6, 8 or 10 × 10^n, so the middle line is whole), never 0. */
export function niceMax(value: number) {
  if (value <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const m of [1, 2, 4, 6, 8, 10]) if (m * magnitude >= value) return m * magnitude;
  return 10 * magnitude;
}

function ChartCard(props: {
  id: string;
  title: string;
  description: string;
  empty: string | null;
  legend?: ReactNode;
  chart: ReactNode;
  table: ReactNode;
}) {
  return (
    <figure className="card flex flex-col p-5" aria-labelledby={`${props.id}-title`} data-testid={`trend-${props.id}`}>
      <h3 id={`${props.id}-title`} className="font-semibold">
        {props.title}
      </h3>
      <p id={`${props.id}-desc`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {props.description}
      </p>
      {props.legend}
      <div className="mt-3">{props.chart}</div>
      {props.empty ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{props.empty}</p> : null}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700 dark:text-brand-300">Show the numbers</summary>
        {/* Focusable, so a keyboard can scroll a table wider than a phone (WCAG 2.1.1). */}
        <section
          className="mt-2 overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-brand-500"
          aria-label={`${props.title}: the numbers`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is scrolled with the keyboard once focused
          tabIndex={0}
        >
          {props.table}
        </section>
      </details>
    </figure>
  );
}

/** The "Show the numbers" table of a chart: a row header, then one cell a column. */
function NumbersTable(props: {
  caption: string;
  /** The row headers' column, then the cells' columns. */
  head: string[];
  rows: { key: string; label: string; cells: ReactNode[] }[];
  /** Which cell (index in `cells`) is bold: the figure the chart draws. */
  strong: number;
  /** Keeps every column at its width and lets the table scroll on a phone. */
  wide?: boolean;
}) {
  // Every column but the last keeps a gap to the next one.
  const gap = (column: number) => (column < props.head.length - 1 ? " pr-3" : "");
  return (
    <table className={`w-full ${props.wide ? "min-w-max " : ""}text-left tabular-nums`}>
      <caption className="sr-only">{props.caption}</caption>
      <thead className="text-xs text-slate-600 dark:text-slate-300">
        <tr>
          {props.head.map((label, column) => (
            <th key={label} scope="col" className={`py-1${gap(column)} font-medium`}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.key} className="border-t border-slate-100 dark:border-slate-800">
            <th scope="row" className="py-1 pr-3 font-normal">
              {row.label}
            </th>
            {row.cells.map((cell, i) => (
              <td key={props.head[i + 1]} className={`py-1${gap(i + 1)}${i === props.strong ? " font-semibold" : ""}`}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Bars({
  id,
  labels,
  height,
  max,
  children,
}: {
  id: string;
  labels: { text: string; show: boolean }[];
  height: number;
  max: number;
  children: (scale: (v: number) => number, x: (i: number) => number, barWidth: number) => ReactNode;
}) {
  const left = 28;
  const right = W - 4;
  const top = 8;
  const bottom = height - 22;
  const slot = (right - left) / labels.length;
  const barWidth = Math.max(4, slot * 0.62);
  const scale = (v: number) => ((bottom - top) * v) / max;
  const x = (i: number) => left + slot * i + (slot - barWidth) / 2;
  return (
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
            <text x={left - 4} y={y + 4} textAnchor="end" fontSize={12} className={AXIS}>
              {Math.round(max * f)}
            </text>
          </g>
        );
      })}
      {children(scale, x, barWidth)}
      {labels.map((l, i) =>
        l.show ? (
          <text key={i} x={x(i) + barWidth / 2} y={height - 6} textAnchor="middle" fontSize={12} className={AXIS}>
            {l.text}
          </text>
        ) : null,
      )}
    </svg>
  );
}

export function MeetingsPerWeekChart({ weeks }: { weeks: Week[] }) {
  const id = "meetings-per-week";
  const total = weeks.reduce((sum, w) => sum + w.total, 0);
  const max = niceMax(Math.max(0, ...weeks.map((w) => w.total)));
  const last = weeks.at(-1)?.total ?? 0;
  const before = weeks.at(-2)?.total ?? 0;
  return (
    <ChartCard
      id={id}
      title="Demo meetings booked per week"
      description={`${total} booked in the last 12 weeks; ${last} this week (${before} the week before). Bars are split by each meeting's current status.`}
      empty={total === 0 ? "No demo meetings booked in the last 12 weeks." : null}
      legend={
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-200" aria-hidden>
          {SERIES.map((s) => (
            <li key={s.status} className="flex items-center gap-1.5">
              <span className={`inline-block size-2.5 rounded-sm ${s.swatch}`} />
              {s.label}
            </li>
          ))}
        </ul>
      }
      chart={
        <Bars id={id} height={180} max={max} labels={weeks.map((w, i) => ({ text: w.label, show: i % 3 === 0 }))}>
          {(scale, x, barWidth) =>
            weeks.map((week, i) => {
              let y = 158;
              return (
                <g key={week.start}>
                  {SERIES.map((s) => {
                    const h = scale(week.counts[s.status]);
                    if (h <= 0) return null;
                    y -= h;
                    return <rect key={s.status} x={x(i)} y={y} width={barWidth} height={h} className={s.fill} />;
                  })}
                </g>
              );
            })
          }
        </Bars>
      }
      table={
        <NumbersTable
          caption="Demo meetings booked per week, by current status"
          head={["Week of", ...SERIES.map((s) => s.label), "Total"]}
          rows={weeks.map((w) => ({
            key: w.start,
            label: w.label,
            cells: [...SERIES.map((s) => w.counts[s.status]), w.total],
          }))}
          strong={SERIES.length}
          wide
        />
      }
    />
  );
}

export function TrialFunnelChart({ steps }: { steps: Step[] }) {
  const id = "trial-funnel";
  const first = steps[0]?.count ?? 0;
  const lastStep = steps.at(-1);
  const rowHeight = 44;
  const height = steps.length * rowHeight + 4;
  const barMax = W - 64;
  const pct = (n: number) => (first > 0 ? Math.round((n / first) * 100) : 0);
  return (
    <ChartCard
      id={id}
      title="Trial funnel, last 30 days"
      description={
        first === 0
          ? "Nobody signed up for a trial in the last 30 days."
          : `Of ${first} trial signups, ${lastStep?.count ?? 0} (${pct(lastStep?.count ?? 0)}%) got the welcome email.`
      }
      empty={null}
      chart={
        <svg
          viewBox={`0 0 ${W} ${height}`}
          className="block h-auto w-full"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
        >
          {steps.map((step, i) => {
            const y = i * rowHeight;
            const width = first > 0 ? Math.max(2, (barMax * step.count) / first) : 2;
            return (
              <g key={step.id}>
                <text x={0} y={y + 13} fontSize={13} className="fill-slate-800 dark:fill-slate-100">
                  {step.label}
                  {i > 0 && step.drop > 0 ? (
                    <tspan className={AXIS} fontSize={12}>
                      {` · −${step.drop}`}
                    </tspan>
                  ) : null}
                </text>
                <rect
                  x={0}
                  y={y + 19}
                  width={W - 64}
                  height={16}
                  rx={3}
                  className="fill-slate-100 dark:fill-slate-800"
                />
                <rect
                  x={0}
                  y={y + 19}
                  width={width}
                  height={16}
                  rx={3}
                  className="fill-brand-600 dark:fill-brand-400"
                />
                <text
                  x={W}
                  y={y + 32}
                  textAnchor="end"
                  fontSize={13}
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
          caption="Trial funnel of the last 30 days"
          head={["Step", "Users", "Of signups", "Lost at this step"]}
          rows={steps.map((s, i) => ({
            key: s.id,
            label: s.label,
            cells: [s.count, `${pct(s.count)}%`, i === 0 ? "—" : s.drop],
          }))}
          strong={0}
        />
      }
    />
  );
}

export function PostsPerMonthChart({ months }: { months: Month[] }) {
  const id = "posts-per-month";
  const total = months.reduce((sum, m) => sum + m.count, 0);
  const max = niceMax(Math.max(0, ...months.map((m) => m.count)));
  return (
    <ChartCard
      id={id}
      title="Blog posts published per month"
      description={`${total} published in the last 12 months; ${months.at(-1)?.count ?? 0} so far this month.`}
      empty={total === 0 ? "No posts published in the last 12 months." : null}
      chart={
        <Bars
          id={id}
          height={180}
          max={max}
          labels={months.map((m, i) => ({ text: m.label.slice(0, 3), show: i % 2 === 1 }))}
        >
          {(scale, x, barWidth) =>
            months.map((m, i) => {
              const h = scale(m.count);
              return h > 0 ? (
                <rect
                  key={m.start}
                  x={x(i)}
                  y={158 - h}
                  width={barWidth}
                  height={h}
                  className="fill-accent-600 dark:fill-accent-400"
                />
              ) : null;
            })
          }
        </Bars>
      }
      table={
        <NumbersTable
          caption="Blog posts published per month"
          head={["Month", "Published"]}
          rows={months.map((m) => ({ key: m.start, label: m.label, cells: [m.count] }))}
          strong={0}
        />
      }
    />
  );
}
