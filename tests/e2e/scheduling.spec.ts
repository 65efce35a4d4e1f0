import type { Page } from "@playwright/test";
import { approvedAccount } from "./console-helpers";
import { expect, signInAsAdmin, test } from "./fixtures";

/**
 * Issue 27 item 2 (decision 078): an Admin edits the scheduling rules in Settings → Scheduling,
 * with JavaScript on and off; a Sales member cannot open the page. The rules are global, and
 * other tests book demos at the same time, so this one saves the values in force (that they
 * hold at once is shown by app/domain/calendar/scheduling-settings.test.ts); the saved row names
 * this test's account and goes with its clean-up.
 */

/** With E2E_SCREENSHOTS=dir: the page at phone and desktop widths, light and dark. */
async function shoot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  const viewport = page.viewportSize();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${dir}/${name}-${width}-${scheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  if (viewport) await page.setViewportSize(viewport);
}

test("an Admin saves the scheduling rules; the change is in the activity log", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const admin = await approvedAccount(request, "Sam Scheduler", "admin");
  await signInAsAdmin(page, admin);
  await page.goto("/admin/dashboard/settings");
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Scheduling" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/settings\/scheduling$/);
  const window = page.getByLabel("Booking window (days)");
  await expect(window).toHaveValue("60");
  await expect(page.getByLabel("Minimum notice (minutes)")).toHaveValue("60");
  await expect(page.getByLabel("Buffer before (minutes)")).toHaveValue("0");
  if (javaScriptEnabled) await shoot(page, "settings-scheduling");
  await window.fill("60");
  await page.getByRole("button", { name: "Save rules" }).click();
  await expect(page).toHaveURL(/\/settings\/scheduling\?saved=1$/);
  await expect(page.getByRole("status").filter({ hasText: "Scheduling rules saved." })).toBeVisible();
  await expect(window).toHaveValue("60");

  await page.goto("/admin/dashboard/settings/activity?action=scheduling.settings_changed");
  await expect(page.getByTestId("audit-entry").filter({ hasText: admin.email }).first()).toBeVisible();
});

test("a Sales member has no Scheduling tab and is refused by URL", async ({ page, request }) => {
  const seller = await approvedAccount(request, "Sid Sales", "sales");
  await signInAsAdmin(page, seller);
  await page.goto("/admin/dashboard/settings");
  await expect(
    page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Scheduling" }),
  ).toHaveCount(0);
  const response = await page.goto("/admin/dashboard/settings/scheduling");
  expect(response?.status()).toBe(403);
});
