import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { setConfig } from "../../../tests/helpers/trial";
import { formatVital, rating, VitalsBeaconSchema, vitalsPath } from "./vitals";
import { pageSpeed, purgeOldVitals, recordVitals } from "./vitals.server";

const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/142.0 Safari/537.36";
const at = (iso: string) => new Date(iso);

const seed = (rows: [day: string, path: string, device: string, metric: string, value: number][]) =>
  env.DB.batch(
    rows.map((row) =>
      env.DB.prepare("INSERT INTO page_vitals (day, path, device, metric, value) VALUES (?, ?, ?, ?, ?)").bind(...row),
    ),
  );

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM page_vitals").run();
});

describe("pageSpeed: p75 in SQL", () => {
  it("takes the nearest-rank 75th percentile per page, device and metric, within the range", async () => {
    await seed([
      // /pricing on phones: LCP 1000…4000 → n=4, rank ⌈3⌉ = 3 → 3000 (poor).
      ["2026-11-10", "/pricing", "mobile", "LCP", 4000],
      ["2026-11-10", "/pricing", "mobile", "LCP", 1000],
      ["2026-11-11", "/pricing", "mobile", "LCP", 3000],
      ["2026-11-12", "/pricing", "mobile", "LCP", 2000],
      // n=5 → rank ⌈3.75⌉ = 4 → 0.08 (good).
      ["2026-11-10", "/pricing", "mobile", "CLS", 0.5],
      ["2026-11-10", "/pricing", "mobile", "CLS", 0],
      ["2026-11-10", "/pricing", "mobile", "CLS", 0.02],
      ["2026-11-10", "/pricing", "mobile", "CLS", 0.08],
      ["2026-11-10", "/pricing", "mobile", "CLS", 0.01],
      // The same page on desktops is its own group; n=1 → the one value.
      ["2026-11-10", "/pricing", "desktop", "LCP", 900],
      // Another page; the hydration time has no verdict.
      ["2026-11-11", "/", "desktop", "HYDRATION", 120],
      ["2026-11-11", "/", "desktop", "INP", 180],
      ["2026-11-11", "/", "desktop", "INP", 260],
      // Outside the range: ignored.
      ["2026-11-09", "/pricing", "mobile", "LCP", 9000],
      ["2026-11-13", "/pricing", "mobile", "LCP", 9000],
    ]);
    expect(await pageSpeed({ from: "2026-11-10", to: "2026-11-12" })).toEqual([
      { path: "/", device: "desktop", metric: "HYDRATION", samples: 1, p75: 120, rating: null },
      // n=2 → rank ⌈1.5⌉ = 2 → 260 (poor).
      { path: "/", device: "desktop", metric: "INP", samples: 2, p75: 260, rating: "poor" },
      { path: "/pricing", device: "desktop", metric: "LCP", samples: 1, p75: 900, rating: "good" },
      { path: "/pricing", device: "mobile", metric: "CLS", samples: 5, p75: 0.08, rating: "good" },
      { path: "/pricing", device: "mobile", metric: "LCP", samples: 4, p75: 3000, rating: "poor" },
    ]);
  });

  it("agrees with the nearest-rank definition for every group size up to 40", async () => {
    for (let n = 1; n <= 40; n++) {
      const values = Array.from({ length: n }, (_, i) => n - 1 - i); // 0…n-1, written in reverse
      await seed(values.map((v) => ["2026-11-10", `/n${n}`, "mobile", "TTFB", v]));
    }
    const rows = await pageSpeed({ from: "2026-11-10", to: "2026-11-10" });
    expect(rows).toHaveLength(40);
    for (const row of rows) {
      const n = Number(row.path.slice(2));
      expect(row.samples).toBe(n);
      expect(row.p75).toBe(Math.ceil(0.75 * n) - 1);
    }
  });

  it("is empty when nothing was measured", async () => {
    expect(await pageSpeed({ from: "2026-11-01", to: "2026-11-28" })).toEqual([]);
  });
});

describe("recordVitals", () => {
  it("writes one row per metric with the day, the path without its query and the device class", async () => {
    const beacon = VitalsBeaconSchema.parse({
      path: "/pricing?utm_source=x#plans",
      metrics: { LCP: 1800.4, CLS: 0.03, TTFB: 240, HYDRATION: 95 },
    });
    expect(await recordVitals(beacon, PHONE, at("2026-11-27T23:59:59Z"))).toBe(4);
    expect(await recordVitals({ path: "/", metrics: { INP: 64 } }, DESKTOP, at("2026-11-28T00:00:00Z"))).toBe(1);
    const { results } = await env.DB.prepare(
      "SELECT day, path, device, metric, value FROM page_vitals ORDER BY day, metric",
    ).all();
    expect(results).toEqual([
      { day: "2026-11-27", path: "/pricing", device: "mobile", metric: "CLS", value: 0.03 },
      { day: "2026-11-27", path: "/pricing", device: "mobile", metric: "HYDRATION", value: 95 },
      { day: "2026-11-27", path: "/pricing", device: "mobile", metric: "LCP", value: 1800.4 },
      { day: "2026-11-27", path: "/pricing", device: "mobile", metric: "TTFB", value: 240 },
      { day: "2026-11-28", path: "/", device: "desktop", metric: "INP", value: 64 },
    ]);
  });

  it("keeps every sample when 20 beacons arrive at once", async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        recordVitals({ path: "/", metrics: { LCP: 1000 + i, INP: 50 } }, PHONE, at("2026-11-27T10:00:00Z")),
      ),
    );
    const [row] = await pageSpeed({ from: "2026-11-27", to: "2026-11-27" });
    expect(row).toMatchObject({ metric: "INP", samples: 20 });
    const lcp = (await pageSpeed({ from: "2026-11-27", to: "2026-11-27" })).find((r) => r.metric === "LCP");
    expect(lcp).toMatchObject({ samples: 20, p75: 1014 });
  });
});

