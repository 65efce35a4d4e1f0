import { createHash } from "node:crypto";
import path from "node:path";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { getPlatformProxy } from "wrangler";
import { PARKED_MODULE_TYPE } from "../../app/lib/scripts-after-paint.server";
import { removeMade } from "../helpers/e2e-cleanup";
import { E2E_ADMIN } from "./credentials";

export { expect };

/**
 * What the running test made (decision 027): the unique values it made up and the API sessions
 * it opened. After the test, the `cleanUp` fixture deletes every row carrying them straight from
 * the server's local D1 database (tests/helpers/e2e-cleanup.ts, decision 059). Values made
 * outside a test (in `beforeAll`) are not recorded: whoever makes them there removes them in
 * `afterAll`.
 */
let made: { marks: Set<string>; sessions: Set<string> } | null = null;

/** A fresh value for titles and names, removed after the test with what carries it. */
export function uniqueMark(prefix = "e2e") {
  const mark = `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  made?.marks.add(mark);
  return mark;
}

/** A fresh client address (CF-Connecting-IP) for the per-address limits; its counters are removed after the test. */
export function uniqueAddress() {
  // Three digits in every part: no address is the start of another (the clean-up matches inside text).
  const part = () => 100 + Math.floor(Math.random() * 155);
  const address = `10.${part()}.${part()}.${part()}`;
  made?.marks.add(address);
  return address;
}

/** A fresh email per test, so tests can run in parallel against one database; removed after the test. */
export function uniqueEmail(prefix = "user") {
  const email = `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@e2e.test`;
  made?.marks.add(email);
  return email;
}

/** The session row's id is its token's sha256 (sessions.server.ts). */
const sessionId = (token: string) => createHash("sha256").update(token).digest("hex");

/** Signs in through the login form (works with JavaScript on or off). */
export async function signInAsAdmin(page: Page, credentials: { email: string; password: string } = E2E_ADMIN) {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password", { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/admin\/(dashboard|pending)/);
  const session = (await page.context().cookies()).find((cookie) => cookie.name === "flowlane_session");
  // React Router's cookie value: the token as URI-encoded base64 JSON (decision 032).
  if (session) made?.sessions.add(sessionId(JSON.parse(atob(decodeURIComponent(session.value))) as string));
}

/** An admin API token for arranging data and reading the email log. */
export async function adminToken(request: APIRequestContext) {
  const response = await request.post("/api/auth/login", {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.ok()).toBeTruthy();
  const token = (await response.json()).data.accessToken as string;
  made?.sessions.add(sessionId(token));
  return token;
}

type Email = { to: string; subject: string; text: string; kind: string; status: string };

/** The messages sent to an address, newest first, read from the admin email log. */
export async function emailsTo(request: APIRequestContext, to: string): Promise<Email[]> {
  const token = await adminToken(request);
  const response = await request.get(`/api/admin/emails?to=${encodeURIComponent(to)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBeTruthy();
  return (await response.json()).data;
}

/**
 * The e2e server's local D1 database, opened beside it as `wrangler d1 execute --local` does
 * (miniflare on the same persisted state, scripts/e2e.ts's PERSIST_DIR): one per Playwright
 * worker process. SQLite's own locking keeps the two processes' writes apart.
 */
async function openLocalDatabase() {
  const persistDir = process.env.PERSIST_DIR;
  if (!persistDir) throw new Error("PERSIST_DIR is not set: start the suite with npm run test:e2e");
  return getPlatformProxy<Env>({
    configPath: path.join(import.meta.dirname, "..", "..", "wrangler.toml"),
    persist: { path: path.join(persistDir, "v3") },
    remoteBindings: false,
  });
}

/**
 * With JavaScript on, makes the page's `goto` and `reload` also wait until React has hydrated
 * what they loaded (`<html data-hydrated>`, set in root.tsx). The scripts start after the first
 * paint (decision 036), so the browser's "load" can come before hydration, and a click in
 * between gets the no-JavaScript behaviour instead of the one the test is about. Documents the
 * app does not hydrate (feeds, JSON, files, pages without its scripts) are not waited for.
 */
export function hydrating(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return page;
  const untilHydrated = () =>
    page.waitForFunction(
      (parkedType) =>
        document.contentType !== "text/html" ||
        document.documentElement.dataset.hydrated === "true" ||
        !document.querySelector(`script[type="module"], script[type="${parkedType}"]`),
      PARKED_MODULE_TYPE,
      { timeout: 10_000 },
    );
  const thenHydrated =
    <Args extends unknown[], Result>(navigate: (...args: Args) => Promise<Result>) =>
    async (...args: Args) => {
      const result = await navigate(...args);
      await untilHydrated();
      return result;
    };
  page.goto = thenHydrated(page.goto.bind(page));
  page.reload = thenHydrated(page.reload.bind(page));
  return page;
}

/** Fails the test on any page error or console error (STYLE: tests fail on console.error). */
// biome-ignore lint/suspicious/noConfusingVoidType: Playwright's type for a fixture with no value
export const test = base.extend<{ cleanUp: void; failOnConsoleError: void }, { localDatabase: D1Database }>({
  localDatabase: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const platform = await openLocalDatabase();
      try {
        await use(platform.env.DB);
      } finally {
        await platform.dispose();
      }
    },
    { scope: "worker" },
  ],
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(hydrating(page, javaScriptEnabled));
  },
  // Set up before every other fixture of the test and torn down after them, pass or fail.
  cleanUp: [
    async ({ localDatabase }, use) => {
      made = { marks: new Set(), sessions: new Set() };
      try {
        await use();
      } finally {
        const { marks, sessions } = made;
        made = null;
        await removeMade(localDatabase, { marks: [...marks], sessions: [...sessions] });
      }
    },
    { auto: true },
  ],
  failOnConsoleError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        // The email viewer's iframe is sandboxed without scripts on purpose (decision 021): the
        // browser reporting a script it blocked there is the sandbox doing its work.
        const sandboxAtWork = /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/;
        if (
          message.type() === "error" &&
          !/Failed to load resource/.test(message.text()) &&
          !sandboxAtWork.test(message.text())
        ) {
          errors.push(`console.error: ${message.text()}`);
        }
      });
      await use();
      expect(errors, errors.join("\n")).toEqual([]);
    },
    { auto: true },
  ],
});
