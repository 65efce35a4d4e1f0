import { env } from "cloudflare:workers";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { leads, meetings, pageViews, subscriptions } from "~/db/schema";
import { DAY } from "~/lib/durations";
import { pageView as view } from "../../../tests/helpers/page-views";
import { funnel, traffic } from "./insights.server";
import { dayStart, FUNNEL_BY, RangeQuerySchema, resolveRange, utcDate } from "./range";
import { ROLLUP_RULES, rollUpClosedDays } from "./rollup.server";

const touch = (source: string | null, campaign: string | null, landingPath: string) =>
  JSON.stringify({
    source,
    medium: null,
    campaign,
    term: null,
    content: null,
    clickId: null,
    referrer: null,
    landingPath,
    at: "2026-11-10T10:00:00.000Z",
  });

const at = (iso: string) => new Date(iso);

beforeEach(async () => {
  await env.DB.batch(
    ["page_views", "page_view_rollups", "meetings", "subscriptions", "lead_events", "leads"].map((t) =>
      env.DB.prepare(`DELETE FROM ${t}`),
    ),
  );
});

describe("traffic", () => {
  it("sums views, counts each day's unique visitors, fills empty days and ranks the breakdowns", async () => {
    await db()
      .insert(pageViews)
      .values([
        view({ day: "2026-11-10", visitor: "a", path: "/", source: "linkedin", campaign: "nov", views: 3 }),
        view({ day: "2026-11-10", visitor: "a", path: "/pricing", views: 2 }),
        view({ day: "2026-11-10", visitor: "b", path: "/pricing", country: "US", device: "desktop" }),
        // Another day: the same person has another hash, and is another visitor.
        view({ day: "2026-11-12", visitor: "c", path: "/blog/hello", source: "news.example.com" }),
        // Outside the range.
        view({ day: "2026-11-13", visitor: "d", path: "/", views: 9 }),
      ]);
    const t = await traffic({ from: "2026-11-10", to: "2026-11-12" });
    expect(t.views).toBe(7);
    expect(t.visitors).toBe(3);
    expect(t.perDay).toEqual([
      { day: "2026-11-10", views: 6, visitors: 2 },
      { day: "2026-11-11", views: 0, visitors: 0 },
      { day: "2026-11-12", views: 1, visitors: 1 },
    ]);
    expect(t.byPath).toEqual([
      { key: "/pricing", views: 3, visitors: 2 },
      { key: "/", views: 3, visitors: 1 },
      { key: "/blog/hello", views: 1, visitors: 1 },
    ]);
    expect(t.bySource).toEqual([
      { key: "", views: 3, visitors: 2 },
      { key: "linkedin", views: 3, visitors: 1 },
      { key: "news.example.com", views: 1, visitors: 1 },
    ]);
    expect(t.byCampaign[0]).toEqual({ key: "", views: 4, visitors: 3 });
    expect(t.byCountry).toEqual([
      { key: "IN", views: 6, visitors: 2 },
      { key: "US", views: 1, visitors: 1 },
    ]);
    expect(t.byDevice.map((d) => d.key)).toEqual(["mobile", "desktop"]);
  });

  it("is all zeros for a range without views", async () => {
    const t = await traffic({ from: "2026-01-01", to: "2026-01-02" });
    expect(t).toMatchObject({ views: 0, visitors: 0, byPath: [], bySource: [] });
    expect(t.perDay).toHaveLength(2);
  });
});

