import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { routePolicy, sitemapPaths } from "./request-policy.server";
import { declaredEntries, declaredPolicy, type RoutePolicy } from "./route-policy";

/**
 * The route table is the one answer to "what kind of request is this?" (decision 061): every
 * route declares a policy (itself or through its group), every declaration is a route the table
 * serves, and React Router's matcher finds each route's own policy for its URLs.
 */

type Walked = { path: string; id: string; entry: RouteConfigEntry; policy: RoutePolicy | undefined; leaf: boolean };

function walk(entries: RouteConfigEntry[], parent = "", inherited?: RoutePolicy): Walked[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    const policy = declaredPolicy(entry) ?? inherited;
    const id = entry.id ?? entry.file;
    const self = { path: path || "/", id, entry, policy, leaf: !entry.children };
    return [self, ...walk(entry.children ?? [], path, policy)];
  });
}

const table = walk(routes as RouteConfigEntry[]);

/** A URL the route serves: each parameter and splat filled with a value no fixed segment has. */
const exampleUrl = (path: string) => path.replace(/:[^/]+/g, "x1").replace(/\*$/, "x1");

describe("route policies", () => {
  it("every route of routes.ts declares a policy, itself or through its group", () => {
    const missing = table.filter((route) => route.leaf && !route.policy).map((route) => `${route.path} (${route.id})`);
    expect(missing, "routes without a policy: declare one with withPolicy/withOwnPolicy").toEqual([]);
  });

  it("every declared policy belongs to a route the table serves", () => {
    const served = new Set(table.map((route) => route.entry));
    const stray = declaredEntries()
      .filter((entry) => !served.has(entry))
      .map((entry) => `${entry.path ?? "(index)"} (${entry.id ?? entry.file})`);
    expect(stray, "policies for paths no route serves (a prefix() copy, or a list routes.ts does not include)").toEqual(
      [],
    );
  });

  it("the matcher finds each route's own policy for its URLs", () => {
    for (const route of table.filter((r) => r.leaf)) {
      expect(routePolicy(exampleUrl(route.path)), `${route.path} (${route.id})`).toBe(route.policy);
    }
  });

  it("route data (.data) has the policy of its page", () => {
    expect(routePolicy("/_root.data")).toBe(routePolicy("/"));
    expect(routePolicy("/admin/dashboard/blog/p1/edit.data")).toBe(routePolicy("/admin/dashboard/blog/p1/edit"));
  });

  it("a path with control characters has the policy of the route it names, not a 500", () => {
    expect(routePolicy("/admin/dashboard/%01%1F%7F%0D%0A%09")).toBe(routePolicy("/admin/dashboard/x"));
    expect(routePolicy("/blog/a%0Ab")).toBe(routePolicy("/blog/ab"));
  });

  it("answers what the URL patterns answered before the table did", () => {
    const answer = (path: string) => {
      const { body, cache, d1, caller, beforeTwoFactor = false } = routePolicy(path);
      return { body, cache, d1, caller, beforeTwoFactor };
    };
    // Body caps (was lib/body-limit.server.ts): editor pages, the image upload, /api.
    expect(answer("/admin/dashboard/blog/new").body).toBe("editor");
    expect(answer("/admin/dashboard/blog/p1/autosave").body).toBe("editor");
    expect(answer("/admin/dashboard/blog/p1/images").body).toBe("upload");
    expect(answer("/admin/dashboard/blog").body).toBe("form");
    expect(answer("/demo").body).toBe("form");
    expect(answer("/api/meetings").body).toBe("api");
    // D1 session start (was db/client.server.ts): the console and admin API at the primary.
    for (const path of ["/admin", "/admin/login", "/admin/dashboard", "/api/admin/emails"]) {
      expect(answer(path).d1, path).toBe("primary");
    }
    for (const path of ["/", "/blog", "/api/blogs", "/demo", "/free-trial"])
      expect(answer(path).d1, path).toBe("nearest");
    // Two-factor enrolment exceptions (were regexes in the guards).
    for (const path of [
      "/admin/dashboard/settings/security",
      "/api/auth/2fa/setup",
      "/api/auth/sessions",
      "/api/auth/sessions/s1",
      "/api/auth/session",
      "/api/auth/logout",
    ]) {
      expect(answer(path).beforeTwoFactor, path).toBe(true);
    }
    for (const path of ["/admin/dashboard", "/admin/dashboard/settings/team", "/api/auth/me", "/api/blogs"]) {
      expect(answer(path).beforeTwoFactor, path).toBe(false);
    }
    // /api answers as the API (401/403, bookmark header); the console and sign-in pages do not.
    expect(answer("/api/openapi.json").caller).toBe("api");
    expect(answer("/admin/dashboard").caller).toBe("admin");
  });

  it("the sitemap lists the pages it listed before: marketing pages, trial, demo, blog, and the privacy notice", () => {
    expect([...sitemapPaths()].sort()).toEqual(
      [
        "/",
        "/custom-workflows",
        "/what-is-flowlane",
        "/no-code-required",
        "/form-builder",
        "/integration",
        "/pricing",
        "/free-trial",
        "/demo",
        "/blog",
        "/privacy",
      ].sort(),
    );
    for (const path of sitemapPaths()) expect(path).not.toMatch(/[:*]/);
  });
});
