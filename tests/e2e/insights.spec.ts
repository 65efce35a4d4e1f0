import { expect, signInAsAdmin, test, uniqueEmail, uniqueMark } from "./fixtures";
import { shoot } from "./screenshots";
import { bookFreeSlotOnPage } from "./slots";

/*
 * Issue 28 items 1 and 2: a visitor lands from a campaign link, reads a post and books a demo;
 * the Worker counted each page after answering it (no JavaScript needed), and Insights shows the
 * campaign's visit and the booking in the funnel — with JavaScript on and off.
 */

test.describe.configure({ timeout: 90_000 });
// Headless Chromium names itself "HeadlessChrome", which the bot filter rightly leaves out; a
// visitor's browser does not.
test.use({
  userAgent:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
});

test("a campaign visit and its demo booking show in Insights and the funnel", async ({ page, request }) => {
  const campaign = uniqueMark("ins");
  const email = uniqueEmail("insights-journey");
  // Every page carries the campaign, so every view counted here is the test's own (and cleaned up).
  const tagged = (path: string) => `${path}?utm_campaign=${campaign}`;
  // What the server counts for the campaign: every page (document) load whose address carries it,
  // however the journey went (a slot taken meanwhile, a calendar link to next month).
  let views = 0;
  page.on("request", (r) => {
    if (r.resourceType() === "document" && r.method() === "GET" && r.url().includes(`utm_campaign=${campaign}`))
      views++;
  });
  const landing = await page.goto(`/?utm_source=insights-test&utm_campaign=${campaign}`);
  expect(landing?.status()).toBe(200);
  await page.goto(tagged("/pricing"));
  await page.goto(tagged("/demo"));
  await bookFreeSlotOnPage(page, request, { name: "Ines Insights", email, company: "Insights Co" }, tagged("/demo"));

  await signInAsAdmin(page);
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: "Insights" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
  // The campaign's one visitor (a unique within the day) and the pages they loaded.
  const campaigns = page.getByTestId("insights-campaigns");
  const row = campaigns.getByRole("row").filter({ hasText: campaign });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell")).toHaveText(["1", String(views)]);
  await expect(page.getByTestId("insights-sources").getByRole("row").filter({ hasText: "insights-test" })).toHaveCount(
    1,
  );

  // The funnel by campaign: one visit, one demo booked (100 % of visits), nothing after it yet.
  await page.getByLabel("Funnel by", { exact: true }).selectOption("campaign");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/by=campaign/);
  const funnelRow = page.getByTestId("insights-funnel-by").getByRole("row").filter({ hasText: campaign });
  await expect(funnelRow.getByRole("cell")).toHaveText(["1", "1 (100%)", "0 (0%)", "0 (—)", "0 (—)", "0 (—)"]);

  await shoot(page, `insights-${test.info().project.name}`);

  // The same numbers as CSV.
  const csv = await page.request.get(
    `/admin/dashboard/insights/export.csv?report=funnel&by=campaign&from=${new Date().toISOString().slice(0, 10)}`,
  );
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(await csv.text()).toContain(`${campaign},1,1,1,0,0`);
});
