/*
 * What the browser's beacons (decision 091) and the server's page view count (decision 090)
 * share: which paths count, where the beacons go, and how they are sent.
 */

export const PAGE_VIEWS_ENDPOINT = "/api/page-views";
export const VITALS_ENDPOINT = "/api/vitals";

/**
 * Whether a page at `pathname` is a public page whose views count (decision 090): not the API,
 * not the console, not React Router's route data. The server's count of full loads and the
 * browser's report of in-app navigations apply the same rule.
 */
export function isCountedPath(pathname: string): boolean {
  return !(pathname.startsWith("/api/") || pathname.startsWith("/admin") || pathname.endsWith(".data"));
}

/** Posts `body` as JSON with `sendBeacon` (it outlives the page); false when the browser refused it. */
export function sendJsonBeacon(url: string, body: unknown): boolean {
  if (typeof navigator.sendBeacon !== "function") return false;
  return navigator.sendBeacon(url, new Blob([JSON.stringify(body)], { type: "application/json" }));
}
