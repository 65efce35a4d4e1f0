import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { createSession } from "~/domain/accounts/sessions.server";
import routes from "~/routes";
import { allEndpoints } from "~/routes/api/registry.server";
import { createAdmin } from "../../tests/helpers/accounts";
import { api } from "../../tests/helpers/api";
import { addCallback, addMeeting, addPost, addUser } from "../../tests/helpers/console-data";

/**
 * One row in every searchable table: SQLite only evaluates a search expression (and only then
 * hits D1's LIKE pattern cap) when there is a row to test it on.
 */
async function seedRows() {
  await Promise.all([
    addMeeting({ name: "Kavya Menon", company: "Acme 100% Ltd" }),
    addCallback({ firstName: "Arjun", lastName: "Rao", company: "Globex_Corp" }),
    addUser({ firstName: "Neha", lastName: "Kapoor" }),
    addPost({ status: "published", tags: ["news"] }),
  ]);
}

/**
 * Bad input is a 4xx, never a 5xx (issue 11): every string shape an attacker or a broken
 * client can send, at every route with a query or path parameter, found by walking the /api
 * endpoint registry and the page route config (so a new route is covered without editing this).
 */
const SHAPES: [string, string][] = [
  ["empty", ""],
  ["blank", "   "],
  ["49 bytes", "a".repeat(49)],
  ["51 bytes (over D1's LIKE cap)", "b".repeat(51)],
  ["very long", "x".repeat(5000)],
  ["long non-Latin", "ü".repeat(1000)],
  ["Devanagari", "कव्या मेनन"],
  ["Arabic", "مرحبا بالعالم"],
  ["CJK", "数据株式会社"],
  ["emoji", "😀👍🏽👨‍👩‍👧"],
  ["right-to-left override", "\u202eevil"],
  ["percent", "%"],
  ["LIKE wildcards", "%_%"],
  ["backslash", "\\"],
  ["quotes", `'"\``],
  ["SQL", "' OR 1=1 --"],
  ["NUL", "\u0000"],
  ["control characters", "\u0001\u001f\u007f\r\n\t"],
  ["malformed escape", "%E0%A4%A"],
  ["bad escape", "%zz"],
  ["invalid UTF-8 escape", "%ED%A0%80"],
  ["escaped NUL", "%00"],
  ["negative number", "-1"],
  ["zero", "0"],
  ["huge number", "99999999999999999999999"],
  ["exponent", "1e309"],
  ["NaN", "NaN"],
  ["fraction", "1.5"],
  ["path traversal", "../../etc/passwd"],
  ["markup", "<script>alert(1)</script>"],
  ["JSON", '{"$gt":""}'],
  ["null", "null"],
];

/** Shapes that also go, one query key at a time, to every key a page reads. */
const SHARP = SHAPES.filter(([name]) => ["very long", "malformed escape", "huge number"].includes(name));

/** Query keys the pages read (`searchParams.get(...)` and their list schemas), plus common ones. */
const PAGE_KEYS = [
  "q",
  "page",
  "limit",
  "status",
  "date",
  "time",
  "month",
  "mode",
  "plan",
  "billing",
  "tag",
  "notice",
  "session",
  "signedOut",
  "booked",
  "requested",
  "retried",
  "account",
  "approved",
  "rejected",
  "sent",
  "password",
  "type",
  "kind",
  "action",
  "entity",
  "from",
  "to",
  "sort",
];

const isServerError = (status: number) => status >= 500;

/** `value` as it appears in a URL; a malformed escape is kept raw, as a client would send it. */
const inUrl = (name: string, value: string) => (/escape/.test(name) ? value : encodeURIComponent(value));

