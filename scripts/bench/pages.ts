import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import { findChromium } from "../../tests/helpers/chromium.ts";
import { root, run } from "../lib.ts";
import { compressingProxy, serveBuild } from "./serve.ts";

/**
 * `npm run bench:pages`: builds, serves the production build locally behind a gzip proxy (the
 * edge compresses; `vite preview` does not) and runs Lighthouse (mobile emulation, simulated
 * slow 4G — Lighthouse's defaults) on the main marketing pages, then prints the scores and the
 * gzip sizes of what `/` loads.
 *
 * CPU throttling is calibrated: Lighthouse's 4x slowdown emulates a low-tier phone (benchmark
 * index ~264, a Moto G Power) on a desktop-class machine (index ~1000+). On a slower or busy
 * machine 4x would emulate a far slower phone, so the multiplier is index / 264, between 1 and 4
 * (on a fast machine this is exactly Lighthouse's default). BENCH_CPU_MULTIPLIER=4 forces it.
 *
 * BENCH_RUNS (default 3) runs per page, the median by performance is kept.
 * SKIP_BUILD=1 reuses the last build. Exits 1 when a budget is missed.
 */
const PAGES = ["/", "/pricing", "/custom-workflows", "/integration"];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUDGET = {
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  seo: 100,
  cls: 0.05,
  homeJsKb: 140, // gzip
  homeAllKb: 600, // gzip, without the video
};
const DEFAULT_THROTTLING = throttling.mobileSlow4G;
const LIGHTHOUSE_VERSION = (
  JSON.parse(readFileSync(path.join(root, "node_modules", "lighthouse", "package.json"), "utf8")) as { version: string }
).version;
/** Benchmark index of the device Lighthouse's mobile profile emulates (DevTools' "low-tier" preset). */
const LOW_TIER_INDEX = 264;
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];

type Row = {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  failedAudits: string[];
  redirectMs: number;
};
type NetworkItem = { url: string; resourceType?: string; mimeType?: string };
// Lighthouse's result object, reduced to what is read here.
type Lhr = {
  environment: { benchmarkIndex: number };
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { score: number | null; numericValue?: number; scoreDisplayMode?: string; details?: { items?: unknown[] } }
  >;
};

if (!process.env.SKIP_BUILD) run("react-router", ["build"]);
const chromePath = findChromium();
if (!chromePath) throw new Error("No Chromium found (set CHROMIUM_PATH).");
const server = await serveBuild("pages");
const proxy = await compressingProxy(server.origin);

type Settings = { cpuSlowdownMultiplier?: number };
/**
 * One Lighthouse run in a fresh browser, like the Lighthouse CLI: a first visit, so costs a
 * returning visitor would not pay (such as a redirect or a navigation restart) are counted.
 */
async function audit(url: string, settings: Settings = {}) {
  const chrome = await chromeLauncher.launch({ chromePath: chromePath!, chromeFlags: CHROME_FLAGS });
  const result = await lighthouse(
    url,
    { port: Number(chrome.port), output: "json", logLevel: "error" },
    {
      extends: "lighthouse:default",
      settings: {
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        ...(settings.cpuSlowdownMultiplier
          ? { throttling: { ...DEFAULT_THROTTLING, cpuSlowdownMultiplier: settings.cpuSlowdownMultiplier } }
          : {}),
      },
    },
  );
  await chrome.kill();
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return result.lhr as unknown as Lhr;
}

// A warm-up run (discarded) compiles the Worker's routes and measures this machine's speed.
const warmup = await audit(`${proxy.origin}/`);
const benchmarkIndex = warmup.environment.benchmarkIndex;
const cpuMultiplier = process.env.BENCH_CPU_MULTIPLIER
  ? Number(process.env.BENCH_CPU_MULTIPLIER)
  : Math.round(Math.min(4, Math.max(1, benchmarkIndex / LOW_TIER_INDEX)) * 10) / 10;

const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

const rows: Row[] = [];
let homeNetwork: NetworkItem[] = [];
try {
  for (const page of PAGES) {
    const runs: { row: Row; lhr: Lhr }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const lhr = await audit(`${proxy.origin}${page}`, { cpuSlowdownMultiplier: cpuMultiplier });
      const failedAudits = Object.entries(lhr.audits)
        .filter(([, result]) => result.scoreDisplayMode === "binary" && result.score === 0)
        .map(([id]) => id);
      runs.push({
        lhr,
        row: {
          page,
          performance: score(lhr, "performance"),
          accessibility: score(lhr, "accessibility"),
          bestPractices: score(lhr, "best-practices"),
          seo: score(lhr, "seo"),
          cls: numeric(lhr, "cumulative-layout-shift"),
          fcp: numeric(lhr, "first-contentful-paint"),
          lcp: numeric(lhr, "largest-contentful-paint"),
          tbt: numeric(lhr, "total-blocking-time"),
          si: numeric(lhr, "speed-index"),
          failedAudits,
          redirectMs: numeric(lhr, "redirects") || 0,
        },
      });
    }
    runs.sort((a, b) => a.row.performance - b.row.performance);
    const median = runs[Math.floor(runs.length / 2)]!;
    rows.push(median.row);
    if (page === "/") homeNetwork = (median.lhr.audits["network-requests"]?.details?.items ?? []) as NetworkItem[];
  }
} finally {
  proxy.stop();
}

// Sizes: gzip (level 6, what an edge typically serves) of each same-origin file `/` loaded.
const isMedia = (item: NetworkItem) => item.resourceType === "Media" || /^(video|audio)\//.test(item.mimeType ?? "");
const gzipSize = async (url: string) =>
  gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 6 }).length;
