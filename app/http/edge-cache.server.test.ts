import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { Theme } from "remix-themes";
import { beforeEach, describe, expect, it } from "vitest";
import { bumpBlogVersionStatement } from "~/domain/blog/content-version.server";
import { createPost, deletePost, updatePost } from "~/domain/blog/posts.server";
import { checkBot } from "~/domain/verification/bot-check.server";
import { FORM_TOKEN_MARKER } from "~/lib/bot-check";
import { createAdmin } from "../../tests/helpers/accounts";
import { TEST_SITE_URL } from "../../tests/helpers/site";
import {
  blogContentVersion,
  bypassReason,
  edgeCacheKey,
  MemoryCache,
  nonceParts,
  pageKind,
  serveThroughEdgeCache,
} from "./edge-cache.server";
import { themeSession } from "./theme.server";

const ORIGIN = "http://localhost";
const BUILD = "build-1";

let cache: Cache;
let renders: string[];

beforeEach(async () => {
  // A cache of its own per test: no test sees another's entries.
  cache = await caches.open(`edge-test-${crypto.randomUUID()}`);
  renders = [];
});

/** Stands in for React Router: HTML whose script and style tags carry the render's nonce. */
function renderer(request: Request, nonce: string, init: { status?: number; headers?: HeadersInit } = {}) {
  return async () => {
    renders.push(new URL(request.url).pathname);
    const headers = new Headers(init.headers);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "text/html; charset=utf-8");
    return new Response(
      `<!doctype html><html><head><link rel="modulepreload" href="/a.js" nonce="${nonce}"><style nonce="${nonce}">p{}</style></head>` +
        `<body><p>page ${new URL(request.url).pathname}</p><script nonce="${nonce}">window.x=1</script>` +
        // The footer's newsletter box: its form token is a marker in shared HTML (decision 080).
        `<form method="post"><input type="hidden" name="formIssued" value="${FORM_TOKEN_MARKER}"/></form></body></html>`,
      { status: init.status ?? 200, headers },
    );
  };
}

async function get(
  path: string,
  options: { headers?: HeadersInit; method?: string; status?: number; set?: HeadersInit; origin?: string } = {},
) {
  const request = new Request(`${options.origin ?? ORIGIN}${path}`, {
    method: options.method ?? "GET",
    headers: options.headers,
  });
  const nonce = crypto.randomUUID();
  const ctx = createExecutionContext();
  const { response, status, layer } = await serveThroughEdgeCache(request, {
    nonce,
    build: BUILD,
    ctx,
    cache,
    render: renderer(request, nonce, { status: options.status, headers: options.set }),
  });
  const body = await response.text();
  await waitOnExecutionContext(ctx); // the cache write of a miss
  return { status, layer, body, nonce, headers: response.headers };
}

/** The Cache API key of a page as a visitor without cookies asks for it. */
const keyOf = (path: string) => edgeCacheKey(new Request(`${ORIGIN}${path}`), pageKind(path)!, BUILD);

/** The body with what must differ per answer (its nonce and its form token, decision 080) set aside. */
const sameBut = ({ body, nonce }: { body: string; nonce: string }) =>
  // (The rewriter writes the token's element back as `… />`, the memory layer as it was stored.)
  body.replaceAll(nonce, "N").replace(/name="formIssued" value="[^"]*" ?\/>/g, 'name="formIssued" value="T"/>');

const noncesIn = (html: string) => [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);

async function themeCookie(theme: Theme) {
  const session = await themeSession(new Request(`${ORIGIN}/`));
  session.setTheme(theme);
  return (await session.commit()).split(";")[0]!;
}