describe("every /api endpoint with a path or query parameter", () => {
  const endpoints = allEndpoints.filter((e) => e.path.includes(":") || e.query);

  it("answers a malformed %-escape in the path with a 400 JSON error", async () => {
    const r = await api("GET", "/api/blogs/%E0%A4%A");
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ success: false, error: "The path contains malformed percent-encoding." });
  });

  it("covers the lists, the searches and the detail routes", () => {
    const paths = endpoints.map((e) => `${e.method} ${e.path}`);
    for (const expected of [
      "GET /api/meetings",
      "GET /api/subscriptions",
      "GET /api/callbacks",
      "GET /api/dashboard/search",
      "GET /api/blogs/:id",
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it.each(endpoints.map((e) => [`${e.method} ${e.path}`, e] as const))(
    "%s never answers 5xx to any shape in any parameter",
    async (_name, endpoint) => {
      await seedRows();
      const { token } = await createAdmin();
      const keys = Object.keys((endpoint.query as z.ZodObject | undefined)?.shape ?? {});
      const failures: string[] = [];
      for (const [name, value] of SHAPES) {
        const path = endpoint.path.replace(/:\w+/g, inUrl(name, value) || "%20");
        const base = endpoint.path.replace(/:\w+/g, "x");
        const targets = [path, ...keys.map((key) => `${base}?${key}=${inUrl(name, value)}`)];
        await Promise.all(
          targets.map(async (target) => {
            const r = await api(endpoint.method, target, endpoint.method === "GET" ? { token } : { token, body: {} });
            if (isServerError(r.status) || typeof r.json?.success !== "boolean") {
              failures.push(`${endpoint.method} ${target.slice(0, 120)} (${name}) → ${r.status}`);
            }
          }),
        );
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );
});

type Flat = { path: string; file: string };

function flatten(entries: RouteConfigEntry[], parent = ""): Flat[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent || "/";
    return [{ path, file: entry.file }, ...flatten(entry.children ?? [], path)];
  });
}

type Loader = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;
const modules = import.meta.glob<{ loader?: Loader }>("/app/routes/**/*.{ts,tsx}");

/** The status of a loader's outcome: a returned value is a 200; thrown Errors are the 5xx we hunt. */
async function statusOf(loader: Loader, request: Request, params: Record<string, string>) {
  try {
    const result = await loader({ request, params, context: {} });
    if (result instanceof Response) {
      await result.body?.cancel();
      return result.status;
    }
    const init = (result as { type?: string; init?: { status?: number } } | null)?.init;
    return init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    const init = (thrown as { type?: string; init?: { status?: number } } | null)?.init;
    if ((thrown as { type?: string })?.type === "DataWithResponseInit") return init?.status ?? 200;
    return `500 (${thrown instanceof Error ? thrown.message.slice(0, 200) : String(thrown)})`;
  }
}

describe("every page route", () => {
  const pages = flatten(routes as RouteConfigEntry[]).filter((r) => !r.path.startsWith("/api/"));

  it("finds the public and console pages", () => {
    const paths = pages.map((p) => p.path);
    for (const expected of ["/demo", "/blog/:id", "/admin/dashboard/meetings/:id", "/admin/dashboard/search"]) {
      expect(paths).toContain(expected);
    }
  });

  const withParams = pages.filter((p) => modules[`/app/${p.file}`]);

  it.each(withParams.map((p) => [p.path, p] as const))(
    "%s never fails with a 5xx on any shape in a path or query parameter",
    async (_name, { path, file }) => {
      const loader = (await modules[`/app/${file}`]?.())?.loader;
      if (!loader) return;
      await seedRows();
      const { admin } = await createAdmin();
      const cookie = `flowlane_session=${(await createSession(admin.id, "browser")).token}`;
      const keys = [...path.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? "*");
      const failures: string[] = [];
      const attempt = async (name: string, urlPath: string, query: string, value: string) => {
        const request = new Request(`http://localhost${urlPath}${query ? `?${query}` : ""}`, {
          headers: { Cookie: cookie },
        });
        const params = Object.fromEntries(keys.map((k) => [k, value]));
        const status = await statusOf(loader, request, params);
        if (typeof status !== "number" || isServerError(status)) {
          failures.push(`${urlPath.slice(0, 80)}?${query.slice(0, 60)} (${name}) → ${status}`);
        }
      };
      // Every key at once with every shape, then the sharpest shapes one key at a time.
      await Promise.all(
        SHAPES.map(([name, value]) => {
          const encoded = inUrl(name, value);
          const urlPath = path.replace(/:\w+|\*/g, encoded || "%20");
          return attempt(name, urlPath, PAGE_KEYS.map((k) => `${k}=${encoded}`).join("&"), value);
        }),
      );
      const urlPath = path.replace(/:\w+|\*/g, "x");
      await Promise.all(
        SHARP.flatMap(([name, value]) =>
          PAGE_KEYS.map((key) => attempt(name, urlPath, `${key}=${inUrl(name, value)}`, "x")),
        ),
      );
      expect(failures).toEqual([]);
    },
    120_000,
  );
});