const sameOrigin = homeNetwork
  .filter((item) => item.url.startsWith(proxy.origin))
  .map((item) => ({ ...item, url: `${server.origin}${item.url.slice(proxy.origin.length)}` }));
const seen = new Set<string>();
let jsBytes = 0;
let allBytes = 0;
const files: { url: string; type: string; gzip: number }[] = [];
for (const item of sameOrigin) {
  if (isMedia(item) || seen.has(item.url)) continue;
  seen.add(item.url);
  const size = await gzipSize(item.url);
  allBytes += size;
  if (item.resourceType === "Script") jsBytes += size;
  files.push({ url: item.url.slice(server.origin.length), type: item.resourceType ?? "?", gzip: size });
}
// Lazy images below the fold are not loaded by Lighthouse's viewport: count them too, separately.
const html = await (await fetch(`${server.origin}/`)).text();
const referenced = new Set(
  [...html.matchAll(/(?:src|href|srcSet|srcset)="([^"]+)"/g)]
    .flatMap((match) => match[1]!.split(",").map((part) => part.trim().split(/\s+/)[0]!))
    .filter((url) => url.startsWith("/") && /\.(svg|png|webp|jpe?g|avif|css|js)$/.test(url)),
);
let lazyBytes = 0;
for (const url of referenced) {
  if (seen.has(`${server.origin}${url}`)) continue;
  lazyBytes += await gzipSize(`${server.origin}${url}`);
}
server.stop();

const kb = (bytes: number) => bytes / 1024;
const pad = (value: string | number, width: number) => String(value).padStart(width);
console.log(
  `\nLighthouse ${LIGHTHOUSE_VERSION}, mobile emulation, simulated slow 4G, CPU slowdown ${cpuMultiplier}x ` +
    `(benchmark index ${Math.round(benchmarkIndex)}), median of ${RUNS} run(s) per page, served gzip\n`,
);
console.log(
  `${"page".padEnd(18)}${pad("perf", 6)}${pad("a11y", 6)}${pad("bp", 6)}${pad("seo", 6)}${pad("CLS", 8)}${pad("FCP", 9)}${pad("LCP", 9)}${pad("TBT", 9)}${pad("SI", 9)}`,
);
for (const row of rows) {
  console.log(
    `${row.page.padEnd(18)}${pad(row.performance, 6)}${pad(row.accessibility, 6)}${pad(row.bestPractices, 6)}${pad(row.seo, 6)}${pad(row.cls.toFixed(3), 8)}${pad(`${Math.round(row.fcp)} ms`, 9)}${pad(`${Math.round(row.lcp)} ms`, 9)}${pad(`${Math.round(row.tbt)} ms`, 9)}${pad(`${Math.round(row.si)} ms`, 9)}`,
  );
  if (row.failedAudits.length) console.log(`${"".padEnd(18)}failed audits: ${row.failedAudits.join(", ")}`);
  if (row.redirectMs > 0) {
    console.log(
      `${"".padEnd(18)}redirect or navigation restart: Lighthouse estimates ${Math.round(row.redirectMs)} ms`,
    );
  }
}
console.log("\nWhat / loads (gzip level 6 of the built files; the local server does not compress)\n");
for (const file of files.sort((a, b) => b.gzip - a.gzip)) {
  console.log(`  ${pad(kb(file.gzip).toFixed(1), 7)} KB  ${file.type.padEnd(10)} ${file.url}`);
}
console.log(`\n  JavaScript on /:                  ${kb(jsBytes).toFixed(1)} KB gzip (budget ${BUDGET.homeJsKb} KB)`);
console.log(`  Everything / loads, no video:     ${kb(allBytes).toFixed(1)} KB gzip (budget ${BUDGET.homeAllKb} KB)`);
console.log(`  + lazy images, srcset variants:   ${kb(lazyBytes).toFixed(1)} KB gzip (loaded on scroll)`);

const misses = [
  ...rows.flatMap((row) => [
    row.performance < BUDGET.performance ? `${row.page} performance ${row.performance} < ${BUDGET.performance}` : "",
    row.accessibility < BUDGET.accessibility ? `${row.page} accessibility ${row.accessibility} < 100` : "",
    row.bestPractices < BUDGET.bestPractices ? `${row.page} best practices ${row.bestPractices} < 95` : "",
    row.seo < BUDGET.seo ? `${row.page} SEO ${row.seo} < 100` : "",
    row.cls >= BUDGET.cls ? `${row.page} CLS ${row.cls.toFixed(3)} >= ${BUDGET.cls}` : "",
  ]),
  kb(jsBytes) > BUDGET.homeJsKb ? `JS on / ${kb(jsBytes).toFixed(1)} KB > ${BUDGET.homeJsKb} KB` : "",
  kb(allBytes) > BUDGET.homeAllKb ? `all of / ${kb(allBytes).toFixed(1)} KB > ${BUDGET.homeAllKb} KB` : "",
].filter(Boolean);

const outDir = path.join(root, "bench-results");
mkdirSync(outDir, { recursive: true });
writeFileSync(
  path.join(outDir, "pages.json"),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      runs: RUNS,
      benchmarkIndex,
      cpuMultiplier,
      rows,
      files,
      jsBytes,
      allBytes,
      lazyBytes,
      misses,
    },
    null,
    2,
  ),
);
console.log(misses.length ? `\nBudgets missed:\n  ${misses.join("\n  ")}` : "\nAll budgets met.");
process.exit(misses.length ? 1 : 0);
