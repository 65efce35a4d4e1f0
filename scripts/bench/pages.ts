import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import { getPlatformProxy } from "wrangler";
import { renditionKey, renditionWidths } from "../../app/domain/blog/renditions.ts";
import { CHROMIUM_FLAGS, findChromium } from "../../tests/helpers/chromium.ts";
import { root, run } from "../lib.ts";
import { compressingProxy, serveBuild } from "./serve.ts";

/**
 * `npm run bench:pages`: builds, serves the production build locally behind a gzip proxy (the
 * edge compresses; `vite preview` does not) and runs Lighthouse with its DEFAULT mobile settings
 * (emulated Moto G Power, simulated slow 4G, 4x CPU slowdown) on the main public pages: /,
 * /pricing, /demo, /free-trial, /blog and an article, and the same article with a cover image
 * (a copy of the seeded post with `public/og-image.png`, a 202 KB 1200×630 PNG, stored as an
 * upload is: R2 object, `blog_images` row, the post's `cover_image`). Then it prints the scores
 * and the gzip sizes of what `/` loads.
 *
 * The scores are the default-throttling figures. With BENCH_CALIBRATED=1 each page is also
 * run at a calibrated slowdown and printed beside them: 4x emulates a low-tier phone (benchmark
 * index ~264) on a desktop-class machine (index ~1000+); on a slower or busy machine 4x emulates
 * a far slower phone, so the calibrated multiplier is index / 264, between 1 and 4.
 * BENCH_CPU_MULTIPLIER sets that multiplier by hand.
 *
 * BENCH_RUNS (default 3) runs per page, the median by performance is kept.
 * SKIP_BUILD=1 reuses the last build. BENCH_PAGES=/demo,/blog runs only those pages.
 * BENCH_SAVE_LHR=1 writes each run's full Lighthouse JSON to bench-results/lhr/ (to compare pages).
 * Exits 1 when a budget is missed.
 */
/** The seeded article (its id and its address) and a copy of it with a cover image (issue 16: a cover must not cost performance). */
const ARTICLE_ID = "seed-post-approval-workflows";
const ARTICLE = "/blog/five-approval-workflows-every-finance-team-should-automate";
const ARTICLE_WITH_COVER = `${ARTICLE}-with-cover`;
const ALL_PAGES = ["/", "/pricing", "/demo", "/free-trial", "/blog", ARTICLE, ARTICLE_WITH_COVER];
const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(",") : ALL_PAGES;
const CALIBRATED = Boolean(process.env.BENCH_CALIBRATED || process.env.BENCH_CPU_MULTIPLIER);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUDGET = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
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
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];

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
  /** Console errors and browser issues (such as a Content-Security-Policy report), if any. */
  browserIssues: string[];
  redirectMs: number;
  /** Performance at the calibrated CPU slowdown (BENCH_CALIBRATED=1 only). */
  calibratedPerformance?: number;
};
type NetworkItem = { url: string; resourceType?: string; mimeType?: string };
// Lighthouse's result object, reduced to what is read here.
type Lhr = {
  environment: { benchmarkIndex: number };
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { score: number | null; numericValue?: number; scoreDisplayMode?: string; details?: { items?: unknown[] } }
  >;
};

if (!process.env.SKIP_BUILD) run("react-router", ["build"]);
const chromePath = findChromium();
if (!chromePath) throw new Error("No Chromium found (set CHROMIUM_PATH).");
const server = await serveBuild("pages", { seed: true, prepare: addArticleWithCover });
const proxy = await compressingProxy(server.origin);

/**
 * A copy of the seeded article with a cover, stored as `uploadPostImage` stores an upload (the
 * bytes in R2 with the media headers, its WebP renditions made by the Images binding beside it
 * (`putRenditions`), the size and rendition widths in `blog_images`, the key on the post), so
 * the two articles differ by the cover alone.
 */
