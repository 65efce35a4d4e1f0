import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { pageViewRollups, pageViews } from "~/db/schema";
import { scheduledJobs } from "~/domain/jobs/jobs.server";
import { pageView as view } from "../../../tests/helpers/page-views";
import { setConfig } from "../../../tests/helpers/trial";
import {
  purgeOldPageViews,
  ROLLUP_RULES,
  rollUpClosedDays,
  rollUpPageViews,
  rollUpStatements,
  sqlBatch,
} from "./rollup.server";

const rollups = async () =>
  (await env.DB.prepare("SELECT day, dimension, key, views, visitors FROM page_view_rollups ORDER BY 1, 2, 3").all())
    .results;
const viewDays = async () =>
  (await env.DB.prepare("SELECT day, count(*) AS n FROM page_views GROUP BY day ORDER BY day").all()).results;

beforeEach(async () => {
  await env.DB.batch(["page_views", "page_view_rollups"].map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
});

/** Two closed days and today's. */
async function seed() {
  await db()
    .insert(pageViews)
    .values([
      view({ day: "2026-11-10", visitor: "a", path: "/", source: "linkedin", campaign: "nov", views: 3 }),
      view({ day: "2026-11-10", visitor: "a", path: "/blog/launch", source: "linkedin", campaign: "nov" }),
      view({ day: "2026-11-10", visitor: "b", path: "/blog/launch", country: "US", device: "desktop", views: 2 }),
      view({ day: "2026-11-12", visitor: "c", path: "/pricing", source: "news.example.com" }),
      view({ day: "2026-11-13", visitor: "d", path: "/", views: 9 }),
    ]);
}

describe("the daily roll-up", () => {
  it("writes each closed day's views and unique visitors per dimension and key, the day's total and its blog's", async () => {
    await seed();
    // 00:30 on the 13th: the 12th is over but not settled yet (a count may still be on its way).
    expect(await rollUpClosedDays(new Date("2026-11-13T00:30:00Z"))).toBe(1);
    expect(new Set((await rollups()).map((row) => row.day))).toEqual(new Set(["2026-11-10"]));
    expect(await rollups()).toEqual([
      { day: "2026-11-10", dimension: "campaign", key: "", views: 2, visitors: 1 },
      { day: "2026-11-10", dimension: "campaign", key: "nov", views: 4, visitors: 1 },
      { day: "2026-11-10", dimension: "country", key: "IN", views: 4, visitors: 1 },
      { day: "2026-11-10", dimension: "country", key: "US", views: 2, visitors: 1 },
      { day: "2026-11-10", dimension: "device", key: "desktop", views: 2, visitors: 1 },
      { day: "2026-11-10", dimension: "device", key: "mobile", views: 4, visitors: 1 },
      { day: "2026-11-10", dimension: "path", key: "/", views: 3, visitors: 1 },
      // Two visitors: "a" is one unique however many rows it has.
      { day: "2026-11-10", dimension: "path", key: "/blog/launch", views: 3, visitors: 2 },
      { day: "2026-11-10", dimension: "posts", key: "", views: 3, visitors: 2 },
      { day: "2026-11-10", dimension: "source", key: "", views: 2, visitors: 1 },
      { day: "2026-11-10", dimension: "source", key: "linkedin", views: 4, visitors: 1 },
      { day: "2026-11-10", dimension: "total", key: "", views: 6, visitors: 2 },
    ]);
    // An hour after the 12th ended it is rolled up; today (the 13th) never is.
    expect(await rollUpClosedDays(new Date(Date.parse("2026-11-13T00:00:00Z") + ROLLUP_RULES.settleMs))).toBe(1);
    const days = new Set((await rollups()).map((row) => row.day));
    expect(days).toEqual(new Set(["2026-11-10", "2026-11-12"]));
    // The 12th had no blog views: its "posts" row says so (0), as the marker "total" says it is done.
    expect((await rollups()).filter((row) => row.day === "2026-11-12" && row.key === "")).toEqual([
      { day: "2026-11-12", dimension: "campaign", key: "", views: 1, visitors: 1 },
      { day: "2026-11-12", dimension: "posts", key: "", views: 0, visitors: 0 },
      { day: "2026-11-12", dimension: "total", key: "", views: 1, visitors: 1 },
    ]);
    // Nothing left to do: a day is rolled up once.
    expect(await rollUpClosedDays(new Date("2026-11-14T12:00:00Z"))).toBe(1); // the 13th, now closed
    expect(await rollUpClosedDays(new Date("2026-11-14T12:00:00Z"))).toBe(0);
  });

  it("20 runs at once write the same rows, each day once", async () => {
    await seed();
    const now = new Date("2026-11-20T06:00:00Z");
    await Promise.all(Array.from({ length: 20 }, () => rollUpClosedDays(now)));
    const parallel = await rollups();
    await env.DB.prepare("DELETE FROM page_view_rollups").run();
    await rollUpClosedDays(now);
    expect(parallel).toEqual(await rollups());
    const totals = parallel.filter((row) => row.dimension === "total").map((row) => row.day);
    expect(totals).toEqual(["2026-11-10", "2026-11-12", "2026-11-13"]);
  });

  it("a day is rolled up once, whole: its batch again adds and changes nothing, even with a new key", async () => {
    await seed();
    await rollUpClosedDays(new Date("2026-11-11T06:00:00Z"));
    const before = await rollups();
    // A view the day should not get any more (a new key), then the day's batch again: its marker stops it.
    await db()
      .insert(pageViews)
      .values(view({ day: "2026-11-10", visitor: "late", path: "/late" }));
    await sqlBatch(rollUpStatements("2026-11-10"));
    expect(await rollups()).toEqual(before);
  });

  it("deletes per-visitor rows RETENTION_PAGE_VIEW_DAYS after their day, of rolled-up days only", async () => {
    await db()
      .insert(pageViews)
      .values([
        view({ day: "2026-10-01", visitor: "old" }),
        view({ day: "2026-10-01", visitor: "old2", path: "/pricing" }),
        view({ day: "2026-10-20", visitor: "kept" }),
        view({ day: "2026-11-20", visitor: "today" }),
      ]);
    // 35 days by default: on 2026-11-20 the cutoff is 2026-10-16.
    const now = new Date("2026-11-20T06:00:00Z");
    // Not rolled up yet: nothing is deleted, whatever its age.
    expect(await purgeOldPageViews(now)).toBe(0);
    expect(await rollUpPageViews(now)).toBe(2 + 2); // two days rolled up, then two rows deleted
    expect(await viewDays()).toEqual([
      { day: "2026-10-20", n: 1 },
      { day: "2026-11-20", n: 1 },
    ]);
    // The roll-up of the purged day stays.
    expect((await rollups()).filter((row) => row.dimension === "total")).toEqual([
      { day: "2026-10-01", dimension: "total", key: "", views: 2, visitors: 2 },
      { day: "2026-10-20", dimension: "total", key: "", views: 1, visitors: 1 },
    ]);
    // A shorter setting deletes more.
    const restore = setConfig({ RETENTION_PAGE_VIEW_DAYS: "7" });
    try {
      expect(await purgeOldPageViews(now)).toBe(1);
      expect(await viewDays()).toEqual([{ day: "2026-11-20", n: 1 }]);
    } finally {
      restore();
    }
  });

  it("deletes a large day a chunk at a time, and stops between chunks when its time is up", async () => {
    const rows = Array.from({ length: ROLLUP_RULES.purgeChunk + 10 }, (_, i) =>
      view({ day: "2026-01-01", visitor: `v${i}` }),
    );
    // 12 rows of 8 values a statement: within D1's 100 bound parameters.
    for (let i = 0; i < rows.length; i += 12)
      await db()
        .insert(pageViews)
        .values(rows.slice(i, i + 12));
    const now = new Date("2026-11-20T06:00:00Z");
    await rollUpClosedDays(now);
    const stopped = new AbortController();
    stopped.abort();
    expect(await purgeOldPageViews(now, stopped.signal)).toBe(0);
    expect(await purgeOldPageViews(now)).toBe(rows.length);
    expect(await viewDays()).toEqual([]);
  });

  it("runs as a scheduled job, after the salts' purge", () => {
    const names = scheduledJobs.map((job) => job.name);
    expect(names).toContain("rollup-page-views");
    expect(names.indexOf("rollup-page-views")).toBeGreaterThan(names.indexOf("purge-analytics-salts"));
    expect(pageViewRollups).toBeDefined();
  });
});
