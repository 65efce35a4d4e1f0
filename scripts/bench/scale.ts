import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { getPlatformProxy } from "wrangler";
import { DAY, HOUR } from "../../app/lib/durations.ts";
import { root, run } from "../lib.ts";
import { databaseEnv, insertAll, previewBuild, signInAdmin } from "./serve.ts";

/**
 * `npm run bench:scale`: every list, feed and page at the seeded size and at 1000× the data,
 * side by side in one run.
 *
 * Two local databases of their own (PERSIST_DIR), never the dev one: "small" is migrated and
 * seeded like `npm start`; "large" is the same plus 20,000 meetings, 20,000 trial users, 10,000
 * callback requests, 3,000 published posts and 100,000 leads (issue 26's inbox), inserted as multi-row INSERTs of at most ~90 KB
 * (D1 refuses statements over 100 KB). The large database is kept between runs
 * (.wrangler/bench-scale-large); BENCH_REBUILD=1 grows it afresh. Both are served from the same
 * production build at once, and each URL is requested alternately on the two, so machine noise
 * hits both alike. Printed per URL: the median time of BENCH_SCALE_RUNS (default 25) requests,
 * beside the ratio of the fastest requests ("min ×", steadier on a busy machine),
 * the response size (raw and gzip), and whether it meets the target: within 1.5× of the small
 * database's time and under 300 KB. SKIP_BUILD=1 reuses the last build. Exits 1 on a miss.
 */
const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 25);
const GROWTH = { meetings: 20_000, users: 20_000, callbacks: 10_000, posts: 3_000, leads: 100_000 };
const TARGET = { ratio: 1.5, kb: 300 };
/** Below this the difference is timer and scheduling noise, not work that grows with the data. */
const NOISE_MS = 5;
const ADMIN = { email: "bench-admin@flowlane.local", password: "bench-admin-password-1", name: "Bench Admin" };

const dirs = {
  small: path.join(root, ".wrangler", "bench-scale-small"),
  large: path.join(root, ".wrangler", "bench-scale-large"),
};
const GROWN_MARK = path.join(dirs.large, "grown.json");

function prepare(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  const env = databaseEnv(dir, ADMIN);
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", dir], { env });
  run("tsx", ["seeds/seed.ts"], { env });
  run("tsx", ["seeds/admin-create.ts", "--ensure"], { env });
}

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;

const FIRST = [
  "Aarav",
  "Diya",
  "Kabir",
  "Meera",
  "Rohan",
  "Sara",
  "Vikram",
  "Anika",
  "James",
  "Lucía",
  "Chen",
  "Fatima",
];
const LAST = ["Sharma", "Iyer", "Khan", "Das", "Patel", "Menon", "Smith", "García", "Wang", "Haddad", "Rao", "Nair"];
const COMPANY = ["Acme", "Globex", "Initech", "Umbrella", "Stark", "Wayne", "Hooli", "Vandelay", "Tyrell", "Cyberdyne"];
const SUFFIX = ["Logistics", "Finance", "Health", "Retail", "Labs", "Foods", "Systems", "Media"];
const pick = <T>(list: T[], i: number) => list[i % list.length]!;