async function addArticleWithCover(persistDir: string) {
  const proxy = await getPlatformProxy<{ DB: D1Database; MEDIA: R2Bucket; IMAGES: ImagesBinding }>({
    configPath: path.join(root, "wrangler.toml"),
    persist: { path: path.join(persistDir, "v3") },
  });
  try {
    const bytes = readFileSync(path.join(root, "public", "og-image.png"));
    const key = `${crypto.randomUUID()}.png`;
    // The PNG header's size, as the upload reads it (sniffImage).
    const [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
    // As `putImageObject` stores it (MEDIA_CACHE_CONTROL in app/domain/blog/media.server.ts).
    const cacheControl = "public, max-age=31536000, immutable";
    await proxy.env.MEDIA.put(key, bytes, { httpMetadata: { contentType: "image/png", cacheControl } });
    const renditions: number[] = [];
    for (const renditionWidth of renditionWidths(width)) {
      const output = await proxy.env.IMAGES.input(new Blob([bytes]).stream())
        .transform({ width: renditionWidth, fit: "scale-down" })
        .output({ format: "image/webp", quality: 80 });
      const webp = new Uint8Array(await output.response().arrayBuffer());
      if (webp.byteLength >= bytes.byteLength) continue;
      await proxy.env.MEDIA.put(renditionKey(key, renditionWidth), webp, {
        httpMetadata: { contentType: "image/webp", cacheControl },
      });
      renditions.push(renditionWidth);
    }
    const copy = `${ARTICLE_ID}-cover`;
    const { results } = await proxy.env.DB.prepare("SELECT name FROM pragma_table_info('blog_posts')").all<{
      name: string;
    }>();
    const columns = results.map((row) => row.name);
    // The copy is the oldest post, so /blog keeps the seeded featured article (no cover) and
    // lists the copy last, its card's lazy cover far below the fold: /blog measures as before.
    const replaced: Record<string, string> = {
      id: "?1",
      cover_image: "?2",
      slug: "?4",
      published_at: "(SELECT MIN(published_at) - 86400000 FROM blog_posts WHERE status = 'published')",
    };
    const values = columns.map((name) => replaced[name] ?? name);
    await proxy.env.DB.batch([
      proxy.env.DB.prepare(
        "INSERT INTO blog_images (key, post_id, type, bytes, width, height, alt, renditions, created_at) VALUES (?1, ?2, 'image/png', ?3, ?4, ?5, 'Flowlane workflow canvas', ?6, ?7)",
      ).bind(key, copy, bytes.byteLength, width, height, JSON.stringify(renditions), Date.now()),
      proxy.env.DB.prepare(
        `INSERT INTO blog_posts (${columns.join(", ")}) SELECT ${values.join(", ")} FROM blog_posts WHERE id = ?3`,
      ).bind(copy, key, ARTICLE_ID, ARTICLE_WITH_COVER.split("/").pop()),
    ]);
  } finally {
    await proxy.dispose();
  }
}

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
const calibratedMultiplier = process.env.BENCH_CPU_MULTIPLIER
  ? Number(process.env.BENCH_CPU_MULTIPLIER)
  : Math.round(Math.min(4, Math.max(1, benchmarkIndex / LOW_TIER_INDEX)) * 10) / 10;

/** What best-practices counts against a page: console errors and DevTools issues, as text. */
function browserIssues(lhr: Lhr) {
  const items = (id: string) => (lhr.audits[id]?.details?.items ?? []) as Record<string, unknown>[];
  const consoleErrors = items("errors-in-console").map((item) => `console: ${String(item.description ?? "")}`);
  const issues = items("inspector-issues").flatMap((item) => {
    const subItems = (item.subItems as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
    return subItems.length
      ? subItems.map((sub) => `issue ${String(item.issueType ?? "")}: ${JSON.stringify(sub).slice(0, 300)}`)
      : [`issue ${String(item.issueType ?? "")}`];
  });
  return [...consoleErrors, ...issues];
}

const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

const rows: Row[] = [];
let homeNetwork: NetworkItem[] = [];
try {
  for (const page of PAGES) {
    const runs: { row: Row; lhr: Lhr }[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Lighthouse's own default throttling (4x CPU): these are the figures that count.
      const lhr = await audit(`${proxy.origin}${page}`);
      if (process.env.BENCH_SAVE_LHR) {
        const dir = path.join(root, "bench-results", "lhr");
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, `${page.replace(/\W+/g, "_")}-${i + 1}.json`), JSON.stringify(lhr));
      }
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
          browserIssues: [
            ...(lhr.runtimeError ? [`Lighthouse error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []),
            ...browserIssues(lhr),
          ],
          redirectMs: numeric(lhr, "redirects") || 0,
        },
      });
    }
    runs.sort((a, b) => a.row.performance - b.row.performance);
    const median = runs[Math.floor(runs.length / 2)]!;
    if (CALIBRATED) {
      const calibrated: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const lhr = await audit(`${proxy.origin}${page}`, { cpuSlowdownMultiplier: calibratedMultiplier });
        calibrated.push(score(lhr, "performance"));
      }
      median.row.calibratedPerformance = calibrated.sort((a, b) => a - b)[Math.floor(calibrated.length / 2)];
    }
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
  `\nLighthouse ${LIGHTHOUSE_VERSION} defaults: mobile emulation, simulated slow 4G, CPU slowdown 4x ` +
    `(this machine's benchmark index ${Math.round(benchmarkIndex)}), median of ${RUNS} run(s) per page, served gzip` +
    (CALIBRATED
      ? `; "cal." = performance at a calibrated ${calibratedMultiplier}x slowdown, for comparison only`
      : "") +
    "\n",
);
console.log(
  `${"page".padEnd(18)}${pad("perf", 6)}${CALIBRATED ? pad("cal.", 6) : ""}${pad("a11y", 6)}${pad("bp", 6)}${pad("seo", 6)}${pad("CLS", 8)}${pad("FCP", 9)}${pad("LCP", 9)}${pad("TBT", 9)}${pad("SI", 9)}`,
);
for (const row of rows) {
  console.log(
    `${label(row.page).slice(0, 17).padEnd(18)}${pad(row.performance, 6)}${CALIBRATED ? pad(row.calibratedPerformance ?? "", 6) : ""}${pad(row.accessibility, 6)}${pad(row.bestPractices, 6)}${pad(row.seo, 6)}${pad(row.cls.toFixed(3), 8)}${pad(`${Math.round(row.fcp)} ms`, 9)}${pad(`${Math.round(row.lcp)} ms`, 9)}${pad(`${Math.round(row.tbt)} ms`, 9)}${pad(`${Math.round(row.si)} ms`, 9)}`,
  );
  if (row.failedAudits.length) console.log(`${"".padEnd(18)}failed audits: ${row.failedAudits.join(", ")}`);
  for (const issue of row.browserIssues) console.log(`${"".padEnd(18)}${issue}`);
  if (row.redirectMs > 0) {
    console.log(
      `${"".padEnd(18)}redirect or navigation restart: Lighthouse estimates ${Math.round(row.redirectMs)} ms`,
    );
  }
}
/** The two articles by what they are (their paths are longer than the column). */
function label(page: string) {
  return page === ARTICLE ? "article" : page === ARTICLE_WITH_COVER ? "article + cover" : page;
}
const plain = rows.find((row) => row.page === ARTICLE);
const covered = rows.find((row) => row.page === ARTICLE_WITH_COVER);
if (plain && covered) {
  console.log(
    `\nArticle with a cover (202 KB PNG and its WebP renditions) against without: performance ${covered.performance} vs ${plain.performance}, ` +
      `LCP ${Math.round(covered.lcp)} vs ${Math.round(plain.lcp)} ms, CLS ${covered.cls.toFixed(3)} vs ${plain.cls.toFixed(3)}`,
  );
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
    row.bestPractices < BUDGET.bestPractices
      ? `${row.page} best practices ${row.bestPractices} < ${BUDGET.bestPractices}`
      : "",
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
      cpuMultiplier: 4,
      calibratedMultiplier: CALIBRATED ? calibratedMultiplier : null,
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
