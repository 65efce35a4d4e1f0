import { type Metric, onCLS, onINP, onLCP, onTTFB } from "web-vitals";
import { sendJsonBeacon, VITALS_ENDPOINT } from "./beacon";

/*
 * Real-user page speed of the page first loaded (issue 28 item 3, decision 091), fetched after
 * hydration for a sampled load. web-vitals reads LCP and the layout shifts from the browser's
 * buffered entries, so loading it late loses nothing but interactions before it arrived (INP
 * then starts from the first one after). The metrics are kept and sent together in one beacon
 * when the page is hidden (tab switch, navigation away, close): each metric once per page, so a
 * later report (back from another tab, or a page restored from the back-forward cache) is
 * dropped and a metric first known later goes in the next hidden's beacon.
 */

type Name = "LCP" | "INP" | "CLS" | "TTFB" | "HYDRATION";

let started = false;

export function measurePageSpeed(path: string, hydration: number | null) {
  // Once per document, whatever calls it (development's StrictMode runs effects twice).
  if (started) return;
  started = true;
  const pending: Partial<Record<Name, number>> = {};
  const sent = new Set<Name>();
  const keep = (name: Name, value: number) => {
    if (!sent.has(name)) pending[name] = value;
  };
  if (hydration !== null) keep("HYDRATION", Math.round(hydration));
  const take = (metric: Metric) => keep(metric.name as Name, metric.value);
  onLCP(take);
  onINP(take);
  onCLS(take);
  onTTFB(take);

  // Registered after web-vitals' own listeners, so their final values are in before it runs.
  const flush = () => {
    const names = Object.keys(pending) as Name[];
    if (names.length === 0) return;
    const metrics = Object.fromEntries(names.map((name) => [name, pending[name]]));
    if (!sendJsonBeacon(VITALS_ENDPOINT, { path, metrics })) return;
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