function* meetingRows(now: number) {
  const slots = Array.from(
    { length: 18 },
    (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`,
  );
  for (let i = 0; i < GROWTH.meetings; i++) {
    // Past dates, one meeting per (date, slot): no clash with the seeded active slots.
    const day = new Date(Date.UTC(2015, 0, 1) + Math.floor(i / slots.length) * DAY).toISOString().slice(0, 10);
    const created = now - (i % 700) * DAY - i * 1000;
    const status = pick(["completed", "cancelled", "completed", "confirmed"], i);
    yield [
      sqlText(`bench-meeting-${i}`),
      sqlText(`${pick(FIRST, i)} ${pick(LAST, i * 7)} ${i}`),
      sqlText(`visitor${i}@bench.example`),
      sqlText("+91 98765 43210"),
      sqlText(`${pick(COMPANY, i * 3)} ${pick(SUFFIX, i)} ${i % 997}`),
      sqlText(day),
      sqlText(pick(slots, i)),
      String(Date.parse(`${day}T04:00:00Z`)),
      sqlText(status),
      sqlText("Interested in approvals and onboarding workflows."),
      String(created),
      String(created),
    ];
  }
}

function* userRows(now: number) {
  for (let i = 0; i < GROWTH.users; i++) {
    const created = now - (i % 400) * DAY - i * 1000;
    const status = pick(["pending", "active", "unverified", "cancelled"], i);
    yield [
      sqlText(`bench-user-${i}`),
      sqlText(`benchuser${i}_${created}`),
      sqlText(`user${i}@bench${i % 500}.example`),
      sqlText(pick(["organization", "individual"], i)),
      sqlText(pick(FIRST, i * 5)),
      sqlText(`${pick(LAST, i * 3)}${i}`),
      sqlText(`${pick(COMPANY, i)} ${pick(SUFFIX, i * 5)}`),
      sqlText("trial"),
      sqlText(status),
      status === "pending" ? sqlText("pending_admin_approval") : "NULL",
      String(created),
      String(created + 7 * DAY),
      String(created),
      String(created),
    ];
  }
}

function* callbackRows(now: number) {
  for (let i = 0; i < GROWTH.callbacks; i++) {
    const created = now - (i % 500) * DAY - i * 1000;
    yield [
      sqlText(`bench-callback-${i}`),
      sqlText(pick(FIRST, i * 11)),
      sqlText(`${pick(LAST, i)}-${i}`),
      sqlText(`callback${i}@bench.example`),
      sqlText(`${pick(COMPANY, i * 7)} ${pick(SUFFIX, i * 3)}`),
      sqlText("Please call me about pricing for 40 seats."),
      sqlText(pick(["new", "contacted"], i)),
      String(created),
    ];
  }
}

const SOURCES = ["newsletter", "linkedin", "google", "partner", "news.example.com", null] as const;
const CAMPAIGNS = ["nov", "dec", "q4-push", "launch", null] as const;

/** Leads with both touches, a third of them touched by the team, arriving over ~500 days. */
function* leadRows(now: number) {
  for (let i = 0; i < GROWTH.leads; i++) {
    const created = now - (i % 500) * DAY - i * 100;
    const source = SOURCES[i % SOURCES.length] ?? null;
    const campaign = source ? (CAMPAIGNS[i % CAMPAIGNS.length] ?? null) : null;
    const touch = source
      ? JSON.stringify({
          source,
          medium: source.includes(".") ? "referral" : "email",
          campaign,
          term: null,
          content: null,
          clickId: i % 7 === 0 ? `gclid:bench${i}` : null,
          referrer: source.includes(".") ? source : null,
          landingPath: pick(["/", "/pricing", "/blog", "/demo"], i),
          at: new Date(created - HOUR).toISOString(),
        })
      : null;
    yield [
      sqlText(`bench-lead-${i}`),
      sqlText(`lead${i}@${pick(COMPANY, i * 7).toLowerCase()}-${i % 997}.example`),
      sqlText(`${pick(FIRST, i * 5)} ${pick(LAST, i)}`),
      sqlText(`${pick(COMPANY, i * 7)} ${pick(SUFFIX, i * 3)}`),
      sqlText(`${pick(COMPANY, i * 7).toLowerCase()}-${i % 997}.example`),
      String(1 << (i % 5)),
      sqlText(pick(["new", "contacted", "qualified", "won", "lost", "disqualified"], i)),
      touch ? sqlText(touch) : "NULL",
      touch ? sqlText(touch) : "NULL",
      source ? sqlText(source) : "NULL",
      campaign ? sqlText(campaign) : "NULL",
      i % 3 === 0 ? String(created + (i % 240) * 60_000) : "NULL",
      String(created),
      String(created),
    ];
  }
}

/** Posts about as long as the seeded ones (~2.5 KB of markdown, rendered once here). */
function* postRows(now: number) {
  const paragraph =
    "Teams that automate approvals stop chasing email threads. A request goes to the right approver, " +
    "reminders go out on time, and every decision is logged for the audit.";
  for (let i = 0; i < GROWTH.posts; i++) {
    const at = now - (i + 30) * DAY - i * 1000;
    const content = [`## Part ${i}`, ...Array.from({ length: 12 }, () => paragraph)].join("\n\n");
    const html = [`<h2 id="part-${i}">Part ${i}</h2>`, ...Array.from({ length: 12 }, () => `<p>${paragraph}</p>`)].join(
      "\n",
    );
    yield [
      sqlText(`bench-post-${String(i).padStart(5, "0")}`),
      sqlText(`Workflow note ${i}: ${pick(SUFFIX, i)} approvals without email`),
      sqlText(content),
      sqlText(html),
      sqlText(`How ${pick(COMPANY, i)} ${pick(SUFFIX, i).toLowerCase()} teams route requests (${i}).`),
      sqlText(`${pick(FIRST, i)} ${pick(LAST, i * 3)}`),
      sqlText(JSON.stringify([pick(["Automation", "Finance", "Sales", "Security"], i), pick(SUFFIX, i)])),
      sqlText("published"),
      String(at),
      String(at),
      String(at),
    ];
  }
}

/** The grown tables; `only` grows just those (a database grown before they existed). */
async function grow(dir: string, only?: readonly string[]) {
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: path.join(root, "wrangler.toml"),
    persist: { path: path.join(dir, "v3") },
  });
  const now = Date.now();
  const tables: [string, string[], Iterable<string[]>][] = [
    [
      "meetings",
      [
        "id",
        "name",
        "email",
        "phone",
        "company",
        "date",
        "time_slot",
        "starts_at",
        "status",
        "notes",
        "created_at",
        "updated_at",
      ],
      meetingRows(now),
    ],
    [
      "subscriptions",
      [
        "id",
        "user_id",
        "email",
        "role",
        "first_name",
        "last_name",
        "company_name",
        "plan",
        "status",
        "approval_status",
        "start_date",
        "end_date",
        "created_at",
        "updated_at",
      ],
      userRows(now),
    ],
    [
      "callback_requests",
      ["id", "first_name", "last_name", "email", "company", "message", "status", "created_at"],
      callbackRows(now),
    ],
    [
      "blog_posts",
      [
        "id",
        "title",
        "content",
        "content_html",
        "excerpt",
        "author",
        "tags",
        "status",
        "published_at",
        "created_at",
        "updated_at",
      ],
      postRows(now),
    ],
    [
      "leads",
      [
        "id",
        "email",
        "name",
        "company",
        "company_domain",
        "kinds",
        "status",
        "first_touch",
        "last_touch",
        "source",
        "campaign",
        "first_touch_at",
        "created_at",
        "updated_at",
      ],
      leadRows(now),
    ],
  ];
  try {
    for (const [table, columns, rows] of tables) {
      if (only && !only.includes(table)) continue;
      const statements = await insertAll(proxy.env.DB, table, columns, rows);
      console.log(`  grew ${table} in ${statements} statements`);
    }
  } finally {
    await proxy.dispose();
  }
  writeFileSync(GROWN_MARK, JSON.stringify({ date: new Date().toISOString(), ...GROWTH }));
}

