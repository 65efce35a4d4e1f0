import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { leads, meetings } from "~/db/schema";
import { api } from "../../../tests/helpers/api";
import { onlyPageViews, pageView as view } from "../../../tests/helpers/page-views";
import { tokensByRole } from "../../../tests/helpers/roles";

let owner: string;
let marketing: string;
let sales: string;
let author: string;
const day = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  ({ owner, marketing, sales, author } = await tokensByRole("owner", "marketing", "sales", "author"));
  await onlyPageViews([
    view({ day, visitor: "a", path: "/blog/launch", source: "linkedin", campaign: "nov", views: 2 }),
    view({ day, visitor: "b", path: "/", country: "US", device: "desktop" }),
  ]);
  const touch = {
    source: "linkedin",
    medium: null,
    campaign: "nov",
    term: null,
    content: null,
    clickId: null,
    referrer: null,
  };
  await db()
    .insert(leads)
    .values({
      email: "insights-api@acme.example",
      source: "linkedin",
      campaign: "nov",
      firstTouch: JSON.stringify({ ...touch, landingPath: "/blog/launch", at: new Date().toISOString() }),
    });
  await db()
    .insert(meetings)
    .values({
      name: "Ana",
      email: "insights-api@acme.example",
      date: "2031-01-02",
      timeSlot: "10:00",
      startsAt: new Date("2031-01-02T04:30:00Z"),
    });
});

describe("GET /api/insights/traffic", () => {
  it("answers views and visitors with each breakdown as {key, views, visitors}", async () => {
    const r = await api("GET", `/api/insights/traffic?from=${day}&to=${day}`, { token: marketing });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      success: true,
      data: {
        views: 3,
        visitors: 2,
        byPath: [
          { key: "/blog/launch", views: 2, visitors: 1 },
          { key: "/", views: 1, visitors: 1 },
        ],
        bySource: [
          { key: "linkedin", views: 2, visitors: 1 },
          { key: "", views: 1, visitors: 1 },
        ],
        byCampaign: [
          { key: "nov", views: 2, visitors: 1 },
          { key: "", views: 1, visitors: 1 },
        ],
        byCountry: [
          { key: "IN", views: 2, visitors: 1 },
          { key: "US", views: 1, visitors: 1 },
        ],
      },
    });
    // The default range (the last 28 days) includes today.
    expect((await api("GET", "/api/insights/traffic", { token: owner })).json.data.views).toBe(3);
  });

  it("is for Marketing and above: Sales and Authors are refused, a visitor must sign in", async () => {
    expect((await api("GET", "/api/insights/traffic", { token: sales })).status).toBe(403);
    expect((await api("GET", "/api/insights/traffic", { token: author })).status).toBe(403);
    expect((await api("GET", "/api/insights/traffic")).status).toBe(401);
  });

  it("refuses a date that is not one, ends out of order and more than a year", async () => {
    const bad = await api("GET", "/api/insights/traffic?from=2026-02-30", { token: marketing });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain("from must be a date (YYYY-MM-DD).");
    const order = await api("GET", "/api/insights/traffic?from=2026-11-20&to=2026-11-19", { token: marketing });
    expect(order.json).toEqual({ success: false, error: "from must be on or before to." });
    const long = await api("GET", "/api/insights/traffic?from=2024-01-01&to=2026-01-01", { token: marketing });
    expect(long.json).toEqual({ success: false, error: "A range can span at most 366 days." });
  });
});

describe("GET /api/insights/funnel", () => {
  it("groups the steps by the lead's first touch, with rates between steps", async () => {
    const r = await api("GET", `/api/insights/funnel?from=${day}&to=${day}&by=post`, { token: marketing });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ from: day, to: day, by: "post" });
    expect(r.json.data.steps.map((s: { count: number }) => s.count)).toEqual([1, 1, 0, 0, 0, 0]);
    expect(r.json.data.groups).toEqual([
      {
        key: "/blog/launch",
        steps: [
          { id: "visits", count: 1, rate: null },
          { id: "demoBooked", count: 1, rate: 1 },
          { id: "attended", count: 0, rate: 0 },
          { id: "trialStarted", count: 0, rate: null },
          { id: "emailVerified", count: 0, rate: null },
          { id: "approved", count: 0, rate: null },
        ],
      },
    ]);
    const bySource = await api("GET", `/api/insights/funnel?from=${day}&to=${day}`, { token: owner });
    expect(bySource.json.data.by).toBe("source");
    expect(bySource.json.data.groups.map((g: { key: string }) => g.key)).toEqual(["linkedin", ""]);
  });

  it("refuses an unknown grouping and is for Marketing and above", async () => {
    const bad = await api("GET", "/api/insights/funnel?by=country", { token: marketing });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain("by must be one of: source, campaign, landingPath, post.");
    expect((await api("GET", "/api/insights/funnel", { token: sales })).status).toBe(403);
  });
});
