import type { APIRequestContext } from "@playwright/test";
import { adminToken, chooseTheme, expect, newestEmail, signInAsAdmin, test, uniqueEmail, uniqueMark } from "./fixtures";

const SHOTS = "test-results/newsletter-issues";

/**
 * Issue 28 item 4 (decision 092), with JavaScript on and off: Marketing writes an issue, previews
 * it, sends a test copy and sends it; a subscriber's message carries the RFC 8058 headers and
 * one POST to its one-click URL unsubscribes, counted in the numbers.
 */

/** A confirmed subscriber, through the footer box's double opt-in. */
async function confirmedReader(request: APIRequestContext) {
  const email = uniqueEmail("issue-reader");
  expect((await request.post("/newsletter", { form: { email } })).ok()).toBeTruthy();
  const text = (await newestEmail(request, email, "newsletter.confirm")).text;
  const token = decodeURIComponent(/\/newsletter\/confirm\?token=(\S+)/.exec(text)?.[1] ?? "");
  const confirmed = await request.post("/newsletter/confirm", { form: { token } });
  expect(confirmed.ok()).toBeTruthy();
  return email;
}

test("compose, preview, test-send and send an issue; the subscriber unsubscribes in one click", async ({
  page,
  request,
}) => {
  const reader = await confirmedReader(request);
  await signInAsAdmin(page);
  await page.goto("/admin/dashboard/settings/newsletter");
  const subject = uniqueMark("Issue");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Issue", { exact: true }).fill("Hello readers. See [our pricing](/pricing).");
  await page.getByRole("button", { name: "Save and preview" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/settings\/newsletter\/[\w-]+\?created=1$/);
  await expect(page.getByRole("status").filter({ hasText: "Issue saved." })).toBeVisible();
  // The preview: the text version with the link carrying the campaign.
  await expect(page.getByTestId("issue-text")).toContainText("utm_source=newsletter");
  await expect(page.getByTestId("issue-html")).toBeVisible();
  // The HTML version shows the issue itself inside its sandboxed frame, not an empty box.
  await expect(page.frameLocator('[data-testid="issue-html"]').getByText("Hello readers.")).toBeVisible();

  const colleague = uniqueEmail("colleague");
  await page.getByLabel("Email").fill(colleague);
  await page.getByRole("button", { name: "Send test" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Test copy sent. (to ${colleague})` })).toBeVisible();
  expect((await newestEmail(request, colleague, "newsletter.test")).subject).toBe(`[Test] ${subject}`);

  await page.getByRole("button", { name: "Send issue" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sending:" })).toBeVisible();
  await expect(page.getByTestId("issue-sent-note")).toBeVisible();

  const message = await newestEmail(request, reader, "newsletter.issue");
  expect(message.subject).toBe(subject);
  expect(message.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const oneClick = /<(https?:[^>]+)>/.exec(message.headers?.["List-Unsubscribe"] ?? "")?.[1] ?? "";
  expect(message.headers?.["List-Unsubscribe"]).toContain("mailto:");
  // The mail provider's POST: no page, no cookie, no form token.
  const unsubscribed = await request.post(oneClick, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(unsubscribed.status()).toBe(200);

  await page.reload();
  const stats = page.getByTestId("issue-stats");
  await expect(stats.locator('[data-stat="Unsubscribes"]')).toHaveText("1");
  await expect(stats.locator('[data-stat="Sent"]')).not.toHaveText("0");
});

test("screenshots of the issue page and the list at 375 px and 1280 px, light and dark", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "one set of pictures: the page is the same without JavaScript");
  const created = await request.post("/api/newsletter/issues", {
    data: {
      subject: `${uniqueMark("Issue")} What's new in December`,
      markdown:
        "## Faster runs\n\nWorkflows start **twice as fast**. Read [the changelog](/blog) or [book a demo](/demo).",
    },
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id as string;
  await signInAsAdmin(page);
  for (const theme of ["light", "dark"] as const) {
    await chooseTheme(page, theme);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/admin/dashboard/settings/newsletter/${id}`);
      await expect(page.locator("html")).toHaveClass(theme);
      await page.screenshot({ path: `${SHOTS}/issue-${width}-${theme}.png`, fullPage: true });
      await page.goto("/admin/dashboard/settings/newsletter");
      await page.screenshot({ path: `${SHOTS}/list-${width}-${theme}.png`, fullPage: true });
    }
  }
});
