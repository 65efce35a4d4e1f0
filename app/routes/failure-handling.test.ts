import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";

/**
 * Decision 050: every route with an `action` says what happened when its request gets no answer
 * (with JavaScript on, a `clientAction` built on `submitKeepingInput` keeps the input and shows the
 * form's own message), or is listed here with the reason it needs none. The list of routes comes
 * from the route config itself, so a new route with an action fails this test until it has one or
 * the other.
 */
const EXEMPT: Record<string, string> = {
  "routes/admin/catch-all.ts": "changes nothing: answers a cross-site refusal or a redirect",
  "routes/admin/dashboard/catch-all.ts": "changes nothing: answers a cross-site refusal or a redirect",
  "routes/admin/logout.ts":
    "nothing typed to keep; a resource route has no page to show a message on, so a failed sign-out shows the error page, which says the request failed",
  "routes/admin/dashboard/blog/autosave.ts":
    "posted by the editor's script with fetch, which keeps the text and says the autosave failed (decision 030)",
  "routes/admin/dashboard/blog/images.ts":
    "a native multipart form (a document post with JavaScript on too): the browser's own behaviour applies",
  "routes/admin/dashboard/blog/review.ts":
    "the editor's review forms are native forms (a document post with JavaScript on too, decision 069): the browser's own behaviour applies, and the note is one short field",
  "routes/admin/dashboard/settings/security-codes-txt.ts":
    "a file download (reloadDocument) that changes nothing: the codes stay on the page it was posted from",
  "routes/api/dispatch.ts": "the JSON API: its clients handle their own failures",
  "routes/resources/theme.ts":
    "with JavaScript the theme changes on the page at once and remix-themes posts it in the background; without it, a plain form",
  "routes/newsletter/one-click.ts":
    "RFC 8058 one-click unsubscribe: posted by the reader's mail provider, never by a page of ours (decision 092)",
};

/** Every route file of the config, children included. */
function routeFiles(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [entry.file, ...routeFiles(entry.children ?? [])]);
}

type RouteModule = { action?: unknown; clientAction?: unknown };
const modules = import.meta.glob<RouteModule>("/app/routes/**/*.{ts,tsx}");

let loaded: Promise<{ file: string; module: RouteModule }[]> | undefined;
/** Every route file of the config, imported once for the whole file (the first import is slow). */
function routeModules() {
  loaded ??= importRouteModules();
  return loaded;
}

async function importRouteModules() {
  const files = [...new Set(routeFiles(routes as RouteConfigEntry[]))];
  return Promise.all(
    files.map(async (file) => {
      const load = modules[`/app/${file}`];
      if (!load) throw new Error(`No module for route file ${file}`);
      return { file, module: await load() };
    }),
  );
}

describe("failure handling on every route with an action (decision 050)", { timeout: 120_000 }, () => {
  it("finds the routes with an action, among them the forms this rule was written for", async () => {
    const withAction = (await routeModules()).filter((r) => typeof r.module.action === "function").map((r) => r.file);
    for (const file of [
      "routes/demo/manage.tsx",
      "routes/admin/two-factor.tsx",
      "routes/admin/forgot-password.tsx",
      "routes/admin/reset-password.tsx",
      "routes/admin/dashboard/settings/security.tsx",
    ]) {
      expect(withAction).toContain(file);
    }
  });

  it("gives every route with an action a clientAction, or a recorded reason it needs none", async () => {
    const missing = (await routeModules())
      .filter(({ module }) => typeof module.action === "function")
      .filter(({ file, module }) => typeof module.clientAction !== "function" && !(file in EXEMPT))
      .map(({ file }) => file);
    expect(missing, `routes with an action but no clientAction and no exemption: ${missing.join(", ")}`).toEqual([]);
  });

  it("keeps the exemptions true: each names a route with an action and no clientAction", async () => {
    const byFile = new Map((await routeModules()).map((r) => [r.file, r.module]));
    for (const [file, reason] of Object.entries(EXEMPT)) {
      expect(reason.length, file).toBeGreaterThan(20);
      const module = byFile.get(file);
      expect(module, `${file} is not in the route config`).toBeDefined();
      expect(typeof module?.action, `${file} has no action`).toBe("function");
      expect(typeof module?.clientAction, `${file} has a clientAction: drop its exemption`).toBe("undefined");
    }
  });
});
