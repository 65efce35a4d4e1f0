import { BOT_CHECK_TEXTS } from "../../app/lib/bot-check";
import { formsOpenedEarlier } from "./bot-check";
import { chooseTheme, emailsTo, expect, test, uniqueEmail, uniqueMark } from "./fixtures";
import { freeSlot } from "./slots";

/**
 * Issue 29 item 1 (decision 080): the bot check as a visitor meets it. With JavaScript the page's
 * script solves a challenge and the form carries it; without, the form's signed token must be at
 * least 3 seconds old. The other specs pass the check the same honest way (tests/e2e/bot-check.ts).
 */

const SHOTS = "test-results/bot-check";

test.describe.configure({ timeout: 90_000 });

test("a booking passes the bot check: the solved challenge with JavaScript, the form's token without", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const { date, time } = await freeSlot(request);
  const email = uniqueEmail("checked-booking");
  await page.goto(`/demo?date=${date}&time=${time}`);
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
  await page.getByLabel("Name").fill("Asha Rao");
  await page.getByLabel("Email").fill(email);
  const posted = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname.startsWith("/demo"));
  await page.getByRole("button", { name: "Schedule Meeting" }).click();
  const body = new URLSearchParams((await posted).postData() ?? "");
  if (javaScriptEnabled) {
    // Base64 of the solution's JSON: {"algorithm":"SHA-256",…}
    expect(body.get("altcha")).toMatch(/^eyJ/);
  } else {
    expect(body.get("altcha") ?? "").toBe("");
    expect(body.get("formIssued")).toMatch(/^\d+\.[\w-]+\.[0-9a-f]{64}$/);
  }
  await expect(page.getByRole("heading", { name: "Meeting Scheduled!" })).toBeVisible();
  await expect.poll(async () => (await emailsTo(request, email)).length).toBeGreaterThan(0);
});

test.describe("without JavaScript, a form sent faster than a person types", () => {
  // The test's own pace: no clock moves the form's token back (tests/e2e/bot-check.ts).
  test.use({ formAgeMs: 0 });

  test("is refused with its input kept and what to do; sent again a moment later, it goes", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "with JavaScript the solved challenge is the proof, not the form's age");
    const email = uniqueEmail("too-fast");
    const company = uniqueMark("Quick Co");
    const fill = async () => {
      await page.getByLabel("First name").fill("Ravi");
      await page.getByLabel("Last name").fill("Das");
      await page.getByLabel("Work email").fill(email);
      await page.getByLabel("Company").fill(company);
      await page.getByLabel("Team size").selectOption("201-1000");
    };
    await page.goto("/pricing/contact-sales");
    await fill();
    await page.getByRole("button", { name: "Contact Sales" }).click();
    await expect(page.getByText(BOT_CHECK_TEXTS.tooFast)).toBeVisible();
    await expect(page.getByLabel("Work email")).toHaveValue(email);
    await expect(page.getByLabel("Company")).toHaveValue(company);
    await expect(page.getByLabel("Team size")).toHaveValue("201-1000");

    // The visitor reads the message and sends again: by then the answer's form is seconds old.
    await formsOpenedEarlier(page);
    await page.getByRole("button", { name: "Contact Sales" }).click();
    await expect(page).toHaveURL(/\/pricing\/contact-sales\?sent=1$/);
    await expect(page.getByTestId("contact-sales-thanks")).toBeVisible();
  });

  test("screenshots of the refusal at 375 px and 1280 px, light and dark", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "the refusal is the no-JavaScript answer");
    for (const theme of ["light", "dark"] as const) {
      await chooseTheme(page, theme);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto("/pricing/contact-sales");
        await page.getByLabel("First name").fill("Ravi");
        await page.getByLabel("Last name").fill("Das");
        await page.getByLabel("Work email").fill(uniqueEmail("shot"));
        await page.getByLabel("Company").fill(uniqueMark("Shot Co"));
        await page.getByLabel("Team size").selectOption("11-50");
        await page.getByRole("button", { name: "Contact Sales" }).click();
        const message = page.getByText(BOT_CHECK_TEXTS.tooFast);
        await expect(message).toBeVisible();
        await message.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/too-fast-${width}-${theme}.png`, fullPage: true });
      }
    }
  });
});
