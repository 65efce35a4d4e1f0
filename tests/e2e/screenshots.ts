import type { Page } from "@playwright/test";

/** With E2E_SCREENSHOTS=dir: the page at phone and desktop widths, light and dark. */
export async function shoot(page: Page, name: string) {
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
