import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { RoutePermission } from "../domain/accounts/permissions";

/*
 * What kind of request a route answers, declared once beside the route in the route table
 * (app/routes.ts and each area's routes.ts, decision 061). Every layer that used to guess it
 * from the URL reads this one answer through `routePolicy` (app/http/request-policy.server.ts):
 * the form body cap, the edge cache, the sitemap, where the D1 session starts, the API's answers
 * and the two-factor enrolment exceptions. Plain values and relative imports only: React
 * Router's config loader evaluates the route table outside the app's aliases.
 */

export type RoutePolicy = {
  /**
   * Who may call it: `public` (anyone, the same answer for everyone), `visitor` (anyone, an
   * answer of their own: forms, codes, manage links), `admin` (a signed-in admin), `api` (the
   * JSON API under /api: credentials in a header or cookie, 401/403 answers, the D1 bookmark in a header).
   */
  caller: "public" | "visitor" | "admin" | "api";
  /**
   * The cap on a form body (decision 014): `form` 64 KiB, `editor` 1 MiB (whole articles),
   * `upload` an image and its framing; `api` bodies are capped by the API's dispatcher.
   */
  body: "form" | "editor" | "upload" | "api";
  /**
   * What the edge cache may keep of its GET answers (decision 015): nothing (null), `page` (the
   * same HTML for every visitor), `blog-page` (HTML that shows posts: keyed by the blog's
   * content version), `blog-feed` (XML that lists posts).
   */
  cache: "page" | "blog-page" | "blog-feed" | null;
  /** Where a read's D1 session starts: the nearest replica (or the visitor's bookmark), or the primary. */
  d1: "nearest" | "primary";
  /** A page listed in /sitemap/pages.xml. */
  sitemap?: true;
  /** Reachable by an admin who has not set up two-factor sign-in yet when REQUIRE_2FA is on (decision 041). */
  beforeTwoFactor?: true;
  /**
   * For `admin` routes: the named permission (decision 064) a member's role must hold to read the
   * page (GET) and to post its forms (`change`, default the same). `requireAdmin` checks it for
   * every loader and action of the route; a route of the console without one refuses everyone.
   */
  permission?: RoutePermission;
};

/** A marketing page: the same HTML for everyone, kept at the edge, in the sitemap. */
export const MARKETING_PAGE: RoutePolicy = {
  caller: "public",
  body: "form",
  cache: "page",
  d1: "nearest",
  sitemap: true,
};
/** A page a visitor fills in or that answers for them alone: never kept at the edge. */
export const VISITOR_PAGE: RoutePolicy = { caller: "visitor", body: "form", cache: null, d1: "nearest" };
/** A public page or file that lists blog posts: kept at the edge under the blog's content version. */
export const BLOG_PAGE: RoutePolicy = { caller: "public", body: "form", cache: "blog-page", d1: "nearest" };
export const BLOG_FEED: RoutePolicy = { caller: "public", body: "form", cache: "blog-feed", d1: "nearest" };
/** A public resource answered per request (theme switch, robots, media). */
export const PUBLIC_RESOURCE: RoutePolicy = { caller: "public", body: "form", cache: null, d1: "nearest" };
/** The admin console: always at the primary (an admin sees everything committed). */
export const ADMIN_PAGE: RoutePolicy = { caller: "admin", body: "form", cache: null, d1: "primary" };
/** The JSON API. */
export const API: RoutePolicy = { caller: "api", body: "api", cache: null, d1: "nearest" };

const policies = new WeakMap<RouteConfigEntry, RoutePolicy>();
/** Every entry that declared a policy, so a test can check each one is a route the table serves. */
const declared: RouteConfigEntry[] = [];

/**
 * The entries, each declaring `policy` for itself and every route below it that declares none.
 * An entry that already declares one (an inner `withPolicy`/`withOwnPolicy`) keeps it: the
 * declaration closest to the route wins. Returns the same entries (wrap the result of
 * `prefix()`, which makes new ones).
 */
export function withPolicy<T extends RouteConfigEntry>(policy: RoutePolicy, entries: T[]): T[] {
  for (const entry of entries) {
    if (policies.has(entry)) continue;
    policies.set(entry, policy);
    declared.push(entry);
  }
  return entries;
}

/** The entry with `policy` declared for it (and the routes below it that declare none). */
export function withOwnPolicy<T extends RouteConfigEntry>(policy: RoutePolicy, entry: T): T {
  withPolicy(policy, [entry]);
  return entry;
}

/** The policy declared on this entry itself, if any. */
export const declaredPolicy = (entry: RouteConfigEntry): RoutePolicy | undefined => policies.get(entry);

/** Every entry a policy was declared for (route-policy.test.ts checks the table serves each). */
export const declaredEntries = (): readonly RouteConfigEntry[] => declared;
