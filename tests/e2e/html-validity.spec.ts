import type { APIResponse } from "@playwright/test";
import { type ConfigData, HtmlValidate } from "html-validate";
import { matchRoutes, type RouteObject } from "react-router";
import routes from "../../app/routes";
import { quietWebhookEndpoint } from "./console-helpers";
import { adminToken, expect, signInAsAdmin, test, uniqueAddress, uniqueEmail, uniqueMark } from "./fixtures";

/**
 * Every page of the app, public and console, as the server renders it (the HTML a crawler or a
 * browser without JavaScript gets), passes html-validate's recommended rules. The rules
 * turned off are listed with their reasons in decision 025.
 */
const RULES: ConfigData = {
  extends: ["html-validate:recommended"],
  rules: {
    // How React serialises markup, all valid HTML: camelCase attribute names (`charSet`,
    // `maxLength`; HTML attribute names are case-insensitive), `<br/>`, `disabled=""`, `download=""`.
    "attr-case": "off",
    "void-style": "off",
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    // React's useId gives ids such as `_R_3knj5_` and rehype-slug ids such as `1-purchase-requests`:
    // valid in HTML5 (any id without spaces), only not CSS-identifier friendly.
    "valid-id": ["error", { relaxed: true }],
    // Bar charts set their bar widths from data; nothing else may use inline styles.
    "no-inline-style": ["error", { allowedProperties: ["display", "width"] }],
    // `role="list"` on a styled <ul>/<ol> is deliberate: Safari/VoiceOver drops list semantics
    // when CSS removes the markers, and the role lets the list carry its aria-label.
    "no-redundant-role": "off",
    // The same reason on <ol role="list"> (numbered steps): it is already the native list element.
    "prefer-native-element": ["error", { exclude: ["list"] }],
    // The console's top-bar search is one search field in a role="search" GET form, submitted
    // with Enter (implicit submission, no JavaScript needed), like the search boxes of most sites.
    "wcag/h32": "off",
    // A group of checkboxes sharing one name is a list of values (a webhook endpoint's events).
    "form-dup-name": ["error", { shared: ["radio", "button", "reset", "submit", "checkbox"] }],
  },
};
const validators = {
  public: new HtmlValidate(RULES),
  // Console pages are noindex and never shown in search results, whose cut-off is what
  // long-title guards; a console title may name a whole post ("Preview: … | Flowlane Admin").
  console: new HtmlValidate({ ...RULES, rules: { ...RULES.rules, "long-title": "off" } }),
};

type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] };
type Handle = { pattern: string; page: boolean };
type Side = "public" | "console";

/**
 * app/routes.ts as React Router's matcher reads it. Each route carries its full path pattern
 * and whether it is a page (a .tsx module with a URL of its own; .ts modules are resources).
 */
function routeObjects(entries: RouteEntry[], base = ""): RouteObject[] {
  return entries.map((entry) => {
    const pattern = entry.path === undefined ? base : `${base}/${entry.path}`.replace(/\/+/g, "/");
    const handle: Handle = {
      pattern: pattern || "/",
      page: entry.file.endsWith(".tsx") && (entry.index === true || entry.path !== undefined),
    };
    return entry.index
      ? { index: true, path: entry.path, handle }
      : { path: entry.path, handle, children: routeObjects(entry.children ?? [], pattern) };
  });
}

const ROUTES = routeObjects(routes as RouteEntry[]);
const PAGES = [
  ...new Set(
    (function patterns(objects: RouteObject[]): string[] {
      return objects.flatMap((o) => [
        ...((o.handle as Handle).page ? [(o.handle as Handle).pattern] : []),
        ...patterns(o.children ?? []),
      ]);
    })(ROUTES),
  ),
].filter((pattern) => !pattern.includes("*"));

