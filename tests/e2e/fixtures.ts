import { createHash } from "node:crypto";
import {
  type APIRequestContext,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
  type Request,
} from "@playwright/test";
import { PARKED_MODULE_TYPE } from "../../app/http/scripts-after-paint.server";
import { formsOpenedEarlier, PERSON_AGE_MS, withBotCheck } from "./bot-check";
import { E2E_ADMIN } from "./credentials";
import { E2E_CLEANUP_PATH } from "./server/path";

export { expect };

/**
 * What the running test made (decision 027): the unique values it made up and the API sessions
 * it opened. After the test, the `cleanUp` fixture hands them to the server's e2e clean-up
 * path, which deletes every row carrying them. Values made outside a test (in `beforeAll`)
 * are not recorded: whoever makes them there removes them in `afterAll`.
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
  const byte = () => Math.floor(Math.random() * 256);
  const address = `10.${byte()}.${byte()}.${1 + Math.floor(Math.random() * 254)}`;
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
  const pending = new Set<string>();
  const track = (request: Request) => pending.add(`${request.method()} ${request.url()}`);
  const untrack = (request: Request) => pending.delete(`${request.method()} ${request.url()}`);
  page.on("request", track);
  page.on("requestfinished", untrack);
  page.on("requestfailed", untrack);
  await page.getByRole("button", { name: "Sign in" }).click();
  try {
    await page.waitForURL(/\/admin\/(dashboard|pending)/, { timeout: 25_000 });
  } catch (error) {
    const state = await page
      .evaluate(() => ({
        url: location.href,
        hydrated: document.documentElement.dataset.hydrated ?? null,
        button: document.querySelector("button[type=submit]")?.textContent ?? null,
        error: document.querySelector('[data-testid="auth-error"]')?.textContent ?? null,
      }))
      .catch((failure) => String(failure));
    throw new Error(`signInAsAdmin: no navigation: ${JSON.stringify({ state, pending: [...pending] })}`, {
      cause: error,
    });
  } finally {
    page.off("request", track);
    page.off("requestfinished", untrack);
    page.off("requestfailed", untrack);
  }
  const session = (await page.context().cookies()).find((cookie) => cookie.name === "flowlane_session");
  // React Router's cookie value: the token as URI-encoded base64 JSON (decision 032).
  if (session) made?.sessions.add(sessionId(JSON.parse(atob(decodeURIComponent(session.value))) as string));
}

/** Signs out with the console's Logout button and waits for the sign-in page. */
export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL(/\/admin(\?|$)/);
}

