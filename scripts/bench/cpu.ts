import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { hasBuild, root, run } from "../lib.ts";
import { databaseEnv, previewBuild, signInAdmin } from "./serve.ts";

/**
 * `npm run bench:cpu`: the Worker's own time per request (`Server-Timing: worker;dur=`, set by
 * workers/app.ts to the response head) for every page and GET endpoint, on the seeded database,
 * beside a baseline commit's build in the same run (issue 23: every route ≤ 10 ms at the median).
 *
 * Two builds, each served by `vite preview` (workerd) over a database of its own, migrated and
 * seeded by its own tree: this tree's build (`build/`, SKIP_BUILD=1 reuses it) and the baseline
 * commit's (BENCH_BASELINE, default 76a6abd, the tree before the CPU work), extracted with
 * `git archive` into the system's temp folder and built there once (kept between runs; it shares
 * this tree's node_modules while their lockfiles match, else installs its own). Each route is
 * requested BENCH_CPU_RUNS times (default 11, after 2 warm-ups) on each build, alternating, one
 * request at a time. Public pages carry a cookie the edge cache does not know, so each request
 * renders (a cache hit costs well under a millisecond, decision 026); the console and signed-in
 * endpoints use an admin's Bearer token.
 *
 * Prints per route the median and the worst request of both builds, then the slowest route of
 * each. `Server-Timing` is wall time in the Worker up to the response head (workerd's clock also
 * runs while a D1 query is awaited, and while the machine runs something else), so beside it
 * each build's CPU per request is printed too: the CPU time the server's workerd process
 * (the Worker, and locally also the D1 simulator) spent on the route's requests, from
 * /proc (Linux only), which other work on a busy machine does not inflate. Exits 1 when a route
 * answers other than 200 or without the header; on a median over the budget only with
 * BENCH_STRICT=1 (times on a shared machine drift; the figures are for the closing notes, side
 * by side).
 */

const BASELINE = process.env.BENCH_BASELINE ?? "76a6abd";
const RUNS = Number(process.env.BENCH_CPU_RUNS ?? 11);
const WARMUPS = 2;
const BUDGET_MS = 10;
const ADMIN = { email: "bench-cpu@flowlane.local", password: "bench-cpu-password-1", name: "Bench CPU" };
/** Unknown to the edge cache, so a public page renders for every request (`bypassReason`). */
const RENDER_COOKIE = "bench_cpu=render";

