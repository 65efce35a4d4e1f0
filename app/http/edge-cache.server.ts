import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cacheVersions } from "~/db/schema";
import { BLOG_CONTENT_VERSION } from "~/domain/blog/content-version.server";
import { ATTRIBUTION_PARAMS } from "~/domain/leads/attribution";
import { issueFormToken } from "~/domain/verification/bot-check.server";
import { FORM_TOKEN_FIELD, FORM_TOKEN_MARKER } from "~/lib/bot-check";
import { siteUrl } from "~/lib/config.server";
import { isLocalHttp } from "~/lib/local-http";
import {
  ATTRIBUTION_COOKIE,
  BOOKMARK_COOKIE,
  requestCookies,
  SIGNUP_DRAFT_COOKIE,
  THEME_COOKIE,
} from "./cookies.server";
import { isExactUrl, routeMatch } from "./request-policy.server";
import type { RoutePolicy } from "./route-policy";
import { resolveTheme } from "./theme.server";

/**
 * Public pages from the Workers Cache API (decision 015). The first request renders and stores;
 * later ones are answered from the data center's cache with a fresh CSP nonce rewritten into the
 * HTML. Keys carry the build, the theme the HTML is rendered for and, for pages that show blog
 * posts, the blog's content version in D1, which every blog write bumps in its own batch
 * (`bumpBlogVersionStatement`, decision 057):
 * a new version is a new key everywhere at once, with no per-data-center purge.
 */

export type EdgeCacheStatus = "HIT" | "MISS" | "BYPASS";
/** Where a hit came from: this isolate's memory, or the data center's Cache API. */
export type EdgeCacheLayer = "memory" | "cache";

type PageKind = {
  /** Shows blog posts: the key carries the blog content version. */
  blog: boolean;
  /** What the browser may do with it. */
  cacheControl: string;
};

/** HTML carries a per-response nonce, and the no-JavaScript theme toggle must show at once. */
const HTML: PageKind = { blog: false, cacheControl: "private, no-cache" };
const BLOG_HTML: PageKind = { blog: true, cacheControl: "private, no-cache" };
/** No nonce inside: any cache may keep them a few minutes; feed readers poll. */
const BLOG_XML: PageKind = { blog: true, cacheControl: "public, max-age=300" };

/** What each `cache` a route declares (decision 061) means here. */
const KINDS: Record<NonNullable<RoutePolicy["cache"]>, PageKind> = {
  page: HTML,
  "blog-page": BLOG_HTML,
  "blog-feed": BLOG_XML,
};

/** How long a stored page lives at the edge. Keys change on deploys and blog writes anyway. */
const EDGE_TTL = 3600; // seconds

/** Which pages go through the edge cache, and how; null for everything else. */
export function pageKind(pathname: string): PageKind | null {
  const { policy, pattern } = routeMatch(pathname);
  if (!policy.cache) return null;
  // Route data (`.data`) is answered per request (decision 015); other spellings of a URL are not kept.
  return isExactUrl(pathname, pattern) ? KINDS[policy.cache] : null;
}

/**
 * Why a request must be rendered for itself, or null when the cache may answer it: anything but
 * GET, credentials (a signed-in admin, an API token), or a cookie the page might depend on.
 */
export function bypassReason(request: Request): string | null {
  if (request.method !== "GET") return "method";
  if (request.headers.has("Authorization")) return "credentials";
  // The theme is in the key; the D1 bookmark only matters to pages that are never cached, and
  // the signup draft only to /free-trial, which is never cached either; attribution only to lead
  // forms (decision 071).
  // Names as React Router's cookie parser reads them (a part without "=" names no cookie).
  const harmless = new Set([
    THEME_COOKIE.name(request),
    BOOKMARK_COOKIE.name(request),
    SIGNUP_DRAFT_COOKIE.name(request),
    ATTRIBUTION_COOKIE.name(request),
  ]);
  for (const name of Object.keys(requestCookies(request))) {
    if (name && !harmless.has(name)) return "cookie";
  }
  return null;
}

