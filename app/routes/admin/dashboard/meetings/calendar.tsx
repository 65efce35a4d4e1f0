import { ChevronLeft, ChevronRight } from "lucide-react";
import { href, Link } from "react-router";
import { consoleMeta } from "~/components/site/noindex-meta";
import { formatTime12h, slotTimes, todayIn } from "~/domain/calendar/availability";
import { bookingRules } from "~/domain/calendar/calendar.server";
import { longDateLabel } from "~/domain/calendar/month";
import { isoWeekOf, shiftWeek, weekStart, workDays } from "~/domain/calendar/week";
import { meetingStatusCounts, meetingsBetween } from "~/domain/meetings/meetings.server";
import { requireAdmin } from "~/http/guards.server";
import { MONTH_NAMES, WEEKDAY_NAMES } from "~/lib/calendar-names";
import type { Route } from "./+types/calendar";
import { HostSelect, hostLabel, UNKNOWN_HOST } from "./host-filter";
import { hostFilter } from "./host-filter.server";
import { SectionHeader } from "./meeting-ui";

/**
 * The Demo Meetings week: Monday to Friday, 30-minute rows over the working hours in the
 * business timezone, each meeting a block linked to its details. A plain table (and on a
 * phone a day-by-day list), so it needs no JavaScript.
 */

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  const url = new URL(request.url);
  const { host, hostId, hosts, names, unknownHost } = await hostFilter(url, session);
  const rules = bookingRules();
  const thisWeek = isoWeekOf(todayIn(rules.timeZone, new Date()));
  const requested = url.searchParams.get("week");
  const week = requested && weekStart(requested) ? requested : thisWeek;
  const days = workDays(week);
  const [rows, counts] = await Promise.all([meetingsBetween(days[0]!, days[4]!, hostId), meetingStatusCounts()]);
  const meetings = rows.map((m) => ({
    id: m.id,
    name: m.name,
    company: m.company,
    date: m.date,
    timeSlot: m.timeSlot,
    status: m.status,
    host: hostLabel(m.hostId || null, names),
  }));
  // Working-hour rows, plus any meeting outside them (hours changed since it was booked).
  const times = [...new Set([...slotTimes(rules), ...meetings.map((m) => m.timeSlot)])].sort();
  return {
    week,
    thisWeek,
    unknownWeek: Boolean(requested && requested !== week),
    prev: shiftWeek(week, -1),
    next: shiftWeek(week, 1),
    days,
    times,
    meetings,
    pending: counts.scheduled,
    timeZone: rules.timeZone,
    host,
    hosts,
    unknownHost,
  };
}

type Data = Route.ComponentProps["loaderData"];
type CalendarMeeting = Data["meetings"][number];

const BLOCK: Record<string, string> = {
  scheduled:
    "border-amber-500 bg-amber-50 text-amber-950 hover:bg-amber-100 dark:bg-amber-950/60 dark:text-amber-100 dark:hover:bg-amber-900/60",
  confirmed:
    "border-emerald-600 bg-emerald-50 text-emerald-950 hover:bg-emerald-100 dark:bg-emerald-950/60 dark:text-emerald-100 dark:hover:bg-emerald-900/60",
  completed:
    "border-sky-600 bg-sky-50 text-sky-950 hover:bg-sky-100 dark:bg-sky-950/60 dark:text-sky-100 dark:hover:bg-sky-900/60",
  cancelled:
    "border-slate-400 bg-slate-50 text-slate-600 line-through hover:bg-slate-100 dark:bg-slate-800/60 dark:text-slate-400 dark:hover:bg-slate-800",
};

/** "Nov 23". */
function shortDate(date: string) {
  const [, m, d] = date.split("-").map(Number);
  return `${MONTH_NAMES[(m ?? 1) - 1]!.slice(0, 3)} ${d}`;
}

/** "November 23 – 27, 2026", or across months and years "December 28, 2026 – January 1, 2027". */
function rangeLabel(days: string[]) {
  const [first, last] = [days[0]!, days[days.length - 1]!];
  const [y1, m1, d1] = first.split("-").map(Number);
  const [y2, m2, d2] = last.split("-").map(Number);
  const month = (m: number | undefined) => MONTH_NAMES[(m ?? 1) - 1];
  if (y1 !== y2) return `${month(m1)} ${d1}, ${y1} – ${month(m2)} ${d2}, ${y2}`;
  if (m1 !== m2) return `${month(m1)} ${d1} – ${month(m2)} ${d2}, ${y1}`;
  return `${month(m1)} ${d1} – ${d2}, ${y1}`;
}

