import type { ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getPlatformProxy } from "wrangler";
import { DAY } from "../../app/lib/durations.ts";
import { seededRandom } from "../../tests/helpers/random.ts";
import { freePort, root, run, serveBuiltWorker, stopProcessGroup, waitForUrl } from "../lib.ts";
import { databaseEnv, insertAll, signInAdmin } from "./serve.ts";

/**
 * `npm run bench:insights`: Insights at 1,000× the data, read from the per-visitor rows and from
 * the daily roll-up (decision 090), side by side in one run.
 *
 * One local database is migrated, seeded and grown with BENCH_INSIGHTS_ROWS (200,000) page_views
 * rows over the last 30 UTC days (today's included), as multi-row INSERTs under ~90 KB (D1
 * refuses statements over 100 KB); a copy of it then has its cron run once, which rolls up every
 * closed day (the `rollup-page-views` job; its time is printed). Both are served at once by the
 * production build as `npm start` serves it (wrangler dev), and each URL — the traffic and funnel
 * API over the default 28 days, and the console's Insights page — is requested alternately on
 * the two, BENCH_INSIGHTS_RUNS (15) times after two warm-ups. Printed per URL: both medians, their
 * ratio and the fastest of each; and whether the two answers are the same (they must be). The
 * databases are thrown away afterwards. SKIP_BUILD=1 reuses the last build. Exits 1 when an
 * answer differs or a request fails.
 */
const ROWS = Number(process.env.BENCH_INSIGHTS_ROWS ?? 200_000);
const RUNS = Number(process.env.BENCH_INSIGHTS_RUNS ?? 15);
const DAYS = 30;
const ADMIN = { email: "bench-insights@flowlane.local", password: "bench-insights-password-1", name: "Bench Insights" };

const dirs = {
  raw: path.join(root, ".wrangler", "bench-insights-raw"),
  rollup: path.join(root, ".wrangler", "bench-insights-rollup"),
};

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** A few keys take most views, as on a real site: index ⌊n·r³⌋ of `n`. */
const skewed = (next: () => number, n: number) => Math.floor(n * next() ** 3);

const PATHS = [
  "/",
  "/pricing",
  "/demo",
  "/free-trial",
  "/blog",
  "/about",
  "/contact",
  ...Array.from({ length: 300 }, (_, i) => `/blog/post-${i}`),
];
const SOURCES = ["", "google.com", "linkedin", "newsletter", "news.ycombinator.com", "twitter", "bing.com"];
const SOURCES_ALL = [...SOURCES, ...Array.from({ length: 40 }, (_, i) => `site${i}.example`)];
const CAMPAIGNS = ["", "nov-launch", "webinar", "black-friday", ...Array.from({ length: 20 }, (_, i) => `c${i}`)];
const COUNTRIES = ["IN", "US", "GB", "DE", "SG", "AE", "", ...Array.from({ length: 40 }, (_, i) => `X${i}`)];
const DEVICES = ["mobile", "desktop", "tablet"];

/** ROWS distinct (day, visitor, path, source, campaign, country, device) rows over the last DAYS days. */
function* pageViewRows() {
  // Seeded: the same data every run.
  const next = seededRandom(28);
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const perDay = Math.ceil(ROWS / DAYS);
  let made = 0;
  for (let d = DAYS - 1; d >= 0 && made < ROWS; d--) {
    const day = new Date(today - d * DAY).toISOString().slice(0, 10);
    const seen = new Set<string>();
    // About 3 rows (pages) per visitor a day.
    const visitors = Math.ceil(perDay / 3);
    while (seen.size < perDay && made < ROWS) {
      const row = [
        `v${day}-${Math.floor(next() * visitors)}`,
        PATHS[skewed(next, PATHS.length)]!,
        SOURCES_ALL[skewed(next, SOURCES_ALL.length)]!,
        CAMPAIGNS[skewed(next, CAMPAIGNS.length)]!,
        COUNTRIES[skewed(next, COUNTRIES.length)]!,
        DEVICES[skewed(next, DEVICES.length)]!,
      ];
      const key = row.join("|");
      if (seen.has(key)) continue;
      seen.add(key);
      made++;
      yield [sqlText(day), ...row.map(sqlText), String(1 + Math.floor(next() * 3))];
    }
  }
}

async function grow(dir: string) {
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: path.join(root, "wrangler.toml"),
    persist: { path: path.join(dir, "v3") },
  });
  try {
    const statements = await insertAll(
      proxy.env.DB,
      "page_views",
      ["day", "visitor", "path", "source", "campaign", "country", "device", "views"],
      pageViewRows(),
    );
    const count = await proxy.env.DB.prepare(
      "SELECT count(*) AS n, count(DISTINCT day) AS days FROM page_views",
    ).first<{
      n: number;
      days: number;
    }>();
    console.log(
      `  page_views: ${count?.n.toLocaleString("en")} rows over ${count?.days} days, in ${statements} statements`,
    );
  } finally {
    await proxy.dispose();
  }
}