describe("edge cache: hit and miss", () => {
  it("renders and stores the first request, answers the next ones from the cache", async () => {
    const first = await get("/pricing");
    expect(first.status).toBe("MISS");
    const second = await get("/pricing");
    const third = await get("/pricing");
    expect([second.status, third.status]).toEqual(["HIT", "HIT"]);
    expect(renders).toEqual(["/pricing"]);
    expect(sameBut(second)).toBe(sameBut(first));
  });

  it("answers later hits from the isolate's memory, with no Cache API call, and the same bytes", async () => {
    const miss = await get("/");
    const memoryHit = await get("/");
    expect(memoryHit).toMatchObject({ status: "HIT", layer: "memory" });
    // Gone from the data center's cache: the memory layer still answers, nothing is rendered.
    expect(await cache.delete(await keyOf("/"))).toBe(true);
    const again = await get("/");
    expect(again).toMatchObject({ status: "HIT", layer: "memory" });
    expect(renders).toEqual(["/"]);
    expect(sameBut(again)).toBe(sameBut(miss));
    expect(again.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(again.headers.get("Cache-Control")).toBe("private, no-cache");
  });

  it("gives every answer, rendered or kept, a form token of its own (decision 080)", async () => {
    const tokenIn = (html: string) => html.match(/name="formIssued" value="([^"]*)"/)?.[1] ?? "";
    const miss = await get("/pricing");
    const memory = await get("/pricing");
    const other = await caches.open(`edge-test-${crypto.randomUUID()}`);
    const key = await keyOf("/pricing");
    await other.put(key, (await cache.match(key))!);
    cache = other;
    const fromCache = await get("/pricing");
    expect([miss.status, memory.layer, fromCache.layer]).toEqual(["MISS", "memory", "cache"]);
    const tokens = [miss, memory, fromCache].map((answer) => tokenIn(answer.body));
    expect(new Set(tokens).size).toBe(3);
    for (const answer of [miss, memory, fromCache]) expect(answer.body).not.toContain(FORM_TOKEN_MARKER);
    // Each is a real token: a person sending the form a few seconds later passes.
    const later = new Date(Date.now() + 5_000);
    for (const [i, token] of tokens.entries()) {
      expect(
        await checkBot({ work: null, formToken: token, submission: `s${i}` }, { local: true, now: later }),
      ).toMatchObject({
        ok: true,
      });
    }
  });

  it("fills the memory layer from a Cache API hit (another isolate's render)", async () => {
    await get("/pricing");
    // A fresh isolate: same data center cache, empty memory. Its first hit comes from the Cache API.
    const other = await caches.open(`edge-test-${crypto.randomUUID()}`);
    const key = await keyOf("/pricing");
    await other.put(key, (await cache.match(key))!);
    cache = other;
    expect(await get("/pricing")).toMatchObject({ status: "HIT", layer: "cache" });
    expect(await get("/pricing")).toMatchObject({ status: "HIT", layer: "memory" });
    expect(renders).toEqual(["/pricing"]);
  });

  it("rewrites every nonce of a hit to that response's own, never serving one nonce twice", async () => {
    const miss = await get("/");
    const hits = [await get("/"), await get("/")];
    for (const hit of hits) {
      expect(hit.status).toBe("HIT");
      expect(noncesIn(hit.body)).toEqual([hit.nonce, hit.nonce, hit.nonce]);
      expect(hit.body).not.toContain(miss.nonce);
    }
    expect(hits[0]!.nonce).not.toBe(hits[1]!.nonce);
  });

  it("cuts the kept HTML around its nonce attributes only, byte for byte (non-ASCII text, data-nonce, no nonce)", () => {
    const nonce = "ab+/cd==";
    const html =
      `<p data-nonce="${nonce}">Zürich — ✓</p><script nonce="${nonce}">x</script>` +
      `<p>nonce="${nonce}" as text</p>\n<style\nnonce="${nonce}">p{}</style>`;
    const bytes = new TextEncoder().encode(html);
    const parts = nonceParts(bytes.buffer)!;
    const decoded = parts.map((part) => new TextDecoder().decode(part));
    expect(decoded).toEqual([
      `<p data-nonce="${nonce}">Zürich — ✓</p><script `,
      `>x</script><p>nonce="${nonce}" as text</p>\n<style\n`,
      ">p{}</style>",
    ]);
    expect(nonceParts(new TextEncoder().encode("<p>no nonce here</p>").buffer)).toBeUndefined();
  });

  it("keys pages by query (blog pages) and keeps marketing, blog, feed and sitemap apart from other routes", async () => {
    expect((await get("/blog")).status).toBe("MISS");
    expect((await get("/blog?page=2")).status).toBe("MISS");
    expect((await get("/blog?page=2")).status).toBe("HIT");
    for (const path of [
      "/blog/some-post",
      "/blog/rss.xml",
      "/sitemap.xml",
      "/sitemap/pages.xml",
      "/sitemap/posts/1.xml",
      "/what-is-flowlane",
      "/blog/tag/automation",
      "/blog/author/priya-raman",
    ]) {
      expect(pageKind(path)).not.toBeNull();
    }
    expect(pageKind("/blog/tag/automation")?.blog).toBe(true);
    // Images carry their own year-long immutable caching (decision 028).
    for (const path of [
      "/demo",
      "/free-trial",
      "/admin",
      "/api/blogs",
      "/blog/a/b",
      "/blog/tag/a/b",
      "/pricing.data",
      // Route data, one request each (decision 015): a post's `.data` is no page to keep.
      "/blog.data",
      "/blog/launch-notes.data",
      "/blog/tag/automation.data",
      "/blog/author/priya-raman.data",
      "/media/x.png",
    ]) {
      expect(pageKind(path)).toBeNull();
      expect((await get(path)).status).toBe("BYPASS");
    }
  });

  it("keeps the API reference page (/api/docs) like a marketing page, and nothing else under /api", async () => {
    expect(pageKind("/api/docs")).toEqual(pageKind("/pricing"));
    expect((await get("/api/docs")).status).toBe("MISS");
    expect((await get("/api/docs")).status).toBe("HIT");
    for (const path of ["/api/docs.data", "/api/openapi.json", "/api/blogs", "/api/docs/x"]) {
      expect(pageKind(path), path).toBeNull();
    }
  });

  it("gives HTML private, no-cache and the feed a short public lifetime in the browser", async () => {
    expect((await get("/")).headers.get("Cache-Control")).toBe("private, no-cache");
    expect((await get("/")).headers.get("Cache-Control")).toBe("private, no-cache");
    const rss = await get("/blog/rss.xml", { set: { "Content-Type": "application/rss+xml" } });
    expect(rss.headers.get("Cache-Control")).toBe("public, max-age=300");
  });
});

