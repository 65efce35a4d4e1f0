import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { api } from "../../../tests/helpers/api";
import { BOT_AGENTS, browserHeaders, clearBeacon, PHONE } from "../../../tests/helpers/beacon";
import { countAndWait, storedPageViews as rows } from "../../../tests/helpers/page-views";
import { setConfig } from "../../../tests/helpers/trial";

/* POST /api/page-views (issue 28 item 3, decision 091): a hydrated visitor's in-app navigation. */

const browser = (ip: string, extra: Record<string, string> = {}) =>
  browserHeaders(ip, { "CF-IPCountry": "IN", Referer: "http://localhost/", ...extra });
const navigate = (path: string, ip: string, extra: Record<string, string> = {}) =>
  api("POST", "/api/page-views", { body: { path }, headers: browser(ip, extra), botCheck: false });

/** A full load of `path` by the same browser, counted by the Worker as decision 090 does. */
async function fullLoad(path: string, ip: string, referer?: string) {
  const request = new Request(`http://localhost${path}`, {
    headers: {
      "User-Agent": PHONE,
      "CF-Connecting-IP": ip,
      "CF-IPCountry": "IN",
      ...(referer ? { Referer: referer } : {}),
    },
  });
  await countAndWait(request, new Response("<p>page</p>", { headers: { "Content-Type": "text/html" } }));
}

beforeEach(() => clearBeacon("page_views", "pageViews"));

describe("POST /api/page-views", () => {
  it("counts a navigation exactly like a full load of that page from a link on the site: the same row", async () => {
    await fullLoad("/pricing", "198.51.100.20", "http://localhost/");
    expect((await navigate("/pricing", "198.51.100.20")).status).toBe(204);
    const [row, ...rest] = await rows();
    expect(rest).toEqual([]);
    // One visitor, one row of two views: the same hash, source, country and device as the full load.
    expect(row).toMatchObject({
      path: "/pricing",
      source: "",
      campaign: "",
      country: "IN",
      device: "mobile",
      views: 2,
    });
  });

  it("keeps the page's campaign (utm_* count as on a full load) and drops the query from the path", async () => {
    expect((await navigate("/blog?utm_source=linkedin&utm_campaign=launch", "198.51.100.21")).status).toBe(204);
    expect(await rows()).toEqual([
      expect.objectContaining({ path: "/blog", source: "linkedin", campaign: "launch", views: 1 }),
    ]);
  });

  it("the beacon itself is not a page view: the Worker's full-load count leaves POST /api alone", async () => {
    const request = new Request("http://localhost/api/page-views", {
      method: "POST",
      headers: { "User-Agent": PHONE },
    });
    await countAndWait(request, new Response("", { headers: { "Content-Type": "text/html" } }));
    expect(await rows()).toEqual([]);
  });

  it.each([
    ["the console", "/admin/dashboard", "path must be a public page."],
    ["the API", "/api/vitals", "path must be a public page."],
    ["route data", "/pricing.data", "path must be a public page."],
    ["another site's address", "//evil.example/x", "path must be a public page."],
    ["a full address", "https://evil.example/", "path must be a path."],
  ])("refuses %s with 400, counting nothing", async (_, path, message) => {
    const r = await navigate(path, "198.51.100.22");
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ success: false, error: message });
    expect(await rows()).toEqual([]);
  });

  it.each(BOT_AGENTS)("refuses %s", async (_, userAgent) => {
    const r = await navigate("/pricing", "198.51.100.23", { "User-Agent": userAgent });
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ success: false, error: "Bots are not counted." });
    expect(await rows()).toEqual([]);
  });

  it("refuses a post from another site and a body over 2 KB", async () => {
    const cross = await navigate("/pricing", "198.51.100.24", {
      Origin: "https://evil.example",
      "Sec-Fetch-Site": "cross-site",
    });
    expect(cross.status).toBe(403);
    const big = await api("POST", "/api/page-views", {
      rawBody: `${JSON.stringify({ path: "/" })}${" ".repeat(2100)}`,
      headers: browser("198.51.100.24", { "Content-Type": "application/json" }),
      botCheck: false,
    });
    expect(big.status).toBe(413);
    expect(await rows()).toEqual([]);
  });

  it("counts nothing with PAGE_ANALYTICS=off", async () => {
    const restore = setConfig({ PAGE_ANALYTICS: "off" });
    try {
      expect((await navigate("/pricing", "198.51.100.25")).status).toBe(204);
    } finally {
      restore();
    }
    expect(await rows()).toEqual([]);
  });

  it("20 navigations at once are 20 views on one row; past 600 an hour a client is refused", async () => {
    const batch = await Promise.all(Array.from({ length: 20 }, () => navigate("/", "203.0.113.30")));
    expect(batch.map((r) => r.status)).toEqual(Array(20).fill(204));
    expect(await rows()).toEqual([expect.objectContaining({ path: "/", views: 20 })]);
    await env.DB.prepare("UPDATE client_limits SET hits = 600 WHERE key LIKE 'pageViews:%'").run();
    const over = await navigate("/", "203.0.113.30");
    expect(over.status).toBe(429);
    expect(await rows()).toEqual([expect.objectContaining({ path: "/", views: 20 })]);
  });
});
