import { waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { purgeOldSalts } from "~/domain/insights/salts.server";
import { serveCached } from "../../tests/helpers/edge-cache";
import { countAndWait, storedPageViews as rows } from "../../tests/helpers/page-views";
import { countPageView, recordView } from "./page-views.server";

const ORIGIN = "http://localhost";
const BROWSER =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

const page = () =>
  new Response("<!doctype html><p>page</p>", { headers: { "Content-Type": "text/html; charset=utf-8" } });

const visit = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  new Request(`${ORIGIN}${path}`, {
    method,
    headers: { "User-Agent": BROWSER, "CF-Connecting-IP": "203.0.113.7", "CF-IPCountry": "IN", ...headers },
  });

/** Counts `response` to `request` and waits for the write made after it. */
const count = (request: Request, response: Response = page(), at?: Date) => countAndWait(request, response, at);

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare("DELETE FROM page_views"), env.DB.prepare("DELETE FROM analytics_salts")]);
});

describe("page views counted on the server (decision 090)", () => {
  it("counts a render (cache miss) and an edge-cache hit alike, after the response", async () => {
    const cache = await caches.open(`views-${crypto.randomUUID()}`);
    const serve = async (url: string) => {
      const request = visit(url);
      const { response, status, ctx } = await serveCached(request, cache, async () => page());
      countPageView(request, response, ctx);
      const body = await response.text();
      await waitOnExecutionContext(ctx);
      expect(body).toContain("page");
      return status;
    };
    expect(await serve("/pricing?utm_source=LinkedIn&utm_campaign=Nov-Launch")).toBe("MISS");
    expect(await serve("/pricing?utm_source=LinkedIn&utm_campaign=Nov-Launch")).toBe("HIT");
    const [row, ...rest] = await rows();
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      path: "/pricing",
      source: "linkedin",
      campaign: "nov-launch",
      country: "IN",
      device: "mobile",
      views: 2,
    });
  });

  it("records the referrer's host only, the device class, and nothing for an unknown country", async () => {
    await count(
      visit("/blog/a-post?q=secret", {
        Referer: "https://news.example.com/item?id=42&user=me",
        "CF-IPCountry": "XX",
        "User-Agent": DESKTOP,
      }),
    );
    await count(
      visit("/pricing", {
        Referer: `${ORIGIN}/`,
        "User-Agent": "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1",
      }),
    );
    const [blog, pricing] = await rows();
    expect(blog).toMatchObject({ path: "/blog/a-post", source: "news.example.com", country: "", device: "desktop" });
    expect(pricing).toMatchObject({ path: "/pricing", source: "", device: "tablet" });
    // Nothing that names the visitor: no address, no agent, no query string.
    expect(JSON.stringify(await rows())).not.toMatch(/203\.0\.113|Mozilla|secret|id=42/);
  });

  it("leaves out bots, agents without a name, prefetches, the console, the API, POSTs, errors and non-pages", async () => {
    await count(
      visit("/", { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }),
    );
    await count(visit("/", { "User-Agent": "" }));
    await count(visit("/", { "Sec-Purpose": "prefetch" }));
    await count(visit("/admin/dashboard"));
    await count(visit("/api/blogs"));
    await count(visit("/demo", {}, "POST"));
    await count(
      visit("/blog.data", { "Sec-Purpose": "prefetch" }),
      new Response("[]", { headers: { "Content-Type": "text/x-script" } }),
    );
    await count(visit("/admin/dashboard.data"), new Response("[]"));
    await count(
      visit("/missing"),
      new Response("<p>no</p>", { status: 404, headers: { "Content-Type": "text/html" } }),
    );
    await count(visit("/feed.xml"), new Response("<rss/>", { headers: { "Content-Type": "application/rss+xml" } }));
    expect(await rows()).toEqual([]);
  });

  it("leaves out route data (a hydrated navigation, a fetcher or a revalidation: not told apart)", async () => {
    const data = () => new Response("[]", { headers: { "Content-Type": "text/x-script" } });
    await count(visit("/pricing.data", { Referer: `${ORIGIN}/` }), data());
    await count(visit("/_root.data"), data());
    expect(await rows()).toEqual([]);
  });

  it("one visitor is one unique within a day and unlinkable across days; the old salt is deleted", async () => {
    const day1 = new Date("2026-11-20T10:00:00Z");
    const day2 = new Date("2026-11-21T00:00:01Z");
    await count(visit("/"), page(), day1);
    await count(visit("/pricing"), page(), new Date("2026-11-20T23:59:59Z"));
    // Another client the same day is another visitor.
    await count(visit("/", { "CF-Connecting-IP": "198.51.100.9" }), page(), day1);
    const firstDay = await rows();
    expect(new Set(firstDay.filter((r) => r.day === "2026-11-20").map((r) => r.visitor)).size).toBe(2);
    const salt1 = await env.DB.prepare("SELECT salt FROM analytics_salts WHERE day = '2026-11-20'").first<{
      salt: string;
    }>();
    expect(salt1?.salt).toBeTruthy();

    await count(visit("/"), page(), day2);
    const all = await rows();
    const sameClient = all.filter((r) => r.path === "/" && r.country === "IN");
    const [yesterday, today] = [
      sameClient.find((r) => r.day === "2026-11-20"),
      sameClient.find((r) => r.day === "2026-11-21"),
    ];
    expect(yesterday?.visitor).toBe(firstDay.find((r) => r.path === "/pricing")?.visitor);
    expect(today?.visitor).toBeTruthy();
    expect(today?.visitor).not.toBe(yesterday?.visitor);
    // Yesterday's salt is gone: its hashes can no longer be recomputed from an address.
    const salts = (await env.DB.prepare("SELECT day FROM analytics_salts").all<{ day: string }>()).results;
    expect(salts).toEqual([{ day: "2026-11-21" }]);
  });

  it("the cron job deletes the salt of a day that is over, also on a day without views", async () => {
    await count(visit("/"), page(), new Date("2026-11-23T12:00:00Z"));
    expect(await purgeOldSalts(new Date("2026-11-23T23:59:00Z"))).toBe(0);
    expect(await purgeOldSalts(new Date("2026-11-24T00:01:00Z"))).toBe(1);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM analytics_salts").first<{ n: number }>())?.n).toBe(0);
  });

  it("20 views of one visitor at once are one row of 20 views", async () => {
    const at = new Date("2026-11-22T08:00:00Z");
    await Promise.all(Array.from({ length: 20 }, () => recordView(visit("/"), at)));
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]?.views).toBe(20);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM analytics_salts").first<{ n: number }>())?.n).toBe(1);
  });

  it("sets no cookie and leaves the response as it is", async () => {
    const response = page();
    const before = [...response.headers];
    await count(visit("/pricing"), response);
    expect([...response.headers]).toEqual(before);
    expect(response.headers.has("Set-Cookie")).toBe(false);
    expect(await rows()).toHaveLength(1);
  });

  it("is off with PAGE_ANALYTICS=off", async () => {
    const { resetConfigCache } = await import("~/lib/config.server");
    const previous = (env as unknown as Record<string, string>).PAGE_ANALYTICS;
    (env as unknown as Record<string, string>).PAGE_ANALYTICS = "off";
    resetConfigCache();
    try {
      await count(visit("/"));
      expect(await rows()).toEqual([]);
    } finally {
      (env as unknown as Record<string, string>).PAGE_ANALYTICS = previous as string;
      resetConfigCache();
    }
  });
});