describe("edge cache: the key covers what the HTML depends on", () => {
  it("a stored theme, the system-theme hint and the build each get their own copy", async () => {
    const dark = await themeCookie(Theme.DARK);
    const light = await themeCookie(Theme.LIGHT);
    expect((await get("/")).status).toBe("MISS");
    expect((await get("/", { headers: { Cookie: dark } })).status).toBe("MISS");
    expect((await get("/", { headers: { Cookie: light } })).status).toBe("MISS");
    expect((await get("/", { headers: { Cookie: dark } })).status).toBe("HIT");
    expect((await get("/", { headers: { "Sec-CH-Prefers-Color-Scheme": "dark" } })).status).toBe("MISS");
    expect((await get("/", { headers: { "Sec-CH-Prefers-Color-Scheme": "dark" } })).status).toBe("HIT");
    expect(renders).toHaveLength(4);

    const request = new Request(`${ORIGIN}/`);
    const kind = pageKind("/")!;
    expect((await edgeCacheKey(request, kind, "build-2")).url).not.toBe((await edgeCacheKey(request, kind, BUILD)).url);
  });

  it("is keyed on SITE_URL, not on the Host a request names: a forged Host shares the entry and adds none", async () => {
    const key = await keyOf("/pricing");
    expect(new URL(key.url).origin).toBe(TEST_SITE_URL);
    const forged = new Request("http://evil.example/pricing");
    expect((await edgeCacheKey(forged, pageKind("/pricing")!, BUILD)).url).toBe(key.url);
    // The forged Host renders first: what it stores is what every visitor gets, so the page
    // itself must not depend on the Host (decision 040; the route tests check the HTML).
    expect((await get("/pricing", { origin: "http://evil.example" })).status).toBe("MISS");
    expect((await get("/pricing")).status).toBe("HIT");
    expect((await get("/pricing", { origin: "http://other.example:8080" })).status).toBe("HIT");
    expect(renders).toEqual(["/pricing"]);
  });

  it("an unreadable theme cookie shares the no-theme copy", async () => {
    await get("/");
    expect((await get("/", { headers: { Cookie: "flowlane_theme=garbage" } })).status).toBe("HIT");
  });
});

describe("edge cache: bypass", () => {
  it("never answers from or stores for a signed-in admin, a token, another cookie or a POST", async () => {
    await get("/pricing");
    const cases: { headers?: HeadersInit; method?: string }[] = [
      { headers: { Cookie: "flowlane_session=abc" } },
      { headers: { Cookie: "__Host-flowlane_session=abc" } },
      { headers: { Authorization: "Bearer abc" } },
      { headers: { Cookie: "flowlane_trial=xyz" } },
      { method: "POST" },
      { method: "HEAD" },
    ];
    for (const c of cases) {
      const result = await get("/pricing", c);
      expect(result.status, JSON.stringify(c)).toBe("BYPASS");
    }
    expect(renders).toHaveLength(1 + cases.length);
  });

  it("serves cached pages to visitors who only carry the theme and the D1 bookmark", async () => {
    await get("/pricing");
    const cookie = `${await themeCookie(Theme.DARK)}; flowlane_bookmark=0000000a-00000001`;
    expect((await get("/pricing", { headers: { Cookie: cookie } })).status).toBe("MISS"); // the dark copy
    expect((await get("/pricing", { headers: { Cookie: cookie } })).status).toBe("HIT");
  });

  it("reads cookie names with React Router's parser: only the theme and the bookmark (prefixed when deployed) pass", () => {
    const reason = (cookie: string, origin = ORIGIN) =>
      bypassReason(new Request(`${origin}/pricing`, { headers: { Cookie: cookie } }));
    expect(reason(" flowlane_theme=x ;flowlane_bookmark=1-2")).toBeNull();
    expect(reason("flowlane_theme=x; __Host-flowlane_bookmark=1-2", "https://flowlane.example")).toBeNull();
    // Deployed, the bookmark has its prefix: an unprefixed one is some other cookie.
    expect(reason("flowlane_bookmark=1-2", "https://flowlane.example")).toBe("cookie");
    expect(reason("flowlane_theme=x; other=1")).toBe("cookie");
    expect(reason("flowlane_theme=x; flowlane_session=")).toBe("cookie");
    // A part without "=" names no cookie the app (or createCookie) could read.
    expect(reason("flowlane_theme=x; stray")).toBeNull();
  });

  it("serves cached pages to a visitor with a trial signup draft: no cached page reads it (decision 048)", () => {
    const reason = (cookie: string, origin = ORIGIN) =>
      bypassReason(new Request(`${origin}/pricing`, { headers: { Cookie: cookie } }));
    expect(reason("flowlane_theme=x; flowlane_signup=abc")).toBeNull();
    expect(reason("__Host-flowlane_signup=abc", "https://flowlane.example")).toBeNull();
  });

  it("does not store a response that sets a cookie, is an error or says no-store", async () => {
    const cases: { set?: HeadersInit; status?: number }[] = [
      { set: { "Set-Cookie": "a=b" } },
      { status: 404 },
      { status: 500 },
      { set: { "Cache-Control": "no-store" } },
    ];
    for (const options of cases) {
      expect((await get("/integration", options)).status).toBe("BYPASS");
    }
    expect((await get("/integration")).status).toBe("MISS");
  });
});

