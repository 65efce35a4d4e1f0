import { waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { parseAttribution } from "~/domain/leads/attribution";
import { serveCached } from "../../tests/helpers/edge-cache";
import { requestAttribution, withAttribution } from "./attribution.server";
import { ATTRIBUTION_COOKIE } from "./cookies.server";

const ORIGIN = "http://localhost";

const page = () =>
  new Response("<!doctype html><p>page</p>", { headers: { "Content-Type": "text/html; charset=utf-8" } });

/** The request a browser sends next with the cookie a response set. */
function carrying(response: Response, url: string, referer?: string) {
  const set = response.headers.get("Set-Cookie");
  const headers = new Headers(referer ? { Referer: referer } : {});
  if (set) headers.set("Cookie", set.split(";")[0] as string);
  return new Request(url, { headers });
}

async function land(request: Request, now?: Date) {
  return withAttribution(request, page(), now);
}

describe("the attribution cookie", () => {
  it("is set on a campaign landing: signed, HttpOnly, first-party, and read back as both touches", async () => {
    const response = await land(new Request(`${ORIGIN}/?utm_source=Newsletter&utm_campaign=nov`));
    const set = response.headers.get("Set-Cookie") ?? "";
    expect(set).toMatch(/^flowlane_attribution=/);
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Lax/i);
    const attribution = await requestAttribution(carrying(response, `${ORIGIN}/demo`));
    expect(attribution?.first).toMatchObject({ source: "newsletter", campaign: "nov", landingPath: "/" });
    expect(attribution?.last).toEqual(attribution?.first);
  });

  it("is __Host- prefixed and Secure when deployed", async () => {
    const response = await land(new Request("https://flowlane.example/?utm_source=x"));
    expect(response.headers.get("Set-Cookie")).toMatch(/^__Host-flowlane_attribution=.*Secure/i);
  });

  it("is not set on a visit without attribution, an internal link, a POST, an API answer or a redirect", async () => {
    expect((await land(new Request(`${ORIGIN}/pricing`))).headers.has("Set-Cookie")).toBe(false);
    const internal = new Request(`${ORIGIN}/pricing`, { headers: { Referer: `${ORIGIN}/` } });
    expect((await land(internal)).headers.has("Set-Cookie")).toBe(false);
    const post = new Request(`${ORIGIN}/?utm_source=x`, { method: "POST" });
    expect((await withAttribution(post, page())).headers.has("Set-Cookie")).toBe(false);
    const api = new Request(`${ORIGIN}/api/posts?utm_source=x`);
    expect((await withAttribution(api, Response.json({}))).headers.has("Set-Cookie")).toBe(false);
    const redirect = new Response(null, { status: 302, headers: { Location: "/" } });
    expect((await withAttribution(new Request(`${ORIGIN}/?utm_source=x`), redirect)).headers.has("Set-Cookie")).toBe(
      false,
    );
  });

  it("keeps the first touch and moves the last touch to a new campaign; the same campaign sets nothing", async () => {
    const first = await land(
      new Request(`${ORIGIN}/?utm_source=newsletter&utm_campaign=nov`),
      new Date("2026-11-01T00:00:00Z"),
    );
    const same = await land(carrying(first, `${ORIGIN}/blog?utm_source=Newsletter&utm_campaign=NOV`));
    expect(same.headers.has("Set-Cookie")).toBe(false);
    const second = await land(carrying(first, `${ORIGIN}/pricing?utm_source=linkedin&utm_campaign=dec`));
    const both = await requestAttribution(carrying(second, `${ORIGIN}/demo`));
    expect(both?.first).toMatchObject({ source: "newsletter", campaign: "nov", at: "2026-11-01T00:00:00.000Z" });
    expect(both?.last).toMatchObject({ source: "linkedin", campaign: "dec", landingPath: "/pricing" });
  });

  it("ignores a forged or altered cookie (a landing then starts afresh)", async () => {
    const forged = JSON.stringify({
      first: {
        source: "forged",
        medium: null,
        campaign: null,
        term: null,
        content: null,
        clickId: null,
        referrer: null,
        landingPath: "/",
        at: new Date().toISOString(),
      },
    });
    const unsigned = new Request(`${ORIGIN}/demo`, {
      headers: { Cookie: `flowlane_attribution=${encodeURIComponent(btoa(JSON.stringify(forged)))}` },
    });
    expect(await requestAttribution(unsigned)).toBeNull();
    const real = await land(new Request(`${ORIGIN}/?utm_source=a`));
    const value = (real.headers.get("Set-Cookie") ?? "").split(";")[0] as string;
    const altered = new Request(`${ORIGIN}/demo`, { headers: { Cookie: `${value.slice(0, -3)}abc` } });
    expect(await requestAttribution(altered)).toBeNull();
  });

  it("fits in a browser cookie with every field at its cap", async () => {
    const long = "x".repeat(300);
    const first = await land(
      new Request(
        `${ORIGIN}/${"p".repeat(300)}?utm_source=${long}&utm_medium=${long}&utm_campaign=${long}&utm_term=${long}&utm_content=${long}&li_fat_id=${long}`,
        {
          headers: { Referer: `https://${"r".repeat(60)}.example.com/` },
        },
      ),
    );
    const second = await land(
      carrying(
        first,
        `${ORIGIN}/${"q".repeat(300)}?utm_source=${long}y&utm_medium=${long}&utm_campaign=${long}&utm_term=${long}&utm_content=${long}&li_fat_id=${long}`,
      ),
    );
    const set = second.headers.get("Set-Cookie") ?? "";
    expect(set.length).toBeLessThan(4096);
    expect(parseAttribution(await ATTRIBUTION_COOKIE.read(carrying(second, `${ORIGIN}/`)))?.last.source).toHaveLength(
      64,
    );
  });
});

describe("attribution and the edge cache", () => {
  it("is set on a cache hit, while the stored page carries no cookie and campaign links share one entry", async () => {
    const cache = await caches.open(`attribution-${crypto.randomUUID()}`);
    let renders = 0;
    const serve = async (url: string) => {
      const request = new Request(url);
      const served = await serveCached(request, cache, async () => {
        renders++;
        return page();
      });
      const response = await withAttribution(request, served.response);
      // Read the answer before waiting on the cache write: the stored copy is a tee of the same stream.
      const body = await response.text();
      await waitOnExecutionContext(served.ctx);
      return { status: served.status, response: new Response(body, response) };
    };
    const miss = await serve(`${ORIGIN}/pricing?utm_source=Newsletter&utm_campaign=nov`);
    expect(miss.status).toBe("MISS");
    expect(miss.response.headers.get("Set-Cookie")).toMatch(/^flowlane_attribution=/);
    const hit = await serve(`${ORIGIN}/pricing?utm_source=linkedin&utm_campaign=dec&gclid=abc`);
    expect(hit.status).toBe("HIT");
    expect(renders).toBe(1);
    const attribution = await requestAttribution(carrying(hit.response, `${ORIGIN}/demo`));
    expect(attribution?.first).toMatchObject({ source: "linkedin", campaign: "dec", clickId: "gclid:abc" });
    const stored = await cache.match(new Request("http://localhost/__edge-cache/pricing?build=b&theme=&system="));
    expect(stored?.headers.has("Set-Cookie") ?? false).toBe(false);
    // A visitor carrying the cookie is still answered from the cache.
    const withCookie = new Request(`${ORIGIN}/pricing`, {
      headers: { Cookie: (miss.response.headers.get("Set-Cookie") ?? "").split(";")[0] as string },
    });
    const again = await serveCached(withCookie, cache, async () => page());
    expect(again.status).toBe("HIT");
  });
});