type Target = { label: string; small: string; large: string; admin?: boolean };
const lastBlogPage = (published: number) => Math.max(1, Math.ceil(published / 12));

if (!process.env.SKIP_BUILD) run("react-router", ["build"]);
console.log("Preparing the small (seeded) database…");
prepare(dirs.small);
if (process.env.BENCH_REBUILD || !existsSync(GROWN_MARK)) {
  console.log("Preparing the large database (seeded + 1000×)…");
  prepare(dirs.large);
  mkdirSync(dirs.large, { recursive: true });
  await grow(dirs.large);
} else {
  console.log(`Reusing the large database in ${path.relative(root, dirs.large)} (BENCH_REBUILD=1 grows it afresh)`);
  // Migrations added since it was grown (new indexes) still apply.
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", dirs.large], { env: { CI: "true" } });
  // Tables added since (the leads, issue 26) are grown now.
  const grown = JSON.parse(readFileSync(GROWN_MARK, "utf8")) as Record<string, unknown>;
  if (grown.leads === undefined) await grow(dirs.large, ["leads"]);
}

// One after the other: two workerd processes starting at once can race for the same inspector port.
const small = await previewBuild(dirs.small);
const large = await previewBuild(dirs.large);
const tokens = { small: await signInAdmin(small.origin, ADMIN), large: await signInAdmin(large.origin, ADMIN) };
const publishedPosts = async (origin: string) =>
  ((await (await fetch(`${origin}/api/blogs?limit=1`)).json()) as { pagination: { totalItems: number } }).pagination
    .totalItems;
const published = { small: await publishedPosts(small.origin), large: await publishedPosts(large.origin) };
const search = "Sharma"; // a seeded surname, and in 1 of 12 grown meetings and users (~3,300 matches)

/** A URL that is the same on both databases. */
const both = (label: string, url: string, admin = false): Target => ({ label, small: url, large: url, admin });
const targets: Target[] = [
  both("/blog", "/blog"),
  {
    label: "/blog?page=N (last)",
    small: `/blog?page=${lastBlogPage(published.small)}`,
    large: `/blog?page=${lastBlogPage(published.large)}`,
  },
  both("/blog/:id (article)", "/blog/five-approval-workflows-every-finance-team-should-automate"),
  both("/blog/rss.xml", "/blog/rss.xml"),
  both("/sitemap.xml (index)", "/sitemap.xml"),
  both("/sitemap/posts/1.xml", "/sitemap/posts/1.xml"),
  both("GET /api/blogs", "/api/blogs"),
  both("GET /api/blogs (admin)", "/api/blogs", true),
  both("Blog Management", "/admin/dashboard/blog", true),
  both("console search page", `/admin/dashboard/search?q=${search}`, true),
  both("GET /api/dashboard/search", `/api/dashboard/search?q=${search}`, true),
  // A specific text (a seeded company): the index finds a handful of rows at either size.
  both("GET /api/dashboard/search (rare)", "/api/dashboard/search?q=Northwind%20Logistics", true),
  both("Demo Meetings", "/admin/dashboard/meetings", true),
  both("GET /api/meetings", "/api/meetings", true),
  both("Users", "/admin/dashboard/users", true),
  both("GET /api/subscriptions", "/api/subscriptions", true),
  both("Callbacks", "/admin/dashboard/meetings/callbacks", true),
  both("GET /api/callbacks", "/api/callbacks", true),
  both("Overview", "/admin/dashboard", true),
  // The lead inbox (issue 26): the whole list, a source and a campaign filter, a search.
  both("Leads", "/admin/dashboard/leads", true),
  both("Leads (source + campaign)", "/admin/dashboard/leads?source=newsletter&campaign=nov", true),
  both("Leads (search)", `/admin/dashboard/leads?q=${search}`, true),
  both("GET /api/leads", "/api/leads", true),
  both("GET /api/leads?status=new", "/api/leads?status=new", true),
];