function git(...args: string[]) {
  const result = spawnSync("git", args, { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout.trim();
}

/** The baseline commit's tree, built; made once per commit. */
function baselineTree(): { dir: string; sha: string } {
  const sha = git("rev-parse", `${BASELINE}^{commit}`);
  const dir = path.join(os.tmpdir(), `flowlane-baseline-${sha.slice(0, 12)}`);
  if (existsSync(path.join(dir, "build", "server", "index.js")) && !process.env.BENCH_REBUILD) return { dir, sha };
  console.log(`\nBuilding the baseline ${sha.slice(0, 7)} in ${dir}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const extract = spawnSync("sh", ["-c", `git archive ${sha} | tar -x -C '${dir}'`], { cwd: root, stdio: "inherit" });
  if (extract.status !== 0) throw new Error("git archive of the baseline failed");
  const lock = (tree: string) => readFileSync(path.join(tree, "package-lock.json"), "utf8");
  if (lock(dir) === lock(root)) symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  else run("npm", ["ci", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: dir });
  run("react-router", ["build"], { cwd: dir });
  return { dir, sha };
}

/** Runs a command in `cwd` and shows its output only when it fails. */
function quiet(cwd: string, command: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`${command} ${args.join(" ")} (in ${cwd}) failed:\n${result.stdout}${result.stderr}`);
    process.exit(1);
  }
}

/** A database of its own for a tree: its migrations, its seed and an admin. */
function prepareDatabase(cwd: string, persistDir: string) {
  console.log(`Preparing ${path.relative(root, persistDir)} with the migrations and seed of ${cwd}`);
  rmSync(persistDir, { recursive: true, force: true });
  const env = databaseEnv(persistDir, ADMIN);
  quiet(cwd, "wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir], env);
  quiet(cwd, "tsx", ["seeds/seed.ts"], env);
  quiet(cwd, "tsx", ["seeds/admin-create.ts", "--ensure"], env);
}

async function json<T>(url: string, token?: string): Promise<T> {
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

type Target = { label: string; path: string; admin?: boolean };

/** Every page and GET endpoint, with ids and dates read from this server's own seeded data. */
async function targets(origin: string, token: string): Promise<Target[]> {
  type Days = { data: { date: string; available: boolean }[] };
  type Slots = { data: { time: string; available: boolean }[] };
  const days = (await json<Days>(`${origin}/api/calendar/available-days?days=60`)).data;
  const open = days.filter((d) => d.available);
  const date = (open[2] ?? open[0])!.date;
  const time = (await json<Slots>(`${origin}/api/calendar/available-slots?date=${date}`)).data.find(
    (s) => s.available,
  )!.time;
  const lastMonth = days.at(-1)!.date.slice(0, 7);
  type Posts = { data: { id: string; slug: string | null; tags: string[]; author: string }[] };
  const post = (await json<Posts>(`${origin}/api/blogs`)).data[0]!;
  const authorSlug = post.author
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  const meeting = (await json<{ data: { id: string }[] }>(`${origin}/api/meetings`, token)).data[0]!;
  const user = (await json<{ subscriptions: { userId: string }[] }>(`${origin}/api/subscriptions`, token))
    .subscriptions[0]!;
  const page = (label: string, urlPath = label): Target => ({ label, path: urlPath });
  const admin = (label: string, urlPath = label): Target => ({ label, path: urlPath, admin: true });
  return [
    page("/"),
    page("/pricing"),
    page("/pricing/contact-sales"),
    page("/custom-workflows"),
    page("/what-is-flowlane"),
    page("/no-code-required"),
    page("/form-builder"),
    page("/integration"),
    page("/demo"),
    page("/demo?month= (last month)", `/demo?month=${lastMonth}`),
    page("/demo?date=", `/demo?date=${date}`),
    page("/demo?date=&time=", `/demo?date=${date}&time=${time}`),
    page("/free-trial"),
    page("/newsletter"),
    page("/blog"),
    page("/blog/:slug", `/blog/${encodeURIComponent(post.slug ?? post.id)}`),
    page("/blog/tag/:tag", `/blog/tag/${encodeURIComponent(post.tags[0] ?? "automation")}`),
    page("/blog/author/:slug", `/blog/author/${authorSlug}`),
    page("/blog/rss.xml"),
    page("/sitemap.xml"),
    page("/sitemap/pages.xml"),
    page("/sitemap/posts/1.xml"),
    page("/robots.txt"),
    page("/admin/login"),
    page("/api/docs"),
    page("/api/openapi.json"),
    page("GET available-days", "/api/calendar/available-days"),
    page("GET available-days?days=60", "/api/calendar/available-days?days=60"),
    page("GET available-slots", `/api/calendar/available-slots?date=${date}`),
    page("GET /api/blogs", "/api/blogs"),
    page("GET /api/blogs/:id", `/api/blogs/${post.id}`),
    admin("/admin/dashboard"),
    admin("/admin/dashboard/meetings"),
    admin("/admin/dashboard/meetings/calendar"),
    admin("/admin/dashboard/meetings/callbacks"),
    admin("/admin/dashboard/meetings/:id", `/admin/dashboard/meetings/${meeting.id}`),
    admin("/admin/dashboard/blog"),
    admin("/admin/dashboard/blog/new"),
    admin("/admin/dashboard/blog/:id/edit", `/admin/dashboard/blog/${post.id}/edit`),
    admin("/admin/dashboard/blog/:id/preview", `/admin/dashboard/blog/${post.id}/preview`),
    admin("/admin/dashboard/users"),
    admin("/admin/dashboard/users/:id", `/admin/dashboard/users/${encodeURIComponent(user.userId)}`),
    admin("/admin/dashboard/search?q=", "/admin/dashboard/search?q=Sharma"),
    admin("/admin/dashboard/settings"),
    admin("/admin/dashboard/settings/security"),
    admin("/admin/dashboard/settings/team"),
    admin("/admin/dashboard/settings/activity"),
    admin("/admin/dashboard/settings/emails"),
    admin("/admin/dashboard/settings/subscribers"),
    admin("/admin/dashboard/settings/export"),
    admin("GET /api/meetings", "/api/meetings"),
    admin("GET /api/meetings/:id", `/api/meetings/${meeting.id}`),
    admin("GET /api/callbacks", "/api/callbacks"),
    admin("GET /api/subscriptions", "/api/subscriptions"),
    admin("GET /api/subscriptions/:userId", `/api/subscriptions/${encodeURIComponent(user.userId)}`),
    admin("GET /api/subscriptions/webhooks/logs", "/api/subscriptions/webhooks/logs"),
    admin("GET /api/subscriptions/webhooks/stats", "/api/subscriptions/webhooks/stats"),
    admin("GET /api/dashboard/stats", "/api/dashboard/stats"),
    admin("GET /api/dashboard/trends", "/api/dashboard/trends"),
    admin("GET /api/dashboard/search", "/api/dashboard/search?q=Sharma"),
    admin("GET /api/dashboard/notifications", "/api/dashboard/notifications"),
    admin("GET /api/admin/emails", "/api/admin/emails"),
    admin("GET /api/admin/audit", "/api/admin/audit"),
    admin("GET /api/admin/team/pending", "/api/admin/team/pending"),
    admin("GET /api/admin/export/meetings", "/api/admin/export/meetings"),
    admin("GET /api/auth/profile", "/api/auth/profile"),
    admin("GET /api/auth/session", "/api/auth/session"),
    admin("GET /api/auth/sessions", "/api/auth/sessions"),
    admin("GET /api/auth/2fa", "/api/auth/2fa"),
  ];
}

type Server = { name: string; origin: string; token: string; targets: Target[]; stop: () => void; pid?: number };

const TICKS_PER_SECOND = 100; // Linux USER_HZ, the unit of /proc/<pid>/stat times

/** The workerd processes started under `pid` (vite preview's). */
function workerdPids(pid: number | undefined): number[] {
  if (pid === undefined || !existsSync("/proc")) return [];
  const children = new Map<number, number[]>();
  const names = new Map<number, string>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const parent = Number(stat.slice(close + 2).split(" ")[1]);
      names.set(Number(entry), stat.slice(stat.indexOf("(") + 1, close));
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const next = queue.shift()!;
    for (const child of children.get(next) ?? []) {
      if (names.get(child) === "workerd") found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** User + system CPU milliseconds the processes have used so far. */
function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // Gone: counts nothing more.
    }
  }
  return (ticks / TICKS_PER_SECOND) * 1000;
}

/** The Worker's time of one request, or the reason there is none. */
async function workerTime(server: Server, target: Target): Promise<number | string> {
  const headers: Record<string, string> = target.admin
    ? { Authorization: `Bearer ${server.token}` }
    : { Cookie: RENDER_COOKIE };
  const response = await fetch(`${server.origin}${target.path}`, { headers, redirect: "manual" });
  await response.arrayBuffer();
  if (response.status !== 200) return `answered ${response.status}`;
  const dur = /\bworker;dur=([\d.]+)/.exec(response.headers.get("Server-Timing") ?? "")?.[1];
  return dur === undefined ? "no Server-Timing" : Number(dur);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

if (!(process.env.SKIP_BUILD && hasBuild())) run("react-router", ["build"]);
const baseline = baselineTree();
const state = path.join(root, ".wrangler");
const dirs = { now: path.join(state, "bench-cpu-now"), baseline: path.join(state, "bench-cpu-baseline") };
prepareDatabase(root, dirs.now);
prepareDatabase(baseline.dir, dirs.baseline);

const servers: Server[] = [];
let exitCode = 0;
try {
  // One after the other: two workerd processes starting at once can race for the same inspector port.
  for (const [name, cwd, dir] of [
    [`baseline ${baseline.sha.slice(0, 7)}`, baseline.dir, dirs.baseline],
    ["this tree", root, dirs.now],
  ] as const) {
    const { origin, stop, pid } = await previewBuild(dir, { cwd });
    const token = await signInAdmin(origin, ADMIN);
    servers.push({ name, origin, token, targets: await targets(origin, token), stop, pid });
  }
  const [before, after] = servers as [Server, Server];
  type Row = {
    label: string;
    before: number[];
    after: number[];
    /** CPU ms per request of each build's workerd, over the measured requests. */
    cpuBefore: number;
    cpuAfter: number;
    errors: string[];
  };
  const pids = { before: workerdPids(before.pid), after: workerdPids(after.pid) };
  const rows: Row[] = [];
  for (const [i, target] of after.targets.entries()) {
    const row: Row = { label: target.label, before: [], after: [], cpuBefore: 0, cpuAfter: 0, errors: [] };
    const cpuAt = { before: 0, after: 0 };
    for (let n = 0; n < WARMUPS + RUNS; n++) {
      if (n === WARMUPS) cpuAt.before = cpuMs(pids.before);
      if (n === WARMUPS) cpuAt.after = cpuMs(pids.after);
      // Alternating which goes first, so the machine's moments fall on both alike.
      const order = n % 2 ? [after, before] : [before, after];
      for (const server of order) {
        const result = await workerTime(server, server === after ? target : before.targets[i]!);
        if (typeof result === "string") {
          row.errors.push(`${server.name}: ${result}`);
          continue;
        }
        if (n >= WARMUPS) (server === after ? row.after : row.before).push(result);
      }
    }
    row.cpuBefore = (cpuMs(pids.before) - cpuAt.before) / RUNS;
    row.cpuAfter = (cpuMs(pids.after) - cpuAt.after) / RUNS;
    rows.push(row);
  }

  const col = (value: string, width: number) => value.padStart(width);
  const ms = (values: number[]) => (values.length ? median(values).toFixed(1) : "–");
  const worst = (values: number[]) => (values.length ? Math.max(...values).toFixed(1) : "–");
  console.log(
    `\nWorker time per request (Server-Timing worker;dur, ms): median and worst of ${RUNS} requests on each build, ` +
      `alternating, on the seeded database. Budget: median ≤ ${BUDGET_MS} ms.\n`,
  );
  console.log(`${"".padEnd(44)}${col("Server-Timing worker;dur", 42)}${col("workerd CPU/request", 22)}`);
  console.log(
    `${"route".padEnd(44)}${col(`${before.name}`, 18)}${col("worst", 8)}${col("this tree", 11)}${col("worst", 8)}${col("×", 7)}  ok${col("before", 9)}${col("now", 7)}`,
  );
  for (const row of rows) {
    const ok =
      row.after.length > 0 && median(row.after) <= BUDGET_MS && row.errors.every((e) => e.startsWith("baseline"));
    const ratio =
      row.before.length && row.after.length ? (median(row.before) / Math.max(median(row.after), 0.1)).toFixed(1) : "–";
    console.log(
      `${row.label.padEnd(44)}${col(ms(row.before), 18)}${col(worst(row.before), 8)}${col(ms(row.after), 11)}${col(worst(row.after), 8)}${col(ratio, 7)}  ${ok ? "yes" : "NO "}` +
        `${col(row.cpuBefore.toFixed(1), 9)}${col(row.cpuAfter.toFixed(1), 7)}`,
    );
  }
  const cpuTotal = (which: "cpuBefore" | "cpuAfter") => rows.reduce((sum, r) => sum + r[which], 0);
  console.log(
    `\nworkerd CPU per request, summed over the ${rows.length} routes: ${before.name} ${cpuTotal("cpuBefore").toFixed(0)} ms, ` +
      `this tree ${cpuTotal("cpuAfter").toFixed(0)} ms (/proc tick: 10 ms over ${RUNS} requests, so ±${(10 / RUNS).toFixed(1)} ms per route)`,
  );
  const slowest = (which: "before" | "after") =>
    rows.filter((r) => r[which].length).sort((a, b) => median(b[which]) - median(a[which]))[0];
  for (const [which, server] of [
    ["before", before],
    ["after", after],
  ] as const) {
    const row = slowest(which);
    if (row) console.log(`\nSlowest route on ${server.name}: ${row.label}, median ${ms(row[which])} ms`);
  }
  const errors = rows.flatMap((r) => [...new Set(r.errors)].map((e) => `${r.label}: ${e}`));
  for (const error of errors) console.log(`ERROR  ${error}`);
  const over = rows.filter((r) => r.after.length && median(r.after) > BUDGET_MS);
  console.log(
    over.length
      ? `\nMISS  over ${BUDGET_MS} ms at the median: ${over.map((r) => `${r.label} (${ms(r.after)} ms)`).join(", ")}`
      : `\nPASS  every route's median ≤ ${BUDGET_MS} ms on this tree`,
  );
  const outDir = path.join(root, "bench-results");
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    path.join(outDir, "cpu.json"),
    `${JSON.stringify({ date: new Date().toISOString(), baseline: baseline.sha, runs: RUNS, rows }, null, 2)}\n`,
  );
  if (errors.some((e) => !e.includes(`: ${before.name}:`))) exitCode = 1;
  if (over.length && process.env.BENCH_STRICT) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  for (const server of servers) server.stop();
}
process.exit(exitCode);
