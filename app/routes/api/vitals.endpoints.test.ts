import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { api } from "../../../tests/helpers/api";
import { BOT_AGENTS, browserHeaders, clearBeacon } from "../../../tests/helpers/beacon";

/* POST /api/vitals (issue 28 item 3, decision 091): the browser's page speed beacon. */

const browser = browserHeaders;
const beacon = { path: "/pricing?utm_source=x", metrics: { LCP: 1850, INP: 120, CLS: 0.04, TTFB: 310, HYDRATION: 88 } };
const rows = async () =>
  (await env.DB.prepare("SELECT day, path, device, metric, value FROM page_vitals ORDER BY metric").all()).results;

beforeEach(() => clearBeacon("page_vitals", "vitals"));

describe("POST /api/vitals", () => {
  it("stores one row per metric: today, the path without its query, the device class", async () => {
    const r = await api("POST", "/api/vitals", { body: beacon, headers: browser("198.51.100.1"), botCheck: false });
    expect(r.status).toBe(204);
    expect(r.text).toBe("");
    const day = new Date().toISOString().slice(0, 10);
    expect(await rows()).toEqual([
      { day, path: "/pricing", device: "mobile", metric: "CLS", value: 0.04 },
      { day, path: "/pricing", device: "mobile", metric: "HYDRATION", value: 88 },
      { day, path: "/pricing", device: "mobile", metric: "INP", value: 120 },
      { day, path: "/pricing", device: "mobile", metric: "LCP", value: 1850 },
      { day, path: "/pricing", device: "mobile", metric: "TTFB", value: 310 },
    ]);
  });

  it.each([
    ["a negative value", { path: "/", metrics: { LCP: -5 } }, "LCP must be 0 or more."],
    ["an absurd value", { path: "/", metrics: { CLS: 1e6 } }, "CLS must be at most 100."],
    ["a string", { path: "/", metrics: { INP: "fast" } }, "INP must be a number."],
    ["no metric", { path: "/", metrics: {} }, "metrics must name at least one metric."],
    ["another site's address", { path: "https://evil.example/", metrics: { LCP: 1 } }, "path must be a path."],
  ])("refuses %s with 400 in the error shape, storing nothing", async (_, body, message) => {
    const r = await api("POST", "/api/vitals", { body, headers: browser("198.51.100.2"), botCheck: false });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ success: false, error: message });
    expect(await rows()).toEqual([]);
  });

  it("refuses a body over 2 KB with 413", async () => {
    // A valid beacon padded past the cap: the size alone refuses it.
    const rawBody = `${JSON.stringify({ path: "/", metrics: { LCP: 1 } })}${" ".repeat(2100)}`;
    const r = await api("POST", "/api/vitals", {
      rawBody,
      headers: browser("198.51.100.3", { "Content-Type": "application/json" }),
      botCheck: false,
    });
    expect(r.status).toBe(413);
    expect(r.json).toEqual({ success: false, error: "Request body is too large (limit 2 KB)." });
    expect(await rows()).toEqual([]);
  });

  it("refuses a post from another site", async () => {
    const r = await api("POST", "/api/vitals", {
      body: beacon,
      headers: browser("198.51.100.4", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }),
      botCheck: false,
    });
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ success: false, error: "Cross-site request refused." });
    expect(await rows()).toEqual([]);
  });

  it.each(BOT_AGENTS)("refuses %s", async (_, userAgent) => {
    const r = await api("POST", "/api/vitals", {
      body: beacon,
      headers: browser("198.51.100.5", { "User-Agent": userAgent }),
      botCheck: false,
    });
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ success: false, error: "Bots are not measured." });
    expect(await rows()).toEqual([]);
  });

  it("takes 120 beacons an hour per client; 20 at once past that are all refused and store nothing", async () => {
    const one = { path: "/", metrics: { LCP: 1000 } };
    const send = (ip: string) => api("POST", "/api/vitals", { body: one, headers: browser(ip), botCheck: false });
    for (let i = 0; i < 6; i++) {
      const batch = await Promise.all(Array.from({ length: 20 }, () => send("203.0.113.9")));
      expect(batch.map((r) => r.status)).toEqual(Array(20).fill(204));
    }
    const over = await Promise.all(Array.from({ length: 20 }, () => send("203.0.113.9")));
    expect(over.map((r) => r.status)).toEqual(Array(20).fill(429));
    expect(over[0]?.json.error).toMatch(/^Too many requests from your network\. Please try again in \d+ minutes?\.$/);
    // Another client is not affected.
    expect((await send("203.0.113.10")).status).toBe(204);
    expect(await rows()).toHaveLength(121);
  });
});