describe("the funnel", () => {
  /** Seeds: linkedin/nov brought 3 visitors and 2 leads; one booked, attended, trialled, verified, approved. */
  async function seed() {
    await db()
      .insert(pageViews)
      .values([
        view({ day: "2026-11-10", visitor: "v1", path: "/blog/launch", source: "linkedin", campaign: "nov" }),
        view({ day: "2026-11-10", visitor: "v2", path: "/blog/launch", source: "linkedin", campaign: "nov" }),
        view({ day: "2026-11-11", visitor: "v3", path: "/pricing", source: "linkedin", campaign: "nov" }),
        view({ day: "2026-11-11", visitor: "v4", path: "/", source: "" }),
      ]);
    await db()
      .insert(leads)
      .values([
        {
          email: "ana@acme.example",
          source: "linkedin",
          campaign: "nov",
          firstTouch: touch("linkedin", "nov", "/blog/launch"),
        },
        {
          email: "bo@acme.example",
          source: "linkedin",
          campaign: "nov",
          firstTouch: touch("linkedin", "nov", "/pricing"),
        },
        { email: "cy@other.example" },
      ]);
    const meeting = (email: string, status: "scheduled" | "completed", created: string) => ({
      name: "N",
      email,
      date: "2026-11-20",
      timeSlot: status === "completed" ? "10:00" : "11:00",
      startsAt: at("2026-11-20T04:30:00Z"),
      status,
      createdAt: at(created),
    });
    await db()
      .insert(meetings)
      .values([
        meeting("Ana@Acme.example", "completed", "2026-11-10T12:00:00Z"),
        meeting("bo@acme.example", "scheduled", "2026-11-11T12:00:00Z"),
        // Booked before the range: not in it.
        { ...meeting("cy@other.example", "scheduled", "2026-10-01T12:00:00Z"), timeSlot: "12:00" },
      ]);
    const trial = (email: string, verified: boolean, approved: boolean) => ({
      userId: crypto.randomUUID(),
      email,
      role: "individual" as const,
      firstName: "F",
      lastName: "L",
      emailVerified: verified,
      approvalStatus: approved ? ("approved" as const) : ("pending_admin_approval" as const),
      createdAt: at("2026-11-11T13:00:00Z"),
    });
    await db()
      .insert(subscriptions)
      .values([trial("ana@acme.example", true, true), trial("cy@other.example", false, false)]);
  }
  const counts = (steps: { count: number }[]) => steps.map((s) => s.count);
  const range = { from: "2026-11-10", to: "2026-11-12" };

  it("by source: visits, then each lead once per step, with each step's rate over the one before", async () => {
    await seed();
    const f = await funnel(range, "source");
    expect(f.steps.map((s) => s.label)).toEqual([
      "Visits",
      "Demo booked",
      "Attended",
      "Trial started",
      "Email verified",
      "Approved",
    ]);
    expect(counts(f.steps)).toEqual([4, 2, 1, 2, 1, 1]);
    const linkedin = f.groups.find((g) => g.key === "linkedin");
    expect(counts(linkedin?.steps ?? [])).toEqual([3, 2, 1, 1, 1, 1]);
    expect(linkedin?.steps.map((s) => s.rate)).toEqual([null, 0.667, 0.5, 1, 1, 1]);
    const direct = f.groups.find((g) => g.key === "");
    expect(counts(direct?.steps ?? [])).toEqual([1, 0, 0, 1, 0, 0]);
    expect(direct?.steps[1]?.rate).toBe(0);
    expect(direct?.steps[2]?.rate).toBeNull();
    expect(f.groups[0]?.key).toBe("linkedin");
  });

  it("by campaign, landing page and blog post", async () => {
    await seed();
    const byCampaign = await funnel(range, "campaign");
    expect(counts(byCampaign.groups.find((g) => g.key === "nov")?.steps ?? [])).toEqual([3, 2, 1, 1, 1, 1]);
    const byLanding = await funnel(range, "landingPath");
    expect(counts(byLanding.groups.find((g) => g.key === "/blog/launch")?.steps ?? [])).toEqual([2, 1, 1, 1, 1, 1]);
    expect(counts(byLanding.groups.find((g) => g.key === "/pricing")?.steps ?? [])).toEqual([1, 1, 0, 0, 0, 0]);
    const byPost = await funnel(range, "post");
    expect(byPost.groups.map((g) => g.key)).toEqual(["/blog/launch"]);
    expect(counts(byPost.steps)).toEqual([2, 1, 1, 1, 1, 1]);
  });

  it("a range with nothing is all zeros and no groups", async () => {
    const f = await funnel({ from: "2025-01-01", to: "2025-01-31" }, "source");
    expect(counts(f.steps)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(f.groups).toEqual([]);
  });
});

describe("read from the daily roll-up", () => {
  const FIRST = "2026-10-01";
  const DAYS = 12;
  const dayAt = (i: number) => utcDate(dayStart(FIRST) + i * DAY);
  // Many paths (more than a breakdown's TOP 50), blog pages in both cases (LIKE is case-blind).
  const PATHS = [
    "/",
    "/pricing",
    "/blog/launch",
    "/BLOG/Caps",
    "/blog/",
    "/blogs",
    ...Array.from({ length: 60 }, (_, i) => `/p${i}`),
  ];
  const row = fc.record({
    day: fc.integer({ min: 0, max: DAYS - 1 }),
    // A visitor is a hash of its day's salt: the same number on two days is two people.
    visitor: fc.integer({ min: 0, max: 6 }),
    path: fc.oneof(fc.constantFrom(...PATHS.slice(0, 6)), fc.constantFrom(...PATHS)),
    source: fc.constantFrom("", "linkedin", "news.example.com", "newsletter"),
    campaign: fc.constantFrom("", "nov", "launch"),
    country: fc.constantFrom("", "IN", "US", "DE"),
    device: fc.constantFrom("mobile", "tablet", "desktop" as const),
    views: fc.integer({ min: 1, max: 4 }),
  });
  const range = fc
    .tuple(fc.integer({ min: -2, max: DAYS + 1 }), fc.integer({ min: 0, max: DAYS + 2 }))
    .map(([from, length]) => ({ from: dayAt(from), to: dayAt(from + length) }));

  async function answers(ranges: { from: string; to: string }[]) {
    return Promise.all(
      ranges.map(async (r) => ({
        traffic: await traffic(r),
        funnels: await Promise.all(FUNNEL_BY.map((by) => funnel(r, by))),
      })),
    );
  }

  it("gives exactly the answers of the per-visitor rows, for random views, ranges and roll-up progress", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(row, {
          maxLength: 160,
          selector: (r) => [r.day, r.visitor, r.path, r.source, r.campaign, r.country, r.device].join("|"),
        }),
        fc.array(range, { minLength: 1, maxLength: 3 }),
        // How far the job got: days before this one are closed and rolled up.
        fc.integer({ min: 0, max: DAYS + 1 }),
        async (rows, ranges, closedUpTo) => {
          await env.DB.batch(["page_views", "page_view_rollups"].map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
          const views = rows.map((r) => view({ ...r, day: dayAt(r.day), visitor: `${dayAt(r.day)}:${r.visitor}` }));
          // 12 rows of 8 values a statement: within D1's 100 bound parameters.
          for (let i = 0; i < views.length; i += 12)
            await db()
              .insert(pageViews)
              .values(views.slice(i, i + 12));

          const perVisitor = await answers(ranges);
          // The per-visitor answer itself, counted here: views summed, each day's unique visitors.
          for (const [i, r] of ranges.entries()) {
            const inRange = views.filter((v) => v.day >= r.from && v.day <= r.to);
            expect(perVisitor[i]?.traffic.views).toBe(inRange.reduce((sum, v) => sum + (v.views ?? 1), 0));
            expect(perVisitor[i]?.traffic.visitors).toBe(new Set(inRange.map((v) => v.visitor)).size);
          }

          await rollUpClosedDays(new Date(dayStart(dayAt(closedUpTo)) + ROLLUP_RULES.settleMs));
          const rolled = await env.DB.prepare(
            "SELECT count(*) AS n FROM page_view_rollups WHERE dimension = 'total'",
          ).first<{ n: number }>();
          expect(rolled?.n).toBe(new Set(views.filter((v) => v.day < dayAt(closedUpTo)).map((v) => v.day)).size);
          expect(await answers(ranges)).toEqual(perVisitor);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("the date range", () => {
  const now = new Date("2026-11-27T10:00:00Z");
  it("defaults to the last 28 days, fills a missing end and refuses what is not a range", () => {
    expect(resolveRange({}, now)).toEqual({ range: { from: "2026-10-31", to: "2026-11-27" } });
    expect(resolveRange({ to: "2026-11-10" }, now).range).toEqual({ from: "2026-10-14", to: "2026-11-10" });
    expect(resolveRange({ from: "2026-11-20" }, now).range).toEqual({ from: "2026-11-20", to: "2026-11-27" });
    expect(resolveRange({ from: "2026-11-20", to: "2026-11-19" }, now).error).toBe("from must be on or before to.");
    expect(resolveRange({ from: "2024-01-01", to: "2026-01-01" }, now).error).toBe(
      "A range can span at most 366 days.",
    );
    const error = (input: object) => RangeQuerySchema.safeParse(input).error?.issues[0]?.message;
    expect(error({ from: "2026-02-30" })).toBe("from must be a date (YYYY-MM-DD).");
    expect(error({ to: "tomorrow" })).toBe("to must be a date (YYYY-MM-DD).");
  });
});