/** The blog's content version (0 before the first write). One primary-key read. */
export async function blogContentVersion(): Promise<number> {
  const row = await db()
    .select({ version: cacheVersions.version })
    .from(cacheVersions)
    .where(eq(cacheVersions.name, BLOG_CONTENT_VERSION))
    .get();
  return row?.version ?? 0;
}

/**
 * The cache key: the URL (query sorted) plus what else the response depends on, as query
 * parameters of an internal path: build, stored theme, the system-theme hint, blog version.
 * The origin is SITE_URL, not the request's: a page's absolute links come from SITE_URL alone
 * (decision 040), so every Host a request names shares one entry and none can add entries.
 * Attribution parameters (UTMs, click ids) are not part of it: no page depends on them (the
 * Worker reads them for the attribution cookie, decision 071), so a campaign link is a hit.
 */
export async function edgeCacheKey(request: Request, kind: PageKind, build: string): Promise<Request> {
  const url = new URL(request.url);
  for (const name of [...url.searchParams.keys()]) if (ATTRIBUTION_PARAMS.has(name)) url.searchParams.delete(name);
  url.searchParams.sort();
  const { theme, system } = await resolveTheme(request);
  const parts = new URLSearchParams({ build, theme: theme ?? "", system: system ?? "" });
  if (kind.blog) parts.set("blog", String(await blogContentVersion()));
  const key = new URL(`/__edge-cache${url.pathname}`, siteUrl());
  key.search = `${url.search ? `${url.search}&` : "?"}${parts}`;
  return new Request(key.toString(), { method: "GET" });
}

/**
 * The stored HTML with every `nonce` attribute set to this response's nonce, and every form's
 * "form issued at" token (decision 080) to this response's.
 */
function withFreshNonce(response: Response, nonce: string, formToken: () => string): Response {
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return response;
  return new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .on(`input[name="${FORM_TOKEN_FIELD}"]`, {
      element(element) {
        element.setAttribute("value", formToken());
      },
    })
    .transform(response);
}

/** The kept HTML's form-token markers, as their attribute. */
const TOKEN_ATTRIBUTE = new TextEncoder().encode(`value="${FORM_TOKEN_MARKER}"`);

/** The kept HTML with this response's form token for each marker (one pass; none when there is no form). */
function withFreshToken(bytes: Uint8Array<ArrayBuffer>, formToken: () => string): Uint8Array<ArrayBuffer> {
  let at = indexOfBytes(bytes, TOKEN_ATTRIBUTE, 0);
  if (at === -1) return bytes;
  const token = ascii.encode(`value="${formToken()}"`);
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (; at !== -1; at = indexOfBytes(bytes, TOKEN_ATTRIBUTE, from)) {
    pieces.push(bytes.subarray(from, at), token);
    from = at + TOKEN_ATTRIBUTE.length;
  }
  pieces.push(bytes.subarray(from));
  const out = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    out.set(piece, offset);
    offset += piece.length;
  }
  return out;
}

/**
 * A page kept in this isolate's memory, ready to answer without any I/O. `parts` (HTML only) are
 * views into `body` around each `nonce="…"` attribute, so a hit joins them around its own nonce
 * instead of running the HTML through a rewriter.
 */
type Kept = { body: ArrayBuffer; parts?: Uint8Array[]; status: number; headers: [string, string][]; expires: number };

const ascii = new TextEncoder();

