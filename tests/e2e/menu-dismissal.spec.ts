import type { Locator, Page } from "@playwright/test";
import { approvedAccount, waitForHydration } from "./console-helpers";
import { expect, signInAsAdmin, test } from "./fixtures";

// The site header's menus and the console's bell are `<details>`: without JavaScript their summary
// opens and closes them (nothing to test here); with it, a click elsewhere or Escape closes them too.
test.beforeEach(({ javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "closing on an outside click or Escape is a JavaScript nicety");
});

/** Escape closes the open menu and gives focus back to its summary; a click outside it closes it. */
async function closesOnEscapeAndOutsideClick(page: Page, menu: Locator, clickOutside: () => Promise<void>) {
  const summary = menu.locator("summary");
  await summary.click();
  await expect(menu).toHaveAttribute("open", "");
  await page.keyboard.press("Escape");
  await expect(menu).not.toHaveAttribute("open");
  await expect(summary).toBeFocused();

  await summary.click();
  await expect(menu).toHaveAttribute("open", "");
  await clickOutside();
  await expect(menu).not.toHaveAttribute("open");
}

test("the site header's menu closes on Escape and on a click outside it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const menu = page.getByRole("navigation", { name: "Main" }).locator("details").filter({ hasText: "Products" });
  // A click inside the open menu (on its own panel, not a link) leaves it open.
  await menu.locator("summary").click();
  await menu.locator("summary + div").click({ position: { x: 2, y: 2 } });
  await expect(menu).toHaveAttribute("open", "");
  await menu.locator("summary").click();
  await expect(menu).not.toHaveAttribute("open");

  // The page's right edge, well away from the menu's panel under "Products".
  await closesOnEscapeAndOutsideClick(page, menu, () => page.mouse.click(1270, 700));
});

test("the console's notifications menu closes on Escape and on a click outside it", async ({ page, request }) => {
  // An admin of its own: opening the menu marks its notifications read.
  await signInAsAdmin(page, await approvedAccount(request, "Mira Menu"));
  await waitForHydration(page);
  const marked =
    (await page.getByTestId("notifications-count").count()) > 0
      ? page.waitForResponse(
          (r) => r.request().method() === "POST" && r.url().includes("/admin/dashboard/notifications"),
        )
      : null;
  const menu = page.getByTestId("notifications");
  await closesOnEscapeAndOutsideClick(page, menu, () =>
    page.getByRole("heading", { name: "Overview", level: 1 }).click(),
  );
  expect((await marked)?.ok() ?? true).toBe(true);
});
