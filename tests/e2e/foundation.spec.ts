import { PARKED_MODULE_TYPE } from "../../app/http/scripts-after-paint.server";
import { E2E_ADMIN } from "./credentials";
import { expect, signInAsAdmin, test, uniqueEmail } from "./fixtures";

test.describe("admin sign in", () => {
  test("the seeded admin signs in, sees the dashboard shell and logs out", async ({ page }) => {
    await signInAsAdmin(page);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const menu = page.getByRole("navigation", { name: "Dashboard" }).first();
    for (const label of ["Overview", "Demo Meetings", "Blog Management", "Users", "Settings"]) {
      await expect(menu.getByRole("link", { name: new RegExp(`^${label}`) }).first()).toBeAttached();
    }
    await expect(page.getByTestId("admin-name").first()).toHaveText(E2E_ADMIN.name);
    await expect(page.getByTestId("admin-role").first()).toHaveText("owner");
    // The public header and footer are not part of the admin area.
    await expect(page.locator("footer")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);

    // Signed in, the login screen sends you to the dashboard.
    await page.goto("/admin/login");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto("/admin/something-else");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await page.getByRole("button", { name: "Logout" }).first().click();
    await expect(page).toHaveURL(/\/admin\?signedOut=1/);
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("a wrong password shows the error inline and nothing else happens", async ({ page, javaScriptEnabled }) => {
    await page.goto("/admin");
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("auth-error")).toHaveText("Invalid email or password.");
    await expect(page).toHaveURL(/\/admin(\?index)?$/);
    if (javaScriptEnabled) {
      // Typing clears the error.
      await page.getByLabel("Password", { exact: true }).pressSequentially("x");
      await expect(page.getByTestId("auth-error")).toHaveCount(0);
    }
  });

  test("signed-out visitors are sent from any admin path to the login screen", async ({ page }) => {
    for (const path of ["/admin/dashboard", "/admin/dashboard/users", "/admin/whatever"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole("heading", { name: "Admin sign in" })).toBeVisible();
    }
  });

  test("a registered account waits for approval and sees no data", async ({ page }) => {
    const email = uniqueEmail("register");
    await page.goto("/admin");
    await page.getByRole("link", { name: "Sign up" }).click();
    await expect(page.getByRole("heading", { name: "Create an admin account" })).toBeVisible();
    await page.getByLabel("Name").fill("Pat Pending");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("pending-pass-42");
    await page.getByRole("button", { name: "Create account" }).click();
    // Decision 020: the same answer for a new and an existing email, and no session yet.
    await expect(page).toHaveURL(/\/admin\?registered=1$/);
    await expect(page.getByRole("status")).toContainText("Registration received.");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("pending-pass-42");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/admin\/pending$/);
    await expect(page.getByRole("heading", { name: "Waiting for approval" })).toBeVisible();
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/pending$/);
    const api = await page.request.get("/api/auth/profile");
    expect((await api.json()).data?.status ?? "pending").toBe("pending");
  });
});

test.describe("site shell", () => {
  test("header and footer on public pages, theme toggle works", async ({ page, javaScriptEnabled }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
    await expect(page.getByTestId("mobile-menu")).toBeAttached();
    await expect(page.locator("footer")).toContainText("25,000+ subscribers");
    const html = page.locator("html");
    const before = (await html.getAttribute("class")) ?? "";
    // With JavaScript the class flips at once and the choice is saved in the background: the
    // reload below must not abort that request.
    const saved = javaScriptEnabled
      ? page.waitForResponse((r) => r.url().endsWith("/resources/theme") && r.request().method() === "POST")
      : undefined;
    await page.getByTestId("theme-toggle").click();
    await expect(html).toHaveClass(before.includes("dark") ? /light/ : /dark/);
    await saved;
    await page.reload();
    await expect(html).toHaveClass(before.includes("dark") ? /light/ : /dark/);
  });

  test("with JavaScript, the scripts start after the first paint and the page still hydrates", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "about when the scripts load");
    for (const path of ["/", "/pricing", "/blog"]) {
      await page.goto(path);
      // `goto` waits for hydration here (fixtures.ts), so every script has loaded; the parked
      // module script (decision 036) was swapped for a running one after the paint.
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await expect(page.locator(`script[type="${PARKED_MODULE_TYPE}"]`)).toHaveCount(0);
      const timing = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        scripts: performance
          .getEntriesByType("resource")
          .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      }));
      expect(timing.firstPaint, path).toBeDefined();
      expect(timing.scripts.length, path).toBeGreaterThan(0);
      expect(Math.min(...timing.scripts), path).toBeGreaterThanOrEqual(timing.firstPaint!);
    }
    // Hydrated: the theme toggle saves with a fetch instead of a form navigation.
    const saved = page.waitForResponse((r) => r.url().endsWith("/resources/theme"));
    await page.getByTestId("theme-toggle").click();
    expect((await saved).request().resourceType()).toBe("fetch");
  });

  test("unknown pages get the styled 404", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.locator("footer")).toBeVisible();
  });

  test("security headers are on every page", async ({ page }) => {
    const response = await page.goto("/");
    const headers = response!.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["strict-transport-security"]).toContain("max-age=");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });
});
