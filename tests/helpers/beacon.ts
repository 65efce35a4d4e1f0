import { env } from "cloudflare:workers";

/* The browser beacons' tests (POST /api/vitals, POST /api/page-views; decision 091) share a caller. */

/** A phone's browser: the device class these tests read back is "mobile". */
export const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36";

/** User agents a beacon refuses (403), each with its name for the test's title. */
export const BOT_AGENTS = [
  ["a crawler", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"],
  ["a headless browser", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0 Safari/537.36"],
  ["no user agent", ""],
] as const;

/** The headers of a beacon from this site's own page in that browser, from `ip`; `extra` adds or replaces. */
export const browserHeaders = (ip: string, extra: Record<string, string> = {}) => ({
  "User-Agent": PHONE,
  "CF-Connecting-IP": ip,
  Origin: "http://localhost",
  "Sec-Fetch-Site": "same-origin",
  ...extra,
});

/** Empties what a beacon writes (`table`) and its per-client limit (`limit`, the limit's key prefix). */
export async function clearBeacon(table: "page_views" | "page_vitals", limit: "pageViews" | "vitals") {
  await env.DB.batch([
    env.DB.prepare(`DELETE FROM ${table}`),
    env.DB.prepare(`DELETE FROM client_limits WHERE key LIKE '${limit}:%'`),
  ]);
}
