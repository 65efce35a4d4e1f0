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

/**
 * A chart's card: its title and description name the SVG, its numbers sit in a region a keyboard
 * can scroll. Overview's trends are figures (h3) with the numbers folded under "Show the numbers";
 * Insights' panels are sections (h2) with the numbers beside the chart (`beside`).
 */
export function ChartCard(props: {
  id: string;
  testId: string;
  title: string;
  description: string;
  beside?: boolean;
  empty?: string | null;
  legend?: ReactNode;
  chart: ReactNode;
  table: ReactNode;
}) {
  const Root = props.beside ? "section" : "figure";
  const Heading = props.beside ? "h2" : "h3";
  const numbers = (
    // Focusable, so a keyboard can scroll a table wider than a phone (WCAG 2.1.1).
    <section
      className={`${props.beside ? "" : "mt-2 "}overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-brand-500`}
      aria-label={`${props.title}: the numbers`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is scrolled with the keyboard once focused
      tabIndex={0}
    >
      {props.table}
    </section>
  );
  return (
    <Root
      className={props.beside ? "card p-5" : "card flex flex-col p-5"}
      aria-labelledby={`${props.id}-title`}
      data-testid={props.testId}
    >
      <Heading id={`${props.id}-title`} className="font-semibold">
        {props.title}
      </Heading>
      <p id={`${props.id}-desc`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {props.description}
      </p>
      {props.beside ? (
        <div className="mt-4 grid gap-4 lg:grid-cols-2 lg:items-start">
          <div>{props.chart}</div>
          {numbers}
        </div>
      ) : (
        <>
          {props.legend}
          <div className="mt-3">{props.chart}</div>
          {props.empty ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{props.empty}</p> : null}
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-medium text-brand-700 dark:text-brand-300">
              Show the numbers
            </summary>
            {numbers}
          </details>
        </>
      )}
    </Root>
  );
}

/** The numbers table of a chart: a row header, then one cell a column. */
export function NumbersTable(props: {
  caption: string;
  /** The row headers' column, then the cells' columns. */
  head: string[];
  rows: { key: string; label: ReactNode; cells: ReactNode[] }[];
  /** Which cell (index in `cells`) is bold: the figure the chart draws. */
  strong?: number;
  /** Keeps every column at its width and lets the table scroll on a phone. */
  wide?: boolean;
  /** Insights' ledger: small text, figures right-aligned, every column padded, long row headers wrap. */
  ledger?: boolean;
}) {
  const gap = (column: number) => (props.ledger || column < props.head.length - 1 ? " pr-3" : "");
  const right = props.ledger ? " text-right" : "";
  return (
    <table
      className={`w-full ${props.wide ? "min-w-max " : ""}text-left${props.ledger ? " text-sm" : ""} tabular-nums`}
    >
      <caption className="sr-only">{props.caption}</caption>
      <thead className="text-xs text-slate-600 dark:text-slate-300">
        <tr>
          {props.head.map((label, column) => (
            <th key={label} scope="col" className={`py-1${gap(column)} font-medium${column > 0 ? right : ""}`}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.key} className="border-t border-slate-100 dark:border-slate-800">
            <th
              scope="row"
              className={props.ledger ? "max-w-48 py-1 pr-3 font-normal break-words" : "py-1 pr-3 font-normal"}
            >
              {row.label}
            </th>
            {row.cells.map((cell, i) => (
              <td
                key={props.head[i + 1]}
                className={`py-1${gap(i + 1)}${right}${i === props.strong ? " font-semibold" : ""}`}
              >
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A chart's drawing, named by its card's title and description. */
export function ChartSvg(props: { id: string; width: number; height: number; children: ReactNode }) {
  return (
    <svg
      viewBox={`0 0 ${props.width} ${props.height}`}
      className="block h-auto w-full"
      role="img"
      aria-labelledby={`${props.id}-title ${props.id}-desc`}
    >
      {props.children}
    </svg>
  );
}

/**
 * Vertical bars on a y axis from 0 to `max` (use niceMax) with a middle line, and a label under
 * the bars that `show` one. `children` draws the bars: `scale` turns a value into a height,
 * `x` gives bar i's left edge, `bottom` is the axis' baseline.
 */
export function Bars({
  id,
  labels,
  height,
  max,
  width = W,
  left = 28,
  fontSize = 12,
  barShare = 0.62,
  minBar = 4,
  children,
}: {
  id: string;
  labels: { text: string; show: boolean }[];
  height: number;
  max: number;
  width?: number;
  left?: number;
  fontSize?: number;
  /** The share of its slot a bar fills, and its narrowest width. */
  barShare?: number;
  minBar?: number;
  children: (draw: {
    scale: (v: number) => number;
    x: (i: number) => number;
    barWidth: number;
    bottom: number;
  }) => ReactNode;
}) {
  const right = width - 4;
  const top = 8;
  const bottom = height - 22;
  const slot = (right - left) / Math.max(1, labels.length);
  const barWidth = Math.max(minBar, slot * barShare);
  const scale = (v: number) => ((bottom - top) * v) / max;
  const x = (i: number) => left + slot * i + (slot - barWidth) / 2;
  return (
    <ChartSvg id={id} width={width} height={height}>
      {[0, 0.5, 1].map((f) => {
        const y = bottom - (bottom - top) * f;
        return (
          <g key={f}>
            <line x1={left} x2={right} y1={y} y2={y} className={GRID} strokeWidth={1} />
            <text x={left - 4} y={y + 4} textAnchor="end" fontSize={fontSize} className={AXIS}>
              {Math.round(max * f)}
            </text>
          </g>
        );
      })}
      {children({ scale, x, barWidth, bottom })}
      {labels.map((l, i) =>
        l.show ? (
          <text key={i} x={x(i) + barWidth / 2} y={height - 6} textAnchor="middle" fontSize={fontSize} className={AXIS}>
            {l.text}
          </text>
        ) : null,
      )}
    </ChartSvg>
  );
}

/** A row's figure, at the right end of a horizontal bar chart. */
export function RowFigure(props: { x: number; y: number; fontSize: number; children: ReactNode }) {
  return (
    <text
      x={props.x}
      y={props.y}
      textAnchor="end"
      fontSize={props.fontSize}
      fontWeight={600}
      className="fill-slate-800 dark:fill-slate-100"
    >
      {props.children}
    </text>
  );
}

/**
 * Horizontal bar rows (a funnel): each row's label with an optional note, a track, its bar as a
 * share of `max` and its count at the right end. `size` is the row's height, font and bar height.
 */
export function BarRows(props: {
  id: string;
  rows: { key: string; label: string; note: string | null; count: number }[];
  max: number;
  fill: string;
  width?: number;
  size: { row: number; font: number; bar: number };
}) {
  const width = props.width ?? W;
  const { row: rowHeight, font, bar } = props.size;
  const barMax = width - 64;
  const track = font + 6;
  return (
    <ChartSvg id={props.id} width={width} height={props.rows.length * rowHeight + 4}>
      {props.rows.map((row, i) => {
        const y = i * rowHeight;
        return (
          <g key={row.key}>
            <text x={0} y={y + 13} fontSize={font} className="fill-slate-800 dark:fill-slate-100">
              {row.label}
              {row.note ? (
                <tspan className={AXIS} fontSize={12}>
                  {row.note}
                </tspan>
              ) : null}
            </text>
            <rect
              x={0}
              y={y + track}
              width={barMax}
              height={bar}
              rx={3}
              className="fill-slate-100 dark:fill-slate-800"
            />
            <rect
              x={0}
              y={y + track}
              width={props.max > 0 ? Math.max(2, (barMax * row.count) / props.max) : 2}
              height={bar}
              rx={3}
              className={props.fill}
            />
            <RowFigure x={width} y={y + track + font} fontSize={font}>
              {row.count}
            </RowFigure>
          </g>
        );
      })}
    </ChartSvg>
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
      testId={`trend-${id}`}
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
          {({ scale, x, barWidth, bottom }) =>
            weeks.map((week, i) => {
              let y = bottom;
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
  const pct = (n: number) => (first > 0 ? Math.round((n / first) * 100) : 0);
  return (
    <ChartCard
      id={id}
      testId={`trend-${id}`}
      title="Trial funnel, last 30 days"
      description={
        first === 0
          ? "Nobody signed up for a trial in the last 30 days."
          : `Of ${first} trial signups, ${lastStep?.count ?? 0} (${pct(lastStep?.count ?? 0)}%) got the welcome email.`
      }
      empty={null}
      chart={
        <BarRows
          id={id}
          rows={steps.map((step, i) => ({
            key: step.id,
            label: step.label,
            note: i > 0 && step.drop > 0 ? ` · −${step.drop}` : null,
            count: step.count,
          }))}
          max={first}
          fill="fill-brand-600 dark:fill-brand-400"
          size={{ row: 44, font: 13, bar: 16 }}
        />
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
      testId={`trend-${id}`}
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
          {({ scale, x, barWidth, bottom }) =>
            months.map((m, i) => {
              const h = scale(m.count);
              return h > 0 ? (
                <rect
                  key={m.start}
                  x={x(i)}
                  y={bottom - h}
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
