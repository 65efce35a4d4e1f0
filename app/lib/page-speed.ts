import { useEffect, useRef } from "react";
import { useLocation, useMatches } from "react-router";
import { isCountedPath, PAGE_VIEWS_ENDPOINT, sendJsonBeacon } from "./beacon";

/*
 * The browser's half of real-user page speed and in-app page views (issue 28 item 3, decision
 * 091). Tiny on purpose: it sits in every page's root chunk. The web-vitals library is fetched
 * only after hydration and only for a sampled page load (page-speed.client.ts).
 */

/** What the root loader hands the browser: whether to count at all, and the share of loads measured. */
export type PageSpeedSettings = { counting: boolean; samplePercent: number };

/** The time from the first paint to hydration, in ms (null when the page was not painted first, e.g. hidden). */
function paintToHydration(hydratedAt: number): number | null {
  const paints = performance.getEntriesByType("paint");
  const first =
    paints.find((entry) => entry.name === "first-paint") ?? paints.find((e) => e.name === "first-contentful-paint");
  return first ? Math.max(0, hydratedAt - first.startTime) : null;
}

/**
 * Called by the root route's component. On hydration: for a sampled load of a public page, loads
 * web-vitals lazily and reports this page's metrics in one beacon when it is hidden. On every
 * later navigation (a new location, not only a new fragment): reports its path, once, so the
 * server counts it as a page view. The first load is never reported: the Worker counted it.
 */
export function usePageSpeed(settings: PageSpeedSettings | undefined) {
  const location = useLocation();
  const matches = useMatches();
  // A page the server answers 404 is not counted on a full load either.
  const counted = isCountedPath(location.pathname) && !matches.some((match) => match.id === "routes/not-found");
  const url = `${location.pathname}${location.search}`;
  // The last location seen: null until hydration's effect marks the first load (the Worker counted it).
  const last = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path or query is a new page; the rest is read as it is then
  useEffect(() => {
    if (last.current === null || last.current === url) return;
    last.current = url;
    if (settings?.counting && counted) sendJsonBeacon(PAGE_VIEWS_ENDPOINT, { path: url });
  }, [url]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration, for the page first loaded
  useEffect(() => {
    last.current = url;
    if (!settings?.counting || !counted || Math.random() * 100 >= settings.samplePercent) return;
    const hydration = paintToHydration(performance.now());
    import("./page-speed.client").then(
      ({ measurePageSpeed }) => measurePageSpeed(url, hydration),
      // Not loaded (offline, a new deploy): this page goes unmeasured.
      () => {},
    );
  }, []);
}