/** The page pattern a URL path lands on, or null for a resource, an API path or the 404. */
function pageOf(path: string) {
  const handle = matchRoutes(ROUTES, path)?.at(-1)?.route.handle as Handle | undefined;
  return handle?.page && !handle.pattern.includes("*") ? handle.pattern : null;
}

const isConsole = (pattern: string) => pattern === "/admin/dashboard" || pattern.startsWith("/admin/dashboard/");

/** Page states the route list alone does not reach: the 404 page, and search with results. */
const EXTRA = { public: ["/no-such-page"], console: ["/admin/dashboard/search?q=acme"] };

/** Pages with parameters that no checked page links to, each with the reason. */
const UNLINKED: Record<string, string> = {
  "/demo/manage/:token": "its link (a secret token) is only in the visitor's emails",
};

/**
 * Every page of app/routes.ts on one side (public or console): each page without parameters,
 * and each page with parameters through the first link to it on a page already checked (a post
 * through /blog, a meeting through Demo Meetings). A new page is checked without editing this
 * file; a new page with parameters that nothing links to fails until it is listed in UNLINKED.
 */
async function checkPages(get: (path: string) => Promise<APIResponse>, side: Side) {
  const wanted = PAGES.filter((pattern) => isConsole(pattern) === (side === "console"));
  const queue = [...wanted.filter((pattern) => !pattern.includes(":")), ...EXTRA[side]];
  const reached = new Set(queue.map((path) => pageOf(path.split("?")[0]!)));
  const all: string[] = [];
  for (let i = 0; i < queue.length; i++) {
    const path = queue[i]!;
    const response = await get(path);
    expect([200, 404], path).toContain(response.status());
    const html = await response.text();
    all.push(...(await problems(html, side)).map((p) => `${path} ${p}`));
    for (const [, href] of html.matchAll(/href="(\/[^"?#]*)/g)) {
      const pattern = pageOf(href!);
      if (pattern && wanted.includes(pattern) && !reached.has(pattern)) {
        reached.add(pattern);
        queue.push(href!);
      }
    }
  }
  expect(all).toEqual([]);
  expect(wanted.filter((pattern) => !reached.has(pattern) && !(pattern in UNLINKED))).toEqual([]);
  return queue;
}

async function problems(html: string, side: Side) {
  const report = await validators[side].validateString(html);
  return report.results.flatMap((result) =>
    result.messages
      .filter((message) => message.severity === 2)
      .map(
        (message) => `${message.line}:${message.column} ${message.ruleId}: ${message.message} (${message.selector})`,
      ),
  );
}

// The server's HTML is the same for both projects: check it once.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server HTML does not depend on the browser");

test("public pages are valid HTML", async ({ request }) => {
  const checked = await checkPages((path) => request.get(path), "public");
  expect(checked).toEqual(expect.arrayContaining(["/", "/blog", "/demo", "/free-trial", "/admin"]));
});

test("console pages are valid HTML", async ({ page, request }) => {
  // A callback request, so the email log links at least one message (its sales notice).
  const callback = await request.post("/api/callbacks", {
    headers: { "CF-Connecting-IP": uniqueAddress() },
    data: { firstName: "Val", lastName: "Idity", email: uniqueEmail("html"), company: "Markup Ltd" },
  });
  expect(callback.status()).toBe(201);
  // A CRM webhook endpoint (turned off: it receives nothing), so Settings → Integrations links its page.
  await quietWebhookEndpoint(request, "https://crm.example.com/html-validity");
  // A newsletter issue, so Settings → Newsletter links its page (decision 092).
  const issue = await request.post("/api/newsletter/issues", {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { subject: `Markup ${uniqueMark("html")}`, markdown: "Valid **HTML** only." },
  });
  expect(issue.status()).toBe(201);
  await signInAsAdmin(page);
  const checked = await checkPages((path) => page.request.get(path), "console");
  expect(checked).toEqual(expect.arrayContaining(["/admin/dashboard", "/admin/dashboard/settings/emails"]));
});
