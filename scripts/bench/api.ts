import { spawn } from "node:child_process";
import { createHash, createHmac, randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
// autocannon ships no types (and adding @types is a dependency change): the part used here is typed below.
// @ts-expect-error -- untyped module; `ignore` rather than `expect-error` so that added types do not break this file
import autocannonUntyped from "autocannon";
import { freePort, root, stopProcessGroup, waitForUrl } from "../lib.ts";
import { localVars } from "../local-vars.ts";
import { prepareBenchDatabase } from "./serve.ts";

/**
 * `npm run bench:api`: serves the production build locally (vite preview → workerd) on a
 * throwaway database prepared like the e2e run (migrations + seed), and drives it with
 * autocannon over loopback: a small static response (`/robots.txt`) as the baseline and
 * the GET cases in alternating rounds, then the bookings, all in the same run. Prints req/s, p50 and p99, the ratios to the
 * baseline and the budgets of the issues (e.g. issue 7: available-slots at least 40% of
 * the baseline's req/s, p99 at most 2× its p99, no errors).
 *
 * SKIP_BUILD=1 reuses the last build. BENCH_DURATION (seconds per case, default 10) and
 * BENCH_CONNECTIONS (default 20) tune the load; BENCH_STRICT=1 exits 1 on a missed budget.
 * Errors (socket errors, timeouts, unexpected statuses) always exit 1; BENCH_DEBUG=1 prints
 * each unexpected status as it happens. Results are also saved in bench-results/ (ignored by git).
 */

const DURATION = Number(process.env.BENCH_DURATION ?? 10); // seconds per case
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WARMUP = 3; // seconds per endpoint before measuring
const ROUNDS = 5; // GET cases alternate with the baseline in this many rounds
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

/**
 * A solved bot check for one /api POST (decision 080; each counts once), made as
 * tests/e2e/bot-check.ts makes it, with the bench server's key: our own number, signed.
 */
function botCheck(base: string) {
  const hmac = (message: string) =>
    createHmac("sha256", `${localVars(base).CODE_HMAC_SECRET}:bot-check`)
      .update(message)
      .digest("hex");
  const number = 4242;
  const salt = `${randomBytes(12).toString("base64url")}?expires=${Math.floor(Date.now() / 1000) + 600}`;
  const challenge = createHash("sha256").update(`${salt}${number}`).digest("hex");
  const solution = { algorithm: "SHA-256", challenge, number, salt, signature: hmac(challenge) };
  return { "X-Bot-Check": Buffer.from(JSON.stringify(solution)).toString("base64") };
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
  setupClient?: (client: {
    on(event: "response", listener: (status: number, bytes: number, durationMs: number) => void): void;
  }) => void;
};
type AutocannonResult = { requests: { total: number }; duration: number; errors: number; timeouts: number };
const autocannon = autocannonUntyped as (options: AutocannonOptions) => Promise<AutocannonResult>;

/** The raw figures of one case, accumulated over its rounds. */
class Tally {
  requests = 0;
  seconds = 0;
  errors = 0;
  unexpected = 0;
  statuses: Record<string, number> = {};
  latencies: number[] = [];
  readonly name: string;
  readonly path: string;
  // Plain assignments: Node's type stripping does not support parameter properties.
  constructor(name: string, path: string) {
    this.name = name;
    this.path = path;
  }

  summary(): Measured {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
    return {
      name: this.name,
      path: this.path,
      requests: this.requests,
      reqPerSec: this.seconds ? this.requests / this.seconds : 0,
      p50: at(0.5),
      p99: at(0.99),
      errors: this.errors,
      unexpected: this.unexpected,
      statuses: this.statuses,
    };
  }
}

type Options = Omit<AutocannonOptions, "url" | "setupClient"> & { expectStatus?: number[] };

/** One autocannon run added to a tally; every response's status and latency is recorded. */
async function run(base: string, tally: Tally, options: Options) {
  const { expectStatus = [200], ...rest } = options;
  const result = await autocannon({
    url: `${base}${tally.path}`,
    connections: CONNECTIONS,
    ...rest,
    setupClient(client) {
      client.on("response", (status, _bytes, durationMs) => {
        tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
        if (!expectStatus.includes(status)) {
          tally.unexpected++;
          if (process.env.BENCH_DEBUG)
            console.log(`unexpected ${status} at response ${tally.latencies.length} after ${durationMs} ms`);
        }
        tally.latencies.push(durationMs);
      });
    },
  });
  tally.requests += result.requests.total;
  tally.seconds += result.duration;
  tally.errors += result.errors + result.timeouts;
}

/**
 * GET cases and the baseline in alternating short rounds, so a change in the machine's load
 * (shared machines, other runs) hits them alike and the ratios stay meaningful.
 */
async function interleaved(base: string, tallies: Tally[]) {
  const seconds = Math.max(1, Math.round(DURATION / ROUNDS));
  for (let round = 0; round < ROUNDS; round++) {
    for (const tally of round % 2 === 0 ? tallies : [...tallies].reverse()) {
      await run(base, tally, { duration: seconds });
    }
  }
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

/**
 * Issue 27's scenario: 10 Sales members (hosts by default, the business hours), each with 60 days
 * of date overrides (every third day away, the others other hours), and 2,000 meetings booked
 * through the API (round-robin spreads them). Made through the API as an admin would.
 */
async function salesTeam(base: string, from: string) {
  const email = process.env.ADMIN_EMAIL as string;
  const password = process.env.ADMIN_PASSWORD as string;
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...botCheck(base) },
    body: JSON.stringify({ email, password }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const auth = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const post = async (urlPath: string, body: unknown, headers: Record<string, string> = auth) => {
    const response = await fetch(`${base}${urlPath}`, {
      method: "POST",
      headers: { ...headers, ...botCheck(base) },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      json: (await response.json()) as { data: { id: string; user?: { id: string } } },
    };
  };
  let overrides = 0;
  const start = new Date(`${from}T00:00:00Z`).getTime();
  for (let i = 0; i < 10; i++) {
    const registered = await post(
      "/api/auth/register",
      { email: `bench-host-${i}@bench.test`, password: `bench-host-pass-${i}-42`, name: `Bench Host ${i}` },
      { "Content-Type": "application/json" },
    );
    const id = registered.json.data.user?.id as string;
    await post(`/api/admin/team/${id}/decision`, { action: "approve", role: "sales" });
    for (let d = 0; d < 60; d++) {
      const date = new Date(start + (d + i) * 86_400_000).toISOString().slice(0, 10);
      const body =
        d % 3 === 0 ? { from: date, to: date } : { from: date, to: date, hours: [{ start: "10:00", end: "17:00" }] };
      if ((await post(`/api/scheduling/hosts/${id}/overrides`, body)).status === 201) overrides++;
    }
  }
  // 2,000 bookings over the free slots, 20 at a time.
  const days = (await getJson(`${base}/api/calendar/available-days?days=60`)).data as { date: string }[];
  const times = Array.from(
    { length: 14 },
    (_, k) => `${String(10 + Math.floor(k / 2)).padStart(2, "0")}:${k % 2 ? "30" : "00"}`,
  );
  const wanted: { date: string; time: string }[] = [];
  for (let round = 0; wanted.length < 2600 && round < 10; round++)
    for (const day of days.slice(1)) for (const time of times) wanted.push({ date: day.date, time });
  let meetings = 0;
  for (let k = 0; k < wanted.length && meetings < 2000; k += 20) {
    const answers = await Promise.all(
      wanted.slice(k, k + 20).map((slot, j) =>
        post(
          "/api/meetings",
          {
            name: `Bench Team Visitor ${k + j}`,
            email: `bench-team-${k + j}@bench.test`,
            company: "Bench Co",
            meetingType: "demo",
            date: slot.date,
            timeSlot: slot.time,
          },
          { "Content-Type": "application/json" },
        ),
      ),
    );
    meetings += answers.filter((a) => a.status === 201).length;
  }
  return { overrides, meetings };
}

const persistDir = prepareBenchDatabase("bench");

const port = await freePort(HOST);
const base = `http://${HOST}:${port}`;
const server = spawn("vite", ["preview", "--port", String(port), "--strictPort", "--host", HOST], {
  cwd: root,
  // Production refuses to start without its origins and CODE_HMAC_SECRET (decisions 040, 058):
  // the local values, from the environment, as bench:cpu's server gets them (serve.ts).
  env: { ...process.env, CLOUDFLARE_INCLUDE_PROCESS_ENV: "true", ...localVars(base) } as NodeJS.ProcessEnv,
  stdio: ["ignore", "ignore", "inherit"],
  detached: true,
});
const cleanUp = () => {
  stopProcessGroup(server);
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

  console.log(
    `\nBenchmark on ${base}: ${CONNECTIONS} connections, ${DURATION} s per GET case in ${ROUNDS} alternating rounds (warm-up ${WARMUP} s)\n`,
  );
  await warmUp(base, "/robots.txt");
  await warmUp(base, slotsPath);

  const baselineTally = new Tally("GET /robots.txt (baseline)", "/robots.txt");
  const slotsTally = new Tally("GET available-slots", slotsPath);
  const daysPath = "/api/calendar/available-days?days=60";
  const daysTally = new Tally("GET available-days?days=60", daysPath);
  await warmUp(base, daysPath);
  await interleaved(base, [baselineTally, slotsTally, daysTally]);

  // The same reads with a sales team (issue 27): 10 hosts, 60 days of overrides each, 2,000 meetings.
  const team = await salesTeam(base, slotDate);
  const hostSlotsTally = new Tally("GET available-slots (10 hosts)", slotsPath);
  const hostDaysTally = new Tally("GET available-days?days=60 (10 hosts)", daysPath);
  await warmUp(base, slotsPath);
  await interleaved(base, [baselineTally, hostSlotsTally, hostDaysTally]);

  // Bookings: one request per distinct free slot, so every answer should be a 201. autocannon
  // prepares a request per connection ahead of time, so a few slots are left as headroom.
  const slots = await freeSlots(base);
  const bookings = Math.max(1, slots.length - 2 * CONNECTIONS);
  const bookingTally = new Tally("POST /api/meetings", "/api/meetings");
  let next = 0;
  await run(base, bookingTally, {
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
            headers: { ...request.headers, ...botCheck(base) },
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
  });
  const results = [baselineTally, slotsTally, daysTally, hostSlotsTally, hostDaysTally, bookingTally].map((t) =>
    t.summary(),
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
  console.log(`(POST /api/meetings: ${bookings} bookings over the ${slots.length} free slots of the 60-day window.)`);
  console.log(`(10 hosts: ${team.overrides} date overrides and ${team.meetings} meetings made before their reads.)\n`);
  for (const [single, hosts] of [
    [slotsTally, hostSlotsTally],
    [daysTally, hostDaysTally],
  ] as const) {
    const [a, b] = [single.summary(), hosts.summary()];
    console.log(
      `${b.name}: p50 ${b.p50} ms vs ${a.p50} ms single-host (${(b.p50 / Math.max(a.p50, 1)).toFixed(2)}×), req/s ${(b.reqPerSec / Math.max(a.reqPerSec, 1)).toFixed(2)}× (issue 27: within 1.5×)`,
    );
  }

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
