import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
// autocannon ships no types (and adding @types is a dependency change): the part used here is typed below.
// @ts-expect-error -- untyped module; `ignore` rather than `expect-error` so that added types do not break this file
import autocannonUntyped from "autocannon";
import { hasBuild, prepareLocal, root, waitForUrl } from "../lib.ts";

/**
 * `npm run bench:api`: serves the production build locally (vite preview → workerd) on a
 * throwaway database prepared like the e2e run (migrations + seed), and drives it with
 * autocannon over loopback: a small static response (`/robots.txt`) as the baseline,
 * then API cases measured in the same run. Prints req/s, p50 and p99, the ratios to the
 * baseline and the budgets of the issues (e.g. issue 7: available-slots at least 40% of
 * the baseline's req/s, p99 at most 2× its p99, no errors).
 *
 * SKIP_BUILD=1 reuses the last build. BENCH_DURATION (seconds per case, default 10) and
 * BENCH_CONNECTIONS (default 20) tune the load; BENCH_STRICT=1 exits 1 on a missed budget.
 * Errors (socket errors, timeouts, unexpected statuses) always exit 1.
 */

const DURATION = Number(process.env.BENCH_DURATION ?? 10); // seconds per case
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WARMUP = 3; // seconds per endpoint before measuring
const HOST = "127.0.0.1";

type Measured = {
  name: string;
  path: string;
  requests: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  unexpected: number;
  statuses: Record<string, number>;
};

type Budget = { caseName: string; minThroughputRatio: number; maxP99Ratio: number };

/** Budgets against the static baseline (issue 7). Other API issues add theirs here. */
const BUDGETS: Budget[] = [{ caseName: "GET available-slots", minThroughputRatio: 0.4, maxP99Ratio: 2 }];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function getJson(url: string) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json() as Promise<{ data: unknown }>;
}

type AutocannonRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
type AutocannonOptions = {
  url: string;
  connections?: number;
  duration?: number;
  amount?: number;
  requests?: (AutocannonRequest & { setupRequest?: (request: AutocannonRequest) => AutocannonRequest })[];
  setupClient?: (client: { on(event: "response", listener: (status: number) => void): void }) => void;
};
type AutocannonResult = {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
};
const autocannon = autocannonUntyped as (options: AutocannonOptions) => Promise<AutocannonResult>;

type Options = Omit<AutocannonOptions, "url"> & { expectStatus?: number[] };

async function measure(base: string, name: string, urlPath: string, options: Options = {}): Promise<Measured> {
  const { expectStatus = [200], ...rest } = options;
  let unexpected = 0;
  const statuses: Record<string, number> = {};
  const result = await autocannon({
    url: `${base}${urlPath}`,
    connections: CONNECTIONS,
    ...(rest.amount ? {} : { duration: DURATION }),
    ...rest,
    setupClient(client) {
      client.on("response", (status: number) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (!expectStatus.includes(status)) unexpected++;
      });
    },
  });
  return {
    name,
    path: urlPath,
    requests: result.requests.total,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    unexpected,
    statuses,
  };
}

async function warmUp(base: string, urlPath: string) {
  await autocannon({ url: `${base}${urlPath}`, connections: CONNECTIONS, duration: WARMUP });
}

/** Every free (date, time) of the booking window, so each booking takes a distinct slot. */
async function freeSlots(base: string) {
  const days = (await getJson(`${base}/api/calendar/available-days?days=60`)).data as {
    date: string;
    available: boolean;
  }[];
  const slots: { date: string; time: string }[] = [];
  for (const day of days.filter((d) => d.available)) {
    const daySlots = (await getJson(`${base}/api/calendar/available-slots?date=${day.date}`)).data as {
      time: string;
      available: boolean;
    }[];
    for (const slot of daySlots) if (slot.available) slots.push({ date: day.date, time: slot.time });
  }
  return slots;
}

function stopServer(server: ChildProcess) {
  if (server.pid && server.exitCode === null) {
    try {
      process.kill(-server.pid, "SIGTERM"); // the server and the workerd it started
    } catch {
      server.kill("SIGTERM");
    }
  }
}

const persistDir = mkdtempSync(path.join(os.tmpdir(), "flowlane-bench-"));
process.env.PERSIST_DIR = persistDir;
process.env.ADMIN_EMAIL ??= "bench-admin@flowlane.test";
process.env.ADMIN_PASSWORD ??= `bench-${crypto.randomUUID()}`;
process.env.ADMIN_NAME ??= "Bench Admin";
prepareLocal({ build: !(process.env.SKIP_BUILD && hasBuild()) });