/** Stores a theme choice for the page's browser the way the toggle does without JavaScript. */
export async function chooseTheme(page: Page, theme: "light" | "dark") {
  const response = await page.request.post("/resources/theme", { form: { theme, returnTo: "/" }, maxRedirects: 0 });
  expect(response.status()).toBe(303);
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

type Email = {
  to: string;
  subject: string;
  text: string;
  kind: string;
  status: string;
  headers?: Record<string, string> | null;
};

/** The messages sent to an address, newest first, read from the admin email log. */
export async function emailsTo(request: APIRequestContext, to: string): Promise<Email[]> {
  const token = await adminToken(request);
  const response = await request.get(`/api/admin/emails?to=${encodeURIComponent(to)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBeTruthy();
  return (await response.json()).data;
}

/** The newest message of `kind` to an address, once it has been written. */
export async function newestEmail(request: APIRequestContext, to: string, kind: string): Promise<Email> {
  await expect.poll(async () => (await emailsTo(request, to)).some((m) => m.kind === kind)).toBe(true);
  return (await emailsTo(request, to)).find((m) => m.kind === kind) as Email;
}

/** The code in the newest trial code email to an address. */
export async function trialCode(request: APIRequestContext, email: string) {
  const code = (await newestEmail(request, email, "trial.code")).text.match(/ is (\d{6})\./)?.[1];
  expect(code, "code in the email").toBeTruthy();
  return code as string;
}

/** A trial started through the API with `data`, whose email was then verified with its code: it awaits approval. */
export async function verifiedTrialByApi(
  request: APIRequestContext,
  data: { email: string } & Record<string, unknown>,
) {
  const { email } = data;
  const started = await request.post("/api/subscriptions/trial/start", { data });
  expect(started.status()).toBe(201);
  const sent = await request.post("/api/auth/general-email-verification/send-otp", {
    data: { email, purpose: "trial" },
  });
  expect(sent.ok()).toBe(true);
  const otp = await trialCode(request, email);
  const verified = await request.post("/api/auth/general-email-verification/verify-otp", { data: { email, otp } });
  expect(verified.ok()).toBe(true);
}

/** Sends what the test made to the e2e server's clean-up path (tests/e2e/server/cleanup.ts, decision 059). */
async function removeMade(baseURL: string, marks: string[], sessions: string[]) {
  if (marks.length === 0 && sessions.length === 0) return;
  const token = process.env.E2E_CLEANUP_TOKEN;
  if (!token) throw new Error("E2E_CLEANUP_TOKEN is not set: start the suite with npm run test:e2e");
  const response = await fetch(new URL(E2E_CLEANUP_PATH, baseURL), {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-E2E-Cleanup": token },
    body: JSON.stringify({ marks, sessions }),
  });
  expect(response.status, await response.text()).toBe(200);
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

/**
 * A browser page as a person uses it: without JavaScript its forms count as opened `formAgeMs`
 * earlier, its own posts carry the bot check's proofs, and with JavaScript `goto` and `reload`
 * wait for hydration.
 */
async function personsPage(page: Page, javaScriptEnabled: boolean, formAgeMs: number) {
  if (!javaScriptEnabled) await formsOpenedEarlier(page, formAgeMs);
  withBotCheck(page.request);
  return hydrating(page, javaScriptEnabled);
}

/** Opens a page in another person's browser: the `otherPage` fixture. */
export type OtherPage = (options?: BrowserContextOptions) => Promise<Page>;

type Fixtures = {
  // biome-ignore lint/suspicious/noConfusingVoidType: Playwright's type for a fixture with no value
  cleanUp: void;
  // biome-ignore lint/suspicious/noConfusingVoidType: Playwright's type for a fixture with no value
  failOnConsoleError: void;
  formAgeMs: number;
  otherPage: OtherPage;
  axePage: () => Promise<Page>;
};

/** Fails the test on any page error or console error (STYLE: tests fail on console.error). */
export const test = base.extend<Fixtures>({
  // How long before its post a no-JavaScript form counts as opened (the bot check's 3 seconds,
  // decision 080): the test's clock, not a wait. 0 posts forms as fast as the test types.
  formAgeMs: [PERSON_AGE_MS, { option: true }],
  page: async ({ page, javaScriptEnabled, formAgeMs }, use) => {
    await use(await personsPage(page, javaScriptEnabled, formAgeMs));
  },
  // Someone else at the same time (an invitee, a second visitor, the same admin on another
  // device): a browser context of its own with the test's base URL and JavaScript setting
  // (`options` on top), its page made as the test's own; closed after the test.
  otherPage: async ({ browser, baseURL, javaScriptEnabled, formAgeMs }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({ baseURL, javaScriptEnabled, ...options });
      contexts.push(context);
      return personsPage(await context.newPage(), javaScriptEnabled, formAgeMs);
    });
    for (const context of contexts) await context.close();
  },
  // A page axe can run on in both projects, from `otherPage`: axe is itself a script, so with
  // JavaScript off that browser keeps it on and every application script is blocked instead,
  // which leaves the server-rendered page.
  axePage: async ({ otherPage, javaScriptEnabled }, use) => {
    await use(async () => {
      const page = await otherPage({ javaScriptEnabled: true });
      if (!javaScriptEnabled) await page.context().route("**/assets/*.js", (route) => route.abort());
      return page;
    });
  },
  // Posts made by the test itself carry the bot check's proofs, as a script's and a person's do.
  request: async ({ request }, use) => {
    await use(withBotCheck(request));
  },
  // Set up before every other fixture of the test and torn down after them, pass or fail.
  cleanUp: [
    async ({ baseURL }, use) => {
      made = { marks: new Set(), sessions: new Set() };
      try {
        await use();
      } finally {
        const { marks, sessions } = made;
        made = null;
        await removeMade(baseURL ?? "", [...marks], [...sessions]);
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
