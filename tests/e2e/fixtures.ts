import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./credentials";

export { expect };

/** A fresh email per test, so tests can run in parallel against one database. */
export function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@e2e.test`;
}

/** Signs in through the login form (works with JavaScript on or off). */
export async function signInAsAdmin(page: Page, credentials: { email: string; password: string } = E2E_ADMIN) {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password", { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/admin\/(dashboard|pending)/);
}

/** An admin API token for arranging data and reading the email log. */
export async function adminToken(request: APIRequestContext) {
  const response = await request.post("/api/auth/login", {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.ok()).toBeTruthy();
  return (await response.json()).data.accessToken as string;
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

/** Fails the test on any page error or console error (STYLE: tests fail on console.error). */
// biome-ignore lint/suspicious/noConfusingVoidType: Playwright's type for a fixture with no value
export const test = base.extend<{ failOnConsoleError: void }>({
  failOnConsoleError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error" && !/Failed to load resource/.test(message.text())) {
          errors.push(`console.error: ${message.text()}`);
        }
      });
      await use();
      expect(errors, errors.join("\n")).toEqual([]);
    },
    { auto: true },
  ],
});