async function timed(url: string, token?: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const body = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { ms, bytes: body.length, gzip: gzipSync(body, { level: 6 }).length };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Row = {
  label: string;
  smallMs: number;
  largeMs: number;
  smallMinMs: number;
  largeMinMs: number;
  smallKb: number;
  largeKb: number;
  largeGzipKb: number;
  ok: boolean;
};
const rows: Row[] = [];
try {
  for (const target of targets) {
    const times = { small: [] as number[], large: [] as number[] };
    const sizes = { small: 0, large: 0, largeGzip: 0 };
    // Two warm-up requests each (route modules, statement caches), then alternate.
    for (let i = 0; i < RUNS + 2; i++) {
      for (const which of ["small", "large"] as const) {
        const server = which === "small" ? small : large;
        const result = await timed(`${server.origin}${target[which]}`, target.admin ? tokens[which] : undefined);
        if (i >= 2) times[which].push(result.ms);
        sizes[which] = result.bytes;
        if (which === "large") sizes.largeGzip = result.gzip;
      }
    }
    const smallMs = median(times.small);
    const largeMs = median(times.large);
    const largeKb = sizes.large / 1024;
    const ok = (largeMs <= smallMs * TARGET.ratio || largeMs - smallMs <= NOISE_MS) && largeKb < TARGET.kb;
    rows.push({
      label: target.label,
      smallMs,
      largeMs,
      smallMinMs: Math.min(...times.small),
      largeMinMs: Math.min(...times.large),
      smallKb: sizes.small / 1024,
      largeKb,
      largeGzipKb: sizes.largeGzip / 1024,
      ok,
    });
  }
} finally {
  small.stop();
  large.stop();
}

const pad = (value: string | number, width: number) => String(value).padStart(width);
console.log(
  `\nMedian of ${RUNS} requests each, alternating databases. small = seeded (${published.small} published posts); ` +
    `large = + ${GROWTH.meetings.toLocaleString("en")} meetings, ${GROWTH.users.toLocaleString("en")} users, ` +
    `${GROWTH.callbacks.toLocaleString("en")} callbacks, ${GROWTH.posts.toLocaleString("en")} posts, ` +
    `${GROWTH.leads.toLocaleString("en")} leads ` +
    `(${published.large} published). Target: large ≤ ${TARGET.ratio}× small (or within ${NOISE_MS} ms) and < ${TARGET.kb} KB.\n`,
);
console.log(
  `${"list / page".padEnd(33)}${pad("small ms", 10)}${pad("large ms", 10)}${pad("×", 7)}${pad("min ×", 7)}${pad("small KB", 10)}${pad("large KB", 10)}${pad("gzip KB", 9)}  ok`,
);
for (const row of rows) {
  console.log(
    `${row.label.padEnd(33)}${pad(row.smallMs.toFixed(1), 10)}${pad(row.largeMs.toFixed(1), 10)}${pad((row.largeMs / row.smallMs).toFixed(2), 7)}${pad((row.largeMinMs / row.smallMinMs).toFixed(2), 7)}${pad(row.smallKb.toFixed(1), 10)}${pad(row.largeKb.toFixed(1), 10)}${pad(row.largeGzipKb.toFixed(1), 9)}  ${row.ok ? "yes" : "NO"}`,
  );
}
const outDir = path.join(root, "bench-results");
mkdirSync(outDir, { recursive: true });
writeFileSync(
  path.join(outDir, "scale.json"),
  JSON.stringify({ date: new Date().toISOString(), runs: RUNS, published, rows }, null, 2),
);
const misses = rows.filter((row) => !row.ok);
console.log(misses.length ? `\nTargets missed: ${misses.map((row) => row.label).join(", ")}` : "\nAll targets met.");
process.exitCode = misses.length ? 1 : 0;