export default function MeetingsCalendar({ loaderData }: Route.ComponentProps) {
  const {
    week,
    thisWeek,
    unknownWeek,
    prev,
    next,
    days,
    times,
    meetings,
    pending,
    timeZone,
    host,
    hosts,
    unknownHost,
  } = loaderData;
  // The week links keep the host (always said: a host's own view is their default).
  const weekHref = (w: string) => `?week=${w}&host=${encodeURIComponent(host)}`;
  const at = new Map<string, CalendarMeeting[]>();
  for (const m of meetings) at.set(`${m.date} ${m.timeSlot}`, [...(at.get(`${m.date} ${m.timeSlot}`) ?? []), m]);
  const weekNumber = Number(week.slice(6));

  return (
    <div className="mx-auto max-w-6xl">
      <SectionHeader
        title="Demo Meetings"
        description={`Demo requests from the booking page. Times are in ${timeZone}.`}
      />
      {unknownWeek ? (
        <p
          role="status"
          className="mb-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          That week does not exist; showing this week.
        </p>
      ) : null}
      {unknownHost ? (
        <p
          role="status"
          className="mb-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {UNKNOWN_HOST}
        </p>
      ) : null}
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <HostSelect host={host} hosts={hosts} keep={{ week }} everyone={`?week=${week}&host=all`} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold" data-testid="calendar-week">
            {rangeLabel(days)}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Week {weekNumber}
            {week === thisWeek ? " (this week)" : ""} ·{" "}
            <Link
              to={`${href("/admin/dashboard/meetings")}?status=scheduled`}
              className="font-semibold text-brand-700 hover:underline dark:text-brand-300"
              data-testid="pending-count"
            >
              {pending} waiting for approval
            </Link>
          </p>
        </div>
        <nav aria-label="Weeks" className="flex items-center gap-2">
          <Link to={weekHref(prev)} className="btn-secondary px-3" aria-label="Previous week">
            <ChevronLeft aria-hidden className="size-4" />
          </Link>
          <Link to={weekHref(thisWeek)} className="btn-secondary" aria-current={week === thisWeek ? "page" : undefined}>
            This week
          </Link>
          <Link to={weekHref(next)} className="btn-secondary px-3" aria-label="Next week">
            <ChevronRight aria-hidden className="size-4" />
          </Link>
        </nav>
      </div>

      <Legend />

      {/* Desktop and tablet: the week grid. */}
      <div className="mt-4 hidden overflow-x-auto rounded-xl border border-slate-200 md:block dark:border-slate-800">
        <table className="w-full table-fixed border-collapse text-sm" data-testid="week-grid">
          <caption className="sr-only">
            Meetings from {longDateLabel(days[0]!)} to {longDateLabel(days[4]!)}, {timeZone}
          </caption>
          <thead className="bg-slate-50 dark:bg-slate-900">
            <tr>
              <th
                scope="col"
                className="w-20 px-2 py-2 text-left text-xs font-medium text-slate-500 dark:text-slate-400"
              >
                <span className="sr-only">Time</span>
              </th>
              {days.map((day, i) => (
                <th key={day} scope="col" className="px-2 py-2 text-left font-semibold">
                  {WEEKDAY_NAMES[i + 1]!.slice(0, 3)}{" "}
                  <span className="font-normal text-slate-600 dark:text-slate-300">{shortDate(day)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {times.map((time) => (
              <tr key={time} className="border-t border-slate-200 dark:border-slate-800">
                <th
                  scope="row"
                  className="px-2 py-1 text-left align-top text-xs font-medium whitespace-nowrap text-slate-500 dark:text-slate-400"
                >
                  {formatTime12h(time)}
                </th>
                {days.map((day) => (
                  <td key={day} className="h-12 border-l border-slate-200 p-1 align-top dark:border-slate-800">
                    {(at.get(`${day} ${time}`) ?? []).map((m) => (
                      <Block key={m.id} meeting={m} />
                    ))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {/* Phone: day by day. */}
      <ol className="mt-4 space-y-4 md:hidden" data-testid="week-list">
        {days.map((day) => {
          const today = meetings.filter((m) => m.date === day);
          return (
            <li key={day} className="card p-4">
              <h3 className="font-semibold">{longDateLabel(day)}</h3>
              {today.length === 0 ? (
                <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">No meetings</p>
              ) : (
                <ul className="mt-2 space-y-2">
                  {today.map((m) => (
                    <li key={m.id}>
                      <Block meeting={m} withTime />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function Block({ meeting, withTime = false }: { meeting: CalendarMeeting; withTime?: boolean }) {
  return (
    <Link
      to={href("/admin/dashboard/meetings/:id", { id: meeting.id })}
      data-testid="calendar-meeting"
      data-status={meeting.status}
      className={`mb-1 block rounded-md border-l-4 px-2 py-1 text-xs leading-tight ${BLOCK[meeting.status] ?? BLOCK.completed}`}
    >
      {withTime ? <span className="mr-1 font-semibold">{formatTime12h(meeting.timeSlot)}</span> : null}
      <span className="font-semibold">{meeting.name}</span>
      {meeting.company ? <span className="block opacity-80">{meeting.company}</span> : null}
      <span className="block opacity-80" data-testid="calendar-meeting-host">
        {meeting.host}
      </span>
      <span className="sr-only">, {meeting.status}</span>
    </Link>
  );
}

function Legend() {
  return (
    <ul
      role="list"
      aria-label="Legend"
      className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300"
    >
      {["scheduled", "confirmed", "completed", "cancelled"].map((status) => (
        <li key={status} className="inline-flex items-center gap-1.5 capitalize">
          <span aria-hidden className={`h-3 w-5 rounded-sm border-l-4 ${BLOCK[status]}`} />
          {status}
        </li>
      ))}
    </ul>
  );
}

export function meta() {
  return consoleMeta("Calendar | Demo Meetings");
}