/** `npm start`'s server on `dir`; `output` collects what the Worker logs (the cron's line). */
async function serve(dir: string) {
  const port = String(await freePort());
  let output = "";
  const child: ChildProcess = serveBuiltWorker(
    { port, persistDir: dir },
    { stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.resume(); // read and dropped, so a full pipe never stalls the server

  const stop = () => stopProcessGroup(child);
  process.on("exit", stop);
  const origin = `http://localhost:${port}`;
  await waitForUrl(`${origin}/robots.txt`);
  return { origin, stop, output: () => output };
}

async function timed(url: string, token: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { ms, body };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

if (!process.env.SKIP_BUILD) run("react-router", ["build"]);
for (const dir of Object.values(dirs)) rmSync(dir, { recursive: true, force: true });
process.on("exit", () => {
  for (const dir of Object.values(dirs)) rmSync(dir, { recursive: true, force: true });
});
console.log("Preparing the database (seeded + page views)…");
const env = databaseEnv(dirs.raw, ADMIN);
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", dirs.raw], { env });
run("tsx", ["seeds/seed.ts"], { env });
run("tsx", ["seeds/admin-create.ts", "--ensure"], { env });
await grow(dirs.raw);
cpSync(dirs.raw, dirs.rollup, { recursive: true });

// One after the other: two workerd processes starting at once can race for the same inspector port.
const raw = await serve(dirs.raw);
const rollup = await serve(dirs.rollup);
let exitCode = 0;
try {
  // The cron once, on the copy: every closed day rolled up (and nothing purged: all within 35 days).
  const cronStarted = performance.now();
  const fired = await fetch(
    `${rollup.origin}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("*/5 * * * *")}&time=${Date.now()}`,
  );
  if (!fired.ok) throw new Error(`the scheduled handler answered ${fired.status}`);
  const deadline = Date.now() + 300_000;
  while (!/rollup-page-views/.test(rollup.output()) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const cronLine = /\[cron\][^\n]*/.exec(rollup.output())?.[0] ?? "(no cron line logged)";
  const rolledDays = /rollup-page-views (\d+)/.exec(cronLine)?.[1];
  console.log(
    `\nThe cron run on the roll-up's copy took ${((performance.now() - cronStarted) / 1000).toFixed(1)} s end to end; ` +
      `rollup-page-views: ${rolledDays ?? "?"} days rolled up.\n  ${cronLine}`,
  );

  const tokens = { raw: await signInAdmin(raw.origin, ADMIN), rollup: await signInAdmin(rollup.origin, ADMIN) };
  const targets = [
    { label: "GET /api/insights/traffic (28 days)", url: "/api/insights/traffic" },
    { label: "GET /api/insights/funnel?by=source", url: "/api/insights/funnel?by=source" },
    { label: "GET /api/insights/funnel?by=post", url: "/api/insights/funnel?by=post" },
    { label: "Insights page (console)", url: "/admin/dashboard/insights" },
  ];
  const rows: { label: string; rawMs: number; rollupMs: number; rawMin: number; rollupMin: number; same: boolean }[] =
    [];
  for (const target of targets) {
    const times = { raw: [] as number[], rollup: [] as number[] };
    const bodies = { raw: "", rollup: "" };
    for (let i = 0; i < RUNS + 2; i++) {
      for (const which of ["raw", "rollup"] as const) {
        const server = which === "raw" ? raw : rollup;
        const result = await timed(`${server.origin}${target.url}`, tokens[which]);
        if (i >= 2) times[which].push(result.ms);
        bodies[which] = result.body;
      }
    }
    // The page's HTML differs in its nonce and session data: the API answers are compared.
    const same = target.url.startsWith("/api/") ? bodies.raw === bodies.rollup : true;
    if (!same) exitCode = 1;
    rows.push({
      label: target.label,
      rawMs: median(times.raw),
      rollupMs: median(times.rollup),
      rawMin: Math.min(...times.raw),
      rollupMin: Math.min(...times.rollup),
      same,
    });
  }
  const pad = (value: string | number, width: number) => String(value).padStart(width);
  console.log(
    `\nMedian of ${RUNS} requests each, alternating: ${ROWS.toLocaleString("en")} page_views rows over ${DAYS} days ` +
      "read per visitor (raw) vs closed days from the roll-up and today from page_views (rollup).\n",
  );
  console.log(
    `${"request".padEnd(38)}${pad("raw ms", 9)}${pad("rollup ms", 11)}${pad("×", 7)}${pad("raw min", 9)}${pad("rollup min", 12)}  same answer`,
  );
  for (const row of rows) {
    console.log(
      `${row.label.padEnd(38)}${pad(row.rawMs.toFixed(1), 9)}${pad(row.rollupMs.toFixed(1), 11)}${pad((row.rawMs / row.rollupMs).toFixed(1), 7)}${pad(row.rawMin.toFixed(1), 9)}${pad(row.rollupMin.toFixed(1), 12)}  ${row.same ? "yes" : "NO"}`,
    );
  }
  const outDir = path.join(root, "bench-results");
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    path.join(outDir, "insights.json"),
    JSON.stringify(
      { date: new Date().toISOString(), rows: ROWS, days: DAYS, runs: RUNS, cron: cronLine, results: rows },
      null,
      2,
    ),
  );
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  raw.stop();
  rollup.stop();
}
process.exit(exitCode);