/** Where `needle` starts in `haystack` at or after `from`, or -1. */
function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from: number) {
  const first = needle[0];
  const last = haystack.length - needle.length;
  outer: for (let i = haystack.indexOf(first!, from); i !== -1 && i <= last; i = haystack.indexOf(first!, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * The stored HTML cut around its nonce attributes: every `nonce="X"` (one nonce per response,
 * the render's) leaves a gap between two parts. Undefined when the page has no nonce.
 */
export function nonceParts(body: ArrayBuffer): Uint8Array[] | undefined {
  const bytes = new Uint8Array(body);
  // An attribute of its own (after whitespace), not the end of `data-nonce=` or of text.
  const attributeAt = (needle: Uint8Array, from: number) => {
    for (let at = indexOfBytes(bytes, needle, from); at !== -1; at = indexOfBytes(bytes, needle, at + 1)) {
      if (at > 0 && WHITESPACE.has(bytes[at - 1]!)) return at;
    }
    return -1;
  };
  const attribute = ascii.encode('nonce="');
  const start = attributeAt(attribute, 0);
  if (start === -1) return undefined;
  const end = bytes.indexOf(0x22, start + attribute.length); // the closing quote
  if (end === -1) return undefined;
  const needle = bytes.slice(start, end + 1);
  const parts: Uint8Array[] = [];
  let from = 0;
  for (let at = start; at !== -1; at = attributeAt(needle, from)) {
    parts.push(new Uint8Array(body, from, at - from));
    from = at + needle.length;
  }
  parts.push(new Uint8Array(body, from));
  return parts;
}

/** Space, tab, line feed, form feed, carriage return: what separates HTML attributes. */
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0c, 0x0d]);

/** The kept HTML with `nonce="<this response's nonce>"` in every gap. */
function joinWithNonce(parts: Uint8Array[], nonce: string) {
  const attribute = ascii.encode(`nonce="${nonce}"`);
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0) + attribute.length * (parts.length - 1));
  let at = 0;
  for (const [i, part] of parts.entries()) {
    if (i > 0) {
      out.set(attribute, at);
      at += attribute.length;
    }
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Pages larger than this stay in the Cache API only. */
const MEMORY_ENTRY_BYTES = 512 * 1024; // 512 KiB
/** At most this much HTML per isolate (Workers allow 128 MB); the least recently used goes first. */
const MEMORY_TOTAL_BYTES = 4 * 1024 * 1024; // 4 MiB

/**
 * The first layer of the edge cache: the same keys and lifetime as the Cache API, in the
 * isolate's memory, so a hit of a popular page makes no call at all, not even to the data
 * center's cache (decision 026). Keys carry the build and the blog version, so it can never
 * serve older content than the Cache API would; a deploy starts new isolates anyway.
 */
export class MemoryCache {
  #entries = new Map<string, Kept>();
  #bytes = 0;

  get(key: string, now = Date.now()): Kept | undefined {
    const kept = this.#entries.get(key);
    if (!kept) return undefined;
    this.#entries.delete(key);
    if (kept.expires <= now) {
      this.#bytes -= kept.body.byteLength;
      return undefined;
    }
    this.#entries.set(key, kept); // now the most recently used
    return kept;
  }

  set(key: string, kept: Kept) {
    this.delete(key);
    if (kept.body.byteLength > MEMORY_ENTRY_BYTES) return;
    this.#entries.set(key, kept);
    this.#bytes += kept.body.byteLength;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= MEMORY_TOTAL_BYTES) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.body.byteLength;
    }
  }

  delete(key: string) {
    const kept = this.#entries.get(key);
    if (kept) this.#bytes -= kept.body.byteLength;
    this.#entries.delete(key);
  }

  get size() {
    return this.#entries.size;
  }

  get bytes() {
    return this.#bytes;
  }
}

/** One memory layer per Cache object (tests open their own caches). */
const memories = new WeakMap<Cache, MemoryCache>();
function memoryFor(cache: Cache) {
  let memory = memories.get(cache);
  if (!memory) {
    memory = new MemoryCache();
    memories.set(cache, memory);
  }
  return memory;
}

/** What the Cache API adds or keeps for itself; a page answered from memory carries none of it. */
const CACHE_ONLY_HEADERS = new Set(["cache-control", "age", "expires", "cf-cache-status", "content-length"]);

/** Reads a stored page's body into memory, for the memory layer. */
async function keep(memory: MemoryCache, key: string, response: Response, body: ReadableStream) {
  const bytes = await new Response(body).arrayBuffer();
  const headers = [...response.headers].filter(([name]) => !CACHE_ONLY_HEADERS.has(name.toLowerCase()));
  const html = (response.headers.get("Content-Type") ?? "").startsWith("text/html");
  const parts = html ? nonceParts(bytes) : undefined;
  memory.set(key, { body: bytes, parts, status: response.status, headers, expires: Date.now() + EDGE_TTL * 1000 });
  return bytes;
}

function storable(response: Response) {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return response.status === 200 && !response.headers.has("Set-Cookie") && !/no-store|private/.test(cacheControl);
}

function withBrowserCacheControl(response: Response, kind: PageKind) {
  const out = new Response(response.body, response);
  out.headers.set("Cache-Control", kind.cacheControl);
  return out;
}

type Options = {
  /** This response's CSP nonce. */
  nonce: string;
  /**
   * Identifies the deployed build (client assets and Worker version), so a deploy never serves
   * HTML that points at old assets or that the previous Worker rendered.
   */
  build: string;
  ctx: ExecutionContext;
  /** Renders the page (with `nonce`) when the cache cannot answer. */
  render: () => Promise<Response>;
  cache?: Cache;
};

let defaultCache: Cache | undefined;
// The DOM lib's CacheStorage (also in scope) hides the Workers `caches.default`.
function edgeCache() {
  defaultCache ??= (caches as unknown as { default: Cache }).default;
  return defaultCache;
}

/** Answers from the edge cache when it may, else renders (and stores what can be shared). */
export async function serveThroughEdgeCache(
  request: Request,
  { nonce, build, ctx, render, cache = edgeCache() }: Options,
): Promise<{ response: Response; status: EdgeCacheStatus; layer?: EdgeCacheLayer }> {
  const kind = pageKind(new URL(request.url).pathname);
  if (!kind || bypassReason(request)) return { response: await render(), status: "BYPASS" };
  // One fresh form token per answer, made only when the page has a form (decision 080).
  let token: string | undefined;
  const formToken = () => {
    token ??= issueFormToken({ local: isLocalHttp(request) });
    return token;
  };

  const key = await edgeCacheKey(request, kind, build);
  const memory = memoryFor(cache);
  const kept = memory.get(key.url);
  if (kept) {
    const init = { status: kept.status, headers: kept.headers };
    const response = kept.parts
      ? new Response(withFreshToken(joinWithNonce(kept.parts, nonce), formToken), init)
      : withFreshNonce(new Response(kept.body, init), nonce, formToken);
    return { response: withBrowserCacheControl(response, kind), status: "HIT", layer: "memory" };
  }
  const hit = await cache.match(key);
  if (hit) {
    if (!hit.body) return { response: withBrowserCacheControl(hit, kind), status: "HIT", layer: "cache" };
    const [forVisitor, forMemory] = hit.body.tee();
    ctx.waitUntil(keep(memory, key.url, hit, forMemory));
    const response = withFreshNonce(new Response(forVisitor, hit), nonce, formToken);
    return { response: withBrowserCacheControl(response, kind), status: "HIT", layer: "cache" };
  }

  const rendered = await render();
  if (!storable(rendered) || !rendered.body) return { response: rendered, status: "BYPASS" };
  const [forVisitor, forCache] = rendered.body.tee();
  ctx.waitUntil(
    keep(memory, key.url, rendered, forCache).then((body) => {
      const stored = new Response(body, rendered);
      stored.headers.set("Cache-Control", `public, max-age=${EDGE_TTL}`);
      return cache.put(key, stored);
    }),
  );
  // The render's nonce is this answer's already; its form-token markers are filled in.
  const response = withFreshNonce(new Response(forVisitor, rendered), nonce, formToken);
  return { response: withBrowserCacheControl(response, kind), status: "MISS" };
}
