import type { Locator, Page } from "@playwright/test";

/**
 * With E2E_SCREENSHOTS=dir: the page (or `of`, one part of it) at phone and desktop widths (or
 * `widths`), light and dark; then the page's light scheme and its viewport as they were.
 */
export async function shoot(
  page: Page,
  name: string,
  { widths = [375, 1280], height = 900, of }: { widths?: number[]; height?: number; of?: Locator } = {},
) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  const viewport = page.viewportSize();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of widths) {
      await page.setViewportSize({ width, height });
      const path = `${dir}/${name}-${width}-${scheme}.png`;
      await (of ? of.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  if (viewport) await page.setViewportSize(viewport);
}
