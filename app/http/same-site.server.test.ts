import { describe, expect, it } from "vitest";
import { createAdmin } from "../../tests/helpers/accounts";
import { isCrossSite, localPath } from "./same-site.server";

describe("localPath", () => {
  it.each([
    ["/", "/"],
    ["/pricing", "/pricing"],
    ["/blog?page=2#top", "/blog?page=2#top"],
    ["/admin/dashboard/users?q=a%2Fb", "/admin/dashboard/users?q=a%2Fb"],
  ])("keeps the local path %s", (value, expected) => {
    expect(localPath(value, "/fallback")).toBe(expected);
  });

  it.each([
    ["a backslash after the slash", "/\\evil.example"],
    ["a backslash later on", "/ok/..\\\\evil.example"],
    ["a protocol-relative URL", "//evil.example"],
    ["an absolute URL", "https://evil.example/"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a tab that browsers drop", "/\t/evil.example"],
    ["a newline", "/\n/evil.example"],
    ["a NUL", "/\u0000/evil.example"],
    ["DEL", "/\u007f"],
    ["a relative path", "pricing"],
    ["an empty string", ""],
    ["a very long path", `/${"a".repeat(5000)}`],
    ["no value", null],
    ["a file upload", new File(["x"], "x.txt")],
  ])("refuses %s", (_name, value) => {
    expect(localPath(value, "/fallback")).toBe("/fallback");
  });
});

describe("isCrossSite", () => {
  const at = (headers: Record<string, string>) => isCrossSite(new Request("http://localhost/x", { headers }));
  it("lets same-origin browsers and non-browser clients through and refuses other sites", () => {
    expect(at({})).toBe(false);
    expect(at({ "Sec-Fetch-Site": "same-origin" })).toBe(false);
    expect(at({ "Sec-Fetch-Site": "none" })).toBe(false);
    expect(at({ Origin: "http://localhost" })).toBe(false);
    expect(at({ "Sec-Fetch-Site": "cross-site" })).toBe(true);
    expect(at({ "Sec-Fetch-Site": "same-site" })).toBe(true);
    expect(at({ Origin: "https://evil.example" })).toBe(true);
    expect(at({ Origin: "null" })).toBe(true);
  });
});

type RouteModule = { action?: (args: unknown) => Promise<unknown>; default?: unknown };

/** Every route module with an action and no component: React Router's origin check does not cover these. */
const modules = import.meta.glob<RouteModule>(["/app/routes/**/*.{ts,tsx}", "!/app/routes/**/*.test.{ts,tsx}"]);

/**
 * Resource actions another site may post to, and why. RFC 8058's one-click unsubscribe is posted
 * by the reader's mail provider (a webmail page may post it from the browser, cross-site); the
 * signed token in its URL is its whole authority and can only unsubscribe the address it was made
 * for (decision 092; issues.server.test.ts posts it cross-site).
 */
const CROSS_SITE_ALLOWED: Record<string, string> = {
  "/app/routes/newsletter/one-click.ts": "RFC 8058 one-click unsubscribe, authorised by its signed token alone",
};

async function resourceActions() {
  const found: [string, NonNullable<RouteModule["action"]>][] = [];
  for (const [path, load] of Object.entries(modules)) {
    if (path.endsWith(".server.ts") || path.endsWith("routes.ts") || path.includes(".endpoints.")) continue;
    if (path in CROSS_SITE_ALLOWED) continue;
    const mod = await load();
    if (mod.action && !mod.default) found.push([path, mod.action]);
  }
  return found;
}

describe("resource-route actions refuse cross-site posts", () => {
  it("finds them all (logout, notifications, theme, the API)", async () => {
    const paths = (await resourceActions()).map(([path]) => path).sort();
    expect(paths).toEqual(
      expect.arrayContaining([
        "/app/routes/admin/dashboard/notifications.ts",
        "/app/routes/admin/logout.ts",
        "/app/routes/api/dispatch.ts",
        "/app/routes/resources/theme.ts",
      ]),
    );
    // The first call transforms every route module (and the code they import).
  }, 120_000);

  it.each([
    ["Origin", { Origin: "https://evil.example" }],
    ["Sec-Fetch-Site", { "Sec-Fetch-Site": "cross-site" }],
  ])("answers 403 to a cross-site %s and changes nothing", async (_name, headers) => {
    const { token } = await createAdmin();
    for (const [path, action] of await resourceActions()) {
      const request = new Request("http://localhost/api/auth/logout", {
        method: "POST",
        body: new URLSearchParams({ theme: "dark", returnTo: "/", background: "1" }),
        headers: { ...headers, Authorization: `Bearer ${token}`, Cookie: `flowlane_session=${token}` },
      });
      const response = await action({ request, params: {}, context: {} }).catch((thrown: unknown) => thrown);
      expect(response, path).toBeInstanceOf(Response);
      expect((response as Response).status, path).toBe(403);
      expect((response as Response).headers.get("Set-Cookie"), path).toBeNull();
    }
    // The session survived every refused logout.
    const still = await import("~/domain/accounts/sessions.server").then((m) => m.findSession(token));
    expect(still).not.toBeNull();
  });
});

describe("the theme switch without JavaScript", () => {
  it.each([
    ["/\\evil.example", "/"],
    ["//evil.example", "/"],
    ["/\t/evil.example", "/"],
    ["/pricing?x=1", "/pricing?x=1"],
  ])("returnTo %j comes back to %s", async (returnTo, location) => {
    const { action } = await import("~/routes/resources/theme");
    const request = new Request("http://localhost/resources/theme", {
      method: "POST",
      body: new URLSearchParams({ theme: "dark", returnTo }),
      headers: { Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" },
    });
    const response = (await action({ request, params: {}, context: {} } as never)) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(location);
  });
});
