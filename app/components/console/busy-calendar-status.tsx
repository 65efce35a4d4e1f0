import type { CalendarSync } from "~/domain/calendar/calendar-sync";
import { formatDateTime } from "./format";

/**
 * How long ago `at` was, seen from `now` (the loader's clock, so the server's markup and the
 * hydrated page agree): "just now", "5 minutes ago", "3 hours ago", "2 days ago".
 */
export function timeAgo(at: string, now: string) {
  const minutes = Math.floor((Date.parse(now) - Date.parse(at)) / 60_000);
  if (minutes < 1) return "just now";
  const say = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;
  if (minutes < 60) return say(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return say(hours, "hour");
  return say(Math.floor(hours / 24), "day");
}

/**
 * A member's busy-calendar sync as a short list (decision 086): the address's origin, when it was
 * last read (how long ago, and the time in the business zone), the busy times it gave or the last
 * error in words. The same on the member's own page (Settings → My calendar) and on an Admin's
 * page of that host (Settings → Scheduling → a host). Nothing when no address is given.
 */
export function BusyCalendarStatus({
  busyCalendar,
  now,
  timezone,
}: {
  busyCalendar: CalendarSync["busyCalendar"];
  now: string;
  timezone: string;
}) {
  if (!busyCalendar.address) return null;
  const { lastFetchedAt, error, busyCount } = busyCalendar;
  return (
    <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]" data-testid="busy-status">
      <dt className="text-slate-600 dark:text-slate-300">Calendar</dt>
      <dd className="font-mono text-xs break-all">{busyCalendar.address}</dd>
      <dt className="text-slate-600 dark:text-slate-300">Last read</dt>
      <dd data-testid="busy-last-read">
        {lastFetchedAt
          ? `${timeAgo(lastFetchedAt, now)} (${formatDateTime(lastFetchedAt, timezone)})`
          : "Not yet: it is read within a minute of saving"}
      </dd>
      <dt className="text-slate-600 dark:text-slate-300">Result</dt>
      <dd className={error ? "text-red-700 dark:text-red-300" : undefined} data-testid="busy-result">
        {error
          ? `Last read failed: ${error}`
          : lastFetchedAt
            ? `${busyCount} busy ${busyCount === 1 ? "time" : "times"} in the booking window`
            : "No busy times yet"}
      </dd>
    </dl>
  );
}