describe("edge cache: blog writes make the blog pages fresh at once", () => {
  const input = {
    title: "Fresh post",
    content: "Hello",
    excerpt: "Hello",
    author: "Ada",
    tags: ["News"],
    status: "published" as const,
  };
  let ACTOR: { id: string; email: string };
  beforeEach(async () => {
    const { admin } = await createAdmin();
    ACTOR = { id: admin.id, email: admin.email };
  });

  it("publishing, editing and deleting a post each change the key of the list, articles, feed and sitemap", async () => {
    const paths = ["/blog", "/blog?page=2", "/blog/any-post", "/blog/rss.xml", "/sitemap.xml", "/sitemap/posts/1.xml"];
    for (const path of paths) await get(path);
    for (const path of paths) expect((await get(path)).status, path).toBe("HIT");

    const post = await createPost(ACTOR, input);
    for (const path of paths) expect((await get(path)).status, `${path} after publish`).toBe("MISS");
    for (const path of paths) expect((await get(path)).status).toBe("HIT");

    await updatePost(ACTOR, post.id, { title: "Edited title" });
    for (const path of paths) expect((await get(path)).status, `${path} after edit`).toBe("MISS");

    await deletePost(ACTOR, post.id);
    for (const path of paths) expect((await get(path)).status, `${path} after delete`).toBe("MISS");
    // Marketing pages do not show posts: their copies stay.
  });

  it("marketing pages keep their copy across blog writes", async () => {
    await get("/pricing");
    await createPost(ACTOR, input);
    expect((await get("/pricing")).status).toBe("HIT");
  });

  it("an edit that changes nothing keeps the cached pages", async () => {
    const post = await createPost(ACTOR, input);
    const before = await blogContentVersion();
    await updatePost(ACTOR, post.id, { title: input.title });
    expect(await blogContentVersion()).toBe(before);
  });

  it("20 writes at once bump the version 20 times (no lost update)", async () => {
    const before = await blogContentVersion();
    await Promise.all(Array.from({ length: 20 }, async () => bumpBlogVersionStatement()));
    expect(await blogContentVersion()).toBe(before + 20);
  });
});

describe("edge cache: the memory layer is bounded", () => {
  const page = (bytes: number, expires = Date.now() + 60_000) => ({
    body: new ArrayBuffer(bytes),
    status: 200,
    headers: [] as [string, string][],
    expires,
  });

  it("keeps at most 4 MiB, dropping the least recently used first, and no page over 512 KiB", () => {
    const memory = new MemoryCache();
    memory.set("huge", page(513 * 1024));
    expect(memory.size).toBe(0);
    for (let i = 0; i < 8; i++) memory.set(`p${i}`, page(512 * 1024));
    expect(memory.bytes).toBe(4 * 1024 * 1024);
    memory.get("p0"); // used again: p1 is now the oldest
    memory.set("p8", page(512 * 1024));
    expect(memory.get("p1")).toBeUndefined();
    expect(memory.get("p0")).toBeDefined();
    expect(memory.bytes).toBe(4 * 1024 * 1024);
  });

  it("forgets a page once its edge lifetime has passed", () => {
    const memory = new MemoryCache();
    memory.set("old", page(10, 1_000));
    expect(memory.get("old", 999)).toBeDefined();
    expect(memory.get("old", 1_000)).toBeUndefined();
    expect(memory.bytes).toBe(0);
  });
});
