import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchPath, matchRoutes, type RouteObject } from "react-router";
import routes from "../routes";
import { SESSION_COOKIE } from "./cookies.server";
import { declaredPolicy, type RoutePolicy } from "./route-policy";

/*
 * The one answer to "what kind of request is this?" (decision 061): React Router's own matcher
 * over the route table, then the policy the matched route (or the nearest group above it)
 * declares. The body cap, the edge cache, the sitemap, the D1 session start, the guards and the
 * Worker entry all read it; none of them looks at the path for itself.
 */

const table = routes as RouteConfigEntry[];

export type RouteMatch = {
  policy: RoutePolicy;
  /** The matched route's full path pattern, as the route table spells it (`/blog/:id`). */
  pattern: string;
};

/** Route data requests (`/blog.data`, `/_root.data` for `/`) belong to the page they load. */
function pagePath(pathname: string) {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/**
 * Answers by path, so the layers of one request (and the popular pages of many) match once:
 * React Router's matcher ranks the whole table on every call (~0.1 ms). Plain values only
 * (decision 037), at most MEMO_SIZE paths; the oldest goes first.
 */
const memo = new Map<string, RouteMatch>();
const MEMO_SIZE = 500;

/** The policy and pattern of the route that serves `pathname`. */
export function routeMatch(pathname: string): RouteMatch {
  const known = memo.get(pathname);
  if (known) return known;
  const match = matchRoute(pathname);
  if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value as string);
  memo.set(pathname, match);
  return match;
}

/** `path` without control characters, typed or percent-encoded (%00–%1F, %7F). */
function withoutControls(path: string) {
  const typed = Array.from(path)
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join("");
  return typed.replace(/%[01][0-9a-f]|%7f/gi, "");
}

function matchRoute(pathname: string): RouteMatch {
  const path = pagePath(pathname);
  // The matcher's patterns stop at a line break: a path with control characters (as typed or
  // percent-encoded) is matched without them, so it gets the policy of the route it names.
  const matches =
    matchRoutes(table as unknown as RouteObject[], path) ??
    matchRoutes(table as unknown as RouteObject[], withoutControls(path)) ??
    [];
  let policy: RoutePolicy | undefined;
  for (const { route } of matches) policy = declaredPolicy(route as unknown as RouteConfigEntry) ?? policy;
  // The route table ends in catch-all routes and route-policy.test.ts checks every route has a policy.
  if (!policy) throw new Error(`No route policy for ${pathname}`);
  const segments = matches.map(({ route }) => route.path).filter((path): path is string => Boolean(path));
  return { policy, pattern: `/${segments.join("/")}` };
}

export const routePolicy = (pathname: string): RoutePolicy => routeMatch(pathname).policy;
export const requestPolicy = (request: Request): RoutePolicy => routePolicy(new URL(request.url).pathname);

/**
 * Whether `pathname` is the route's own URL, spelled exactly as the table does: no other case of
 * a fixed segment, no trailing slash, no route data (`.data`). Only such URLs are kept at the edge.
 */
export function isExactUrl(pathname: string, pattern: string) {
  if (pathname.endsWith(".data") || (pathname !== "/" && pathname.endsWith("/"))) return false;
  return matchPath({ path: pattern, caseSensitive: true, end: true }, pathname) !== null;
}

/** The pages /sitemap/pages.xml lists: the routes whose policy says `sitemap`, in table order. */
export function sitemapPaths(entries: RouteConfigEntry[] = table, parent = "", inherited?: RoutePolicy): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    const policy = declaredPolicy(entry) ?? inherited;
    if (entry.children) return sitemapPaths(entry.children, path, policy);
    return policy?.sitemap ? [path || "/"] : [];
  });
}

/**
 * "Is it signed in?", asked before any guard runs: a bearer token or the session cookie. Such
 * requests start at the D1 primary and get `no-store` answers; the guards check the credentials.
 */
export function carriesCredentials(request: Request) {
  return request.headers.has("Authorization") || SESSION_COOKIE.has(request);
}
