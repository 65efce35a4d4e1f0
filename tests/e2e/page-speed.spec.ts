import type { Page } from "@playwright/test";
import { adminToken, expect, signInAsAdmin, test, uniqueMark } from "./fixtures";
import { shoot } from "./screenshots";

/*
 * Issue 28 item 3 (decision 091): a page speed beacon stored by POST /api/vitals shows in
 * Console → Insights → Page speed as the page's p75, rated against Google's good lines — a
 * server-rendered table, with JavaScript on and off: first a beacon as the browser sends it, then
 * (below) a real visit's.
 */

const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** With E2E_SCREENSHOTS=dir: the Page speed section at phone and desktop widths, light and dark. */
const shootSection = (page: Page, name: string) => shoot(page, name, { of: page.getByTestId("insights-page-speed") });

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
  await shootSection(page, `page-speed-${test.info().project.name}`);
});

/*
 * The browser's half (decision 091): a real visit, no hand-made beacon. Headless Chromium names
 * itself "HeadlessChrome", which the bot filter leaves out, so the visitor's browser says it is a
 * phone's Chrome. With JavaScript only: without it nothing is measured and there is no in-app
 * navigation.
 */
test.describe("a hydrated visitor", () => {
  test.use({ userAgent: PHONE });
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the beacons need JavaScript");

  test("a real visit's metrics reach Insights → Page speed as that page's p75", async ({ page }) => {
    const measuring = page.waitForResponse((r) => /\/assets\/page-speed-[\w-]+\.js$/.test(r.url()));
    await page.goto("/pricing");
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    // The chunk with web-vitals arrives after hydration.
    expect((await measuring).ok()).toBe(true);
    await page.getByRole("heading", { level: 1 }).click();
    // The page's one beacon leaves when the page is hidden, as when the visitor switches tabs
    // (headless Chromium never hides a page by itself, so the test says it is hidden).
    const beacon = page.waitForResponse((r) => r.url().endsWith("/api/vitals"));
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect((await beacon).status()).toBe(204);

    await signInAsAdmin(page);
    await page.goto("/admin/dashboard/insights");
    const row = page.getByTestId("insights-page-speed").getByRole("row").filter({ hasText: "/pricing" });
    await expect(row.filter({ hasText: "Mobile" })).toHaveCount(1);
    await shootSection(page, "page-speed-real-visit");
  });

  test("an in-app navigation is counted once as a page view, the first load never twice", async ({ page, request }) => {
    const token = await adminToken(request);
    const day = new Date().toISOString().slice(0, 10);
    const viewsOf = async (path: string) => {
      const r = await request.get(`/api/insights/traffic?from=${day}&to=${day}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const { data } = (await r.json()) as { data: { byPath: { key: string; views: number }[] } };
      return data.byPath.find((row) => row.key === path)?.views ?? 0;
    };
    const before = await viewsOf("/custom-workflows");
    let reported = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/page-views")) reported++;
    });
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents.push(new URL(r.url()).pathname);
    });

    await page.goto("/");
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/page-views"));
    await page.locator('main a[href="/custom-workflows"]').first().click();
    await expect(page).toHaveURL(/\/custom-workflows$/);
    expect((await answered).status()).toBe(204);

    // The click was an in-app navigation (no document load) and was reported once; the first load was not.
    expect(documents).toEqual(["/"]);
    expect(reported).toBe(1);
    expect(await viewsOf("/custom-workflows")).toBe(before + 1);
  });
});