describe("purgeOldVitals: retention (the scheduled job's clock)", () => {
  const days = async () =>
    (await env.DB.prepare("SELECT DISTINCT day FROM page_vitals ORDER BY day").all<{ day: string }>()).results.map(
      (row) => row.day,
    );

  it("keeps RETENTION_PAGE_SPEED_DAYS (35) days before the run's day and deletes every older sample", async () => {
    await seed([
      ["2026-10-22", "/", "mobile", "LCP", 1],
      ["2026-10-22", "/pricing", "desktop", "CLS", 0.2],
      ["2026-10-23", "/", "mobile", "LCP", 2],
      ["2026-10-30", "/", "mobile", "LCP", 3],
      ["2026-11-27", "/", "mobile", "LCP", 4],
    ]);
    // 2026-11-27 less 35 days is 2026-10-23: that day is kept, the one before goes.
    expect(await purgeOldVitals(at("2026-11-27T00:00:01Z"))).toBe(2);
    expect(await days()).toEqual(["2026-10-23", "2026-10-30", "2026-11-27"]);
    // A second run at the same moment changes nothing; a day later the next day goes.
    expect(await purgeOldVitals(at("2026-11-27T23:59:59Z"))).toBe(0);
    expect(await purgeOldVitals(at("2026-11-28T00:00:00Z"))).toBe(1);
    expect(await days()).toEqual(["2026-10-30", "2026-11-27"]);
  });

  it("follows the setting, which never goes below the console's 28 days", async () => {
    await seed([
      ["2026-10-29", "/", "mobile", "LCP", 1],
      ["2026-10-30", "/", "mobile", "LCP", 2],
    ]);
    const restore = setConfig({ RETENTION_PAGE_SPEED_DAYS: "28" });
    try {
      expect(await purgeOldVitals(at("2026-11-27T12:00:00Z"))).toBe(1);
      expect(await days()).toEqual(["2026-10-30"]);
    } finally {
      restore();
    }
    const { parseConfig } = await import("~/lib/config.server");
    expect(() => parseConfig({ RETENTION_PAGE_SPEED_DAYS: "27" })).toThrow();
  });
});

describe("the beacon's shape", () => {
  it("refuses bad values with a message that names the metric, and changes nothing", () => {
    const problem = (body: unknown) => VitalsBeaconSchema.safeParse(body).error?.issues.map((i) => i.message);
    expect(problem({ path: "/", metrics: { LCP: -1 } })).toEqual(["LCP must be 0 or more."]);
    expect(problem({ path: "/", metrics: { LCP: 60_001 } })).toEqual(["LCP must be at most 60000."]);
    expect(problem({ path: "/", metrics: { CLS: "0.1" } })).toEqual(["CLS must be a number."]);
    expect(problem({ path: "/", metrics: { INP: Number.NaN } })).toEqual(["INP must be a number."]);
    expect(problem({ path: "/", metrics: {} })).toEqual(["metrics must name at least one metric."]);
    expect(problem({ path: "/", metrics: { FID: 10 } })).toContain(
      "metrics must name LCP, INP, CLS, TTFB or HYDRATION.",
    );
    expect(problem({ path: "https://evil.example/", metrics: { LCP: 10 } })).toEqual(["path must be a path."]);
    expect(problem({ path: "/", metrics: { LCP: 10 }, extra: 1 })).toHaveLength(1);
  });

  it("stores the path as page views do: no query or fragment, capped", () => {
    expect(vitalsPath("/blog/hello?ref=x#top")).toBe("/blog/hello");
    expect(vitalsPath(`/${"a".repeat(300)}`)).toHaveLength(128);
  });

  it("rates a p75 against Google's good line, inclusive", () => {
    expect([rating("LCP", 2500), rating("LCP", 2501), rating("INP", 200), rating("CLS", 0.1)]).toEqual([
      "good",
      "poor",
      "good",
      "good",
    ]);
    expect([rating("TTFB", 801), rating("HYDRATION", 99_999)]).toEqual(["poor", null]);
  });
});

describe("how the console shows a p75", () => {
  it("in seconds for LCP and TTFB, milliseconds for INP and hydration, CLS bare", () => {
    expect([
      formatVital("LCP", 2500),
      formatVital("TTFB", 812.4),
      formatVital("INP", 199.6),
      formatVital("HYDRATION", 42),
      formatVital("CLS", 0.104),
    ]).toEqual(["2.50 s", "0.81 s", "200 ms", "42 ms", "0.10"]);
  });
});