const port = await freePort();
const base = `http://${HOST}:${port}`;
const server = spawn("vite", ["preview", "--port", String(port), "--strictPort", "--host", HOST], {
  cwd: root,
  env: process.env,
  stdio: ["ignore", "ignore", "inherit"],
  detached: true,
});
const cleanUp = () => {
  stopServer(server);
  rmSync(persistDir, { recursive: true, force: true });
};
process.on("SIGINT", () => {
  cleanUp();
  process.exit(130);
});

let exitCode = 0;
try {
  await waitForUrl(`${base}/robots.txt`);
  const days = (await getJson(`${base}/api/calendar/available-days`)).data as { date: string; available: boolean }[];
  // A day a little ahead, with some slots already held by the seed or not: a realistic read.
  const slotDate = (days.find((d, i) => i >= 2 && d.available) ?? days[0])!.date;
  const slotsPath = `/api/calendar/available-slots?date=${slotDate}`;

  console.log(`\nBenchmark on ${base}: ${CONNECTIONS} connections, ${DURATION} s per case (warm-up ${WARMUP} s)\n`);
  await warmUp(base, "/robots.txt");
  await warmUp(base, slotsPath);

  const results: Measured[] = [];
  results.push(await measure(base, "GET /robots.txt (baseline)", "/robots.txt"));
  results.push(await measure(base, "GET available-slots", slotsPath));

  // Bookings: one request per distinct free slot, so every answer should be a 201. autocannon
  // prepares a request per connection ahead of time, so a few slots are left as headroom.
  const slots = await freeSlots(base);
  const bookings = Math.max(1, slots.length - 2 * CONNECTIONS);
  let next = 0;
  results.push(
    await measure(base, "POST /api/meetings", "/api/meetings", {
      amount: bookings,
      expectStatus: [201],
      requests: [
        {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          setupRequest(request) {
            const slot = slots[next % slots.length]!;
            const n = next++;
            return {
              ...request,
              body: JSON.stringify({
                name: `Bench Visitor ${n}`,
                email: `bench-${n}@bench.test`,
                company: "Bench Co",
                meetingType: "demo",
                date: slot.date,
                timeSlot: slot.time,
              }),
            };
          },
        },
      ],
    }),
  );

  const baseline = results[0]!;
  const rows = results.map((r) => ({
    case: r.name,
    requests: r.requests,
    "req/s": Math.round(r.reqPerSec),
    "p50 ms": r.p50,
    "p99 ms": r.p99,
    "× baseline req/s": (r.reqPerSec / baseline.reqPerSec).toFixed(2),
    "× baseline p99": (r.p99 / Math.max(baseline.p99, 1)).toFixed(2),
    errors: r.errors + r.unexpected,
  }));
  console.table(rows);
  console.log(`(POST /api/meetings: ${bookings} bookings over the ${slots.length} free slots of the 60-day window.)\n`);

  for (const budget of BUDGETS) {
    const r = results.find((x) => x.name === budget.caseName);
    if (!r) continue;
    const throughput = r.reqPerSec / baseline.reqPerSec;
    const p99 = r.p99 / Math.max(baseline.p99, 1);
    const ok = throughput >= budget.minThroughputRatio && p99 <= budget.maxP99Ratio && r.errors + r.unexpected === 0;
    console.log(
      `${ok ? "PASS" : "MISS"}  ${budget.caseName}: ${(throughput * 100).toFixed(0)}% of baseline req/s (budget ≥ ${
        budget.minThroughputRatio * 100
      }%), p99 ${p99.toFixed(2)}× baseline (budget ≤ ${budget.maxP99Ratio}×)`,
    );
    if (!ok && process.env.BENCH_STRICT) exitCode = 1;
  }
  const failed = results.filter((r) => r.errors + r.unexpected > 0);
  for (const r of failed)
    console.log(`ERRORS  ${r.name}: ${r.errors} socket errors/timeouts, ${r.unexpected} unexpected statuses`);
  if (failed.length) exitCode = 1;

  const outDir = path.join(root, "bench-results");
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `api-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, `${JSON.stringify({ connections: CONNECTIONS, duration: DURATION, results }, null, 2)}\n`);
  console.log(`\nSaved ${path.relative(root, file)}`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  cleanUp();
}
process.exit(exitCode);
