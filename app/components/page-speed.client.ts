import { type Metric, onCLS, onINP, onLCP, onTTFB } from "web-vitals";
import { isCountedPath, PAGE_VIEWS_ENDPOINT, sendJsonBeacon, VITALS_ENDPOINT } from "~/domain/insights/beacon";

/*
 * The browser's half of real-user page speed and in-app page views (issue 28 item 3, decision
 * 091). The root route imports this chunk after hydration, so nothing here (web-vitals
 * included) weighs on a page's first scripts; it reads the router React Router keeps on
 * `window` for its own use rather than hooks in the root chunk, which every page loads.
 *
 * - In-app navigations: each new location (path or query) a hydrated visitor reaches is
 *   reported once to POST /api/page-views, which counts it like a full load. The first load is
 *   never reported: the Worker counted it. Pages answered by an error are not reported, as the
 *   Worker counts only 200s.
 * - Page speed, for a sampled load (PAGE_SPEED_SAMPLE_PERCENT): web-vitals reads LCP and layout
 *   shifts from the browser's buffered entries, so loading it late loses only interactions before
 *   it arrived (INP starts from the first one after). The metrics and the time from the first
 *   paint to hydration go together in one beacon when the page is hidden; each metric once per
 *   page (a later report, after a return to the tab or a back-forward cache restore, is dropped).
 */

type Name = "LCP" | "INP" | "CLS" | "TTFB" | "HYDRATION";
/** What the root loader hands the browser (root.tsx). */
export type PageSpeedSettings = { counting: boolean; samplePercent: number };
/** The part of React Router's router (`window.__reactRouterDataRouter`) read here. */
type RouterState = {
  location: { pathname: string; search: string };
  navigation: { state: string };
  errors: Record<string, unknown> | null;
  matches: { route: { id: string } }[];
  loaderData: Record<string, unknown>;
};
type Router = { state: RouterState; subscribe(listener: (state: RouterState) => void): () => void };

let started = false;

const addressOf = (state: RouterState) => `${state.location.pathname}${state.location.search}`;
/** A public page answered 200: not the console, not an error, not the catch-all "not found" page. */
const isCountedPage = (state: RouterState) =>
  isCountedPath(state.location.pathname) &&
  !state.errors &&
  !state.matches.some((match) => match.route.id === "routes/not-found");

/** Starts both halves; `hydratedAt` is `performance.now()` when the root hydrated. */
export function startPageSpeed(hydratedAt: number) {
  // Once per document (development's StrictMode runs effects twice).
  const router = (window as { __reactRouterDataRouter?: Router }).__reactRouterDataRouter;
  if (started || !router) return;
  started = true;
  const settings = (router.state.loaderData.root as { pageSpeed?: PageSpeedSettings } | undefined)?.pageSpeed;
  if (!settings?.counting) return;

  let last = addressOf(router.state);
  router.subscribe((state) => {
    if (state.navigation.state !== "idle" || addressOf(state) === last) return;
    last = addressOf(state);
    if (isCountedPage(state)) sendJsonBeacon(PAGE_VIEWS_ENDPOINT, { path: last });
  });

  if (isCountedPage(router.state) && Math.random() * 100 < settings.samplePercent) {
    measure(last, paintToHydration(hydratedAt));
  }
}

/** The time from the first paint to hydration, in ms (null when nothing was painted first, e.g. a hidden tab). */
function paintToHydration(hydratedAt: number): number | null {
  const paints = performance.getEntriesByType("paint");
  const first = paints.find((e) => e.name === "first-paint") ?? paints.find((e) => e.name === "first-contentful-paint");
  return first ? Math.round(Math.max(0, hydratedAt - first.startTime)) : null;
}

/** Keeps this page's metrics and sends the ones not yet sent in one beacon whenever the page is hidden. */
function measure(path: string, hydration: number | null) {
  const pending: Partial<Record<Name, number>> = {};
  const sent = new Set<Name>();
  const keep = (name: Name, value: number) => {
    if (!sent.has(name)) pending[name] = value;
  };
  if (hydration !== null) keep("HYDRATION", hydration);
  const take = (metric: Metric) => keep(metric.name as Name, metric.value);
  onLCP(take);
  onINP(take);
  onCLS(take);
  onTTFB(take);

  // Registered after web-vitals' own listeners, so their final values are in when it runs.
  const flush = () => {
    const names = Object.keys(pending) as Name[];
    if (names.length === 0) return;
    if (!sendJsonBeacon(VITALS_ENDPOINT, { path, metrics: pending })) return;
    for (const name of names) {
      sent.add(name);
      delete pending[name];
    }
  };
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  // Safari may unload without a visibilitychange; pagehide comes last.
  addEventListener("pagehide", flush);
}
