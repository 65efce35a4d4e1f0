import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN_MESSAGE, mayHold, neededFor } from "~/domain/accounts/permissions";
import { TEAM_ROLES, type TeamRole } from "~/lib/team-roles";
import routes from "~/routes";
import { allEndpoints } from "~/routes/api/registry.server";
import { consoleCookie, createAdmin } from "../../tests/helpers/accounts";
import { api, ORIGIN } from "../../tests/helpers/api";
import { addPost } from "../../tests/helpers/console-data";
import { outcome, routeArgs } from "../../tests/helpers/route-call";
import { routePolicy } from "./request-policy.server";

/*
 * The permission matrix (decision 064), derived from the two registries: every console route
 * of the route table with a loader or an action, and every admin endpoint of the /api registry,
 * called by a member of each role. A role the declared permission allows is let through (the
 * answer may be anything but the role refusal); every other role gets the 403. A route or an
 * endpoint added without a permission fails here, and so does one whose loader or action does
 * not go through the guard.
 */

type RouteModule = { loader?: (args: unknown) => unknown; action?: (args: unknown) => unknown };
const modules = import.meta.glob<RouteModule>("/app/routes/**/*.{ts,tsx}");

type ConsoleRoute = { path: string; file: string };
function consoleRoutes(entries: RouteConfigEntry[], parent = ""): ConsoleRoute[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    return [{ path: path || "/", file: entry.file }, ...consoleRoutes(entry.children ?? [], path)];
  });
}

/** A URL the route serves: each parameter and splat filled in. */
const exampleUrl = (path: string) => path.replace(/:[^/]+/g, "x1").replace(/\*$/, "x1");

/**
 * The parameters of a call: `:id` is a blog post the Author created, so the routes about one post
 * answer by the route's permission (whether a post is an Author's own is post-access.server.test.ts's).
 */
const paramsOf = (path: string) =>
  Object.fromEntries([...path.matchAll(/:([A-Za-z_]+)/g)].map(([, name]) => [name, name === "id" ? postId : "x1"]));
let postId = "x1";

const adminRoutes = consoleRoutes(routes as RouteConfigEntry[])
  .map((route) => ({ ...route, url: exampleUrl(route.path) }))
  .filter((route) => routePolicy(route.url).caller === "admin");
const adminEndpoints = allEndpoints.filter((endpoint) => endpoint.access === "admin");

const members = new Map<TeamRole, { id: string; token: string }>();
let matrixSize = 0;

beforeAll(async () => {
  for (const role of TEAM_ROLES) {
    const { admin, token } = await createAdmin({ role, name: `Matrix ${role}` });
    members.set(role, { id: admin.id, token });
  }
}, 60_000);

afterAll(() => {
  // The closing note quotes this: how many (role, route or endpoint, method) cells were checked.
  console.info(`permission matrix: ${matrixSize} cells checked`);
});

/** A fresh console session of the role's member (a call may end one: signing out). */
const cookieOf = (role: TeamRole) => consoleCookie(members.get(role)?.id ?? "");

/** Whether a loader's or action's answer is the guards' role refusal. */
function isRoleRefusal(answer: unknown) {
  const init = (answer as { init?: { status?: number } } | null)?.init;
  const body = (answer as { data?: unknown } | null)?.data;
  return init?.status === 403 && body === FORBIDDEN_MESSAGE;
}

describe("the console routes' permissions (route table × roles)", { timeout: 240_000 }, () => {
  it("every console route declares its permission in the route table", () => {
    const undeclared = adminRoutes.filter((route) => routePolicy(route.url).permission === undefined);
    expect(undeclared.map((route) => `${route.path} (${route.file})`)).toEqual([]);
  });

  it("each role reaches exactly the loaders and actions its permissions allow", async () => {
    expect(adminRoutes.length).toBeGreaterThan(25);
    const wrong: string[] = [];
    for (const route of adminRoutes) {
      const load = modules[`/app/${route.file}`];
      if (!load) throw new Error(`No module for ${route.file}`);
      const module = await load();
      const declared = routePolicy(route.url).permission;
      // A post of the Author's own for each route (a delete by an earlier role leaves none).
      postId = (await addPost({ title: "The Author's own", createdBy: members.get("author")?.id })).id;
      for (const [kind, run] of [
        ["loader", module.loader],
        ["action", module.action],
      ] as const) {
        if (typeof run !== "function") continue;
        const method = kind === "loader" ? "GET" : "POST";
        for (const role of TEAM_ROLES) {
          const cookie = await cookieOf(role);
          const params = paramsOf(route.path);
          const url = route.path
            .replace(/:([A-Za-z_]+)/g, (_, name: string) => params[name] ?? "x1")
            .replace(/\*$/, "x1");
          const request = new Request(`${ORIGIN}${url}`, {
            method,
            headers: { Cookie: cookie, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
            body: method === "POST" ? new URLSearchParams() : undefined,
          });
          const answer = await outcome(async () => run(routeArgs(request, params)));
          const allowed = declared !== undefined && mayHold(role, neededFor(declared, method));
          matrixSize++;
          if (allowed === isRoleRefusal(answer)) {
            wrong.push(
              `${role} ${kind} ${route.path}: ${allowed ? "refused but allowed" : "let through but not allowed"}`,
            );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("the /api endpoints' permissions (endpoint registry × roles)", { timeout: 240_000 }, () => {
  it("every admin endpoint declares its permission", () => {
    const undeclared = adminEndpoints.filter((endpoint) => endpoint.permission === undefined);
    expect(undeclared.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([]);
  });

  it("each role calls exactly the endpoints its permissions allow; others get 403 {success:false, error}", async () => {
    const wrong: string[] = [];
    for (const endpoint of adminEndpoints) {
      const path = endpoint.path.replace(/:[A-Za-z_]+/g, "some-id");
      for (const role of TEAM_ROLES) {
        const { token } = members.get(role) ?? { token: "" };
        const r = await api(endpoint.method, path, { token, body: endpoint.method === "GET" ? undefined : {} });
        const refused = r.status === 403 && r.json?.success === false && r.json?.error === FORBIDDEN_MESSAGE;
        const allowed = endpoint.permission !== undefined && mayHold(role, endpoint.permission);
        matrixSize++;
        if (allowed === refused) {
          wrong.push(`${role} ${endpoint.method} ${endpoint.path}: ${allowed ? "refused" : `answered ${r.status}`}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("the OpenAPI document states each admin operation's permission", async () => {
    const { buildOpenApi } = await import("~/http/api/openapi.server");
    const doc = buildOpenApi(allEndpoints) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    for (const endpoint of adminEndpoints) {
      const operation = doc.paths[endpoint.path.replace(/:([A-Za-z_]+)/g, "{$1}")]?.[endpoint.method.toLowerCase()];
      expect(operation?.["x-permission"], `${endpoint.method} ${endpoint.path}`).toBe(endpoint.permission);
      expect(operation?.description).toMatch(/roles: /);
      expect(Object.keys((operation?.responses as object) ?? {})).toContain("403");
    }
  });
});
