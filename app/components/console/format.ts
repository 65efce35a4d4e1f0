import { format } from "date-fns";
import { useRouteLoaderData } from "react-router";
import { formatZoned } from "~/lib/zoned-format";

const FALLBACK_TIMEZONE = "Asia/Kolkata";

/** The business timezone, given by the dashboard layout's loader (the same on server and client). */
export function useConsoleTimezone(): string {
  const data = useRouteLoaderData("routes/admin/dashboard/layout") as { timezone?: string } | undefined;
  return data?.timezone ?? FALLBACK_TIMEZONE;
}

/** "Nov 22, 2026, 14:05" in the business timezone. */
export function formatDateTime(value: Date | string | number | null | undefined, timezone: string) {
  if (value === null || value === undefined) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return formatZoned(date.getTime(), timezone, "MMM d, yyyy, HH:mm");
}

/** A meeting's stored yyyy-MM-dd as "Nov 24, 2026". */
export function formatDay(isoDay: string) {
  const [y, m, d] = isoDay.split("-").map(Number);
  if (!y || !m || !d) return isoDay;
  return format(new Date(y, m - 1, d), "MMM d, yyyy");
}
