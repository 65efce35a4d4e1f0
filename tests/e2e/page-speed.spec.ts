import type { Page } from "@playwright/test";
import { expect, signInAsAdmin, test, uniqueMark } from "./fixtures";

/*
 * Issue 28 item 3 (decision 091): a page speed beacon stored by POST /api/vitals shows in
 * Console → Insights → Page speed as the page's p75, rated against Google's good lines — a
 * server-rendered table, with JavaScript on and off. The browser side that sends the beacon is
 * not built yet, so the test posts what it will send.
 */

const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** With E2E_SCREENSHOTS=dir: the section at phone and desktop widths, light and dark. */
async function shoot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId("insights-page-speed").screenshot({ path: `${dir}/${name}-${width}-${scheme}.png` });
    }
  }
}

test("a page's beacon shows in Insights as its p75 per device, rated", async ({ page, request }) => {
  // A page of the test's own (its mark is in the path, so the rows are cleaned up after it).
  const path = `/blog/${uniqueMark("speed")}`;
  const beacon = await request.post("/api/vitals", {
    headers: { "User-Agent": PHONE },
    data: { path: `${path}?utm_source=x`, metrics: { LCP: 3100, INP: 120, CLS: 0.02, TTFB: 450, HYDRATION: 95 } },
  });
  expect(beacon.status()).toBe(204);

  await signInAsAdmin(page);
  await page.goto("/admin/dashboard/insights");
  const speed = page.getByTestId("insights-page-speed");
  await expect(speed.getByRole("heading", { name: "Page speed" })).toBeVisible();
  const row = speed.getByRole("row").filter({ hasText: path });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("rowheader")).toHaveText(path);
  await expect(row.getByRole("cell")).toHaveText([
    "Mobile",
    "3.10 s poor",
    "120 ms good",
    "0.02 good",
    "0.45 s good",
    "95 ms",
    "1",
  ]);
  await shoot(page, `page-speed-${test.info().project.name}`);
});
