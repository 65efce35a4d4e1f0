import type { APIRequestContext } from "@playwright/test";
import { FORM_TITLES, MARKETING_CHOICE, NOTICE_VERSION, NOTICE_VERSIONS } from "../../app/lib/consent";
import { emailsTo, expect, test, uniqueEmail } from "./fixtures";
import { freeSlot } from "./slots";

/** Decision 087: the privacy notice, each form's short notice, no pre-ticked marketing box, withdrawal. */

/** The link of a kind of email to an address, read from the admin email log. */
async function linkIn(request: APIRequestContext, email: string, kind: string, path: string) {
  await expect
    .poll(async () => (await emailsTo(request, email)).filter((m) => m.kind === kind).length)
    .toBeGreaterThan(0);
  const [message] = (await emailsTo(request, email)).filter((m) => m.kind === kind);
  const url = new URL(message?.text.match(new RegExp(`https?://\\S+${path}\\?token=\\S+`))?.[0] ?? "http://x/");
  expect(url.pathname, `${kind} link`).toBe(path);
  return `${url.pathname}${url.search}`;
}

test.describe("privacy notice and consent", () => {
  test("the privacy notice shows its version and date, and a section per form", async ({ page }) => {
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy notice");
    await expect(page.getByTestId("notice-version")).toContainText(`Version ${NOTICE_VERSION}`);
    await expect(page.getByTestId("notice-version")).toContainText(NOTICE_VERSIONS[0].effective);
    for (const title of Object.values(FORM_TITLES)) {
      await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
    }
    await expect(page.getByTestId("notice-versions")).toContainText(NOTICE_VERSION);
    // Every version stays listed, newest first.
    await expect(page.getByTestId("notice-versions").getByRole("listitem")).toHaveText(
      NOTICE_VERSIONS.map((entry) => new RegExp(`^${entry.version.replace(".", "\\.")} \\(`)),
    );
    // Page visits and page speed: what is kept and for how long (wrangler.toml's and the default 35 days).
    const visits = page.locator("section#visits");
    await expect(visits.getByRole("heading", { level: 2 })).toHaveText("Visits and page speed");
    await expect(visits).toContainText("No cookie is used, and known bots are not counted.");
    await expect(visits).toContainText("These rows are deleted after 35 days");
    await expect(visits).toContainText("These figures are deleted after 35 days.");
    // Every page links to it from the footer.
    await page.goto("/");
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: "Privacy notice", exact: true }),
    ).toHaveAttribute("href", "/privacy");
  });

  test("every public form shows its short notice, linking to the full one, with no box ticked for the visitor", async ({
    page,
    request,
  }) => {
    const { date, time } = await freeSlot(request);
    const forms: [string, string][] = [
      [`/demo?date=${date}&time=${time}`, "demo-booking"],
      ["/demo?mode=callback", "callback"],
      ["/pricing/contact-sales", "enterprise-lead"],
      ["/free-trial", "trial"],
      ["/newsletter", "newsletter"],
      ["/admin?mode=register", "admin-registration"],
    ];
    for (const [path, form] of forms) {
      await page.goto(path);
      const notice = page.locator("main").getByTestId("form-notice").first();
      await expect(notice, path).toContainText("What we collect");
      await expect(notice, path).toContainText("How long");
      await expect(notice.getByRole("link")).toHaveAttribute("href", `/privacy#${form}`);
      await expect(page.locator("input[type=checkbox]:checked"), path).toHaveCount(0);
    }
  });

  test("the trial's marketing choice is separate and not ticked", async ({ page }) => {
    await page.goto("/free-trial");
    await page.getByLabel("Individual").check();
    await page.getByLabel("First name").fill("Priya");
    await page.getByLabel("Last name").fill("Raman");
    await page.getByLabel("Work email").fill(uniqueEmail("consent-trial"));
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByTestId("step-indicator")).toHaveText("Step 2 of 3");
    await page.getByLabel("Country").fill("India");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByTestId("step-indicator")).toHaveText("Step 3 of 3");
    await expect(page.getByLabel(MARKETING_CHOICE)).not.toBeChecked();
    await expect(page.getByLabel("I agree to the Flowlane Terms of Service and Privacy Policy")).not.toBeChecked();
  });

  test("a subscriber withdraws from the privacy page: an emailed link, a page that changes nothing until its button", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const email = uniqueEmail("withdraw");
    expect((await request.post("/newsletter", { form: { email } })).ok()).toBeTruthy();
    const confirm = await linkIn(request, email, "newsletter.confirm", "/newsletter/confirm");
    await page.goto(confirm);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByTestId("newsletter-outcome")).toHaveText(
      "Your subscription is confirmed. Thank you for subscribing!",
    );

    await page.goto("/privacy#marketing");
    const form = page.getByTestId("withdraw-form");
    await form.getByLabel("Email me the link to stop marketing email").fill(email);
    await form.getByRole("button", { name: "Email me the link" }).click();
    const sent = "If that address receives our marketing email, we have emailed it a link to stop it.";
    if (javaScriptEnabled) {
      await expect(form.getByTestId("withdraw-answer")).toContainText(sent);
      await expect(page).toHaveURL(/\/privacy/);
    } else {
      await expect(page).toHaveURL(/\/privacy\/withdraw$/);
      await expect(page.getByTestId("withdraw-page-answer")).toContainText(sent);
    }

    // Opening the link (as a mail scanner would) changes nothing: the page asks first.
    const withdraw = await linkIn(request, email, "privacy.withdraw-link", "/newsletter/unsubscribe");
    await page.goto(withdraw);
    await page.reload();
    await expect(page.getByTestId("newsletter-outcome")).toHaveCount(0);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByTestId("newsletter-outcome")).toHaveText(
      "You are unsubscribed. You will not receive our newsletter any more.",
    );
  });

  test("a bad address on the withdrawal form keeps what was typed and says what is wrong", async ({ page }) => {
    await page.goto("/privacy");
    const form = page.getByTestId("withdraw-form");
    await form.getByLabel("Email me the link to stop marketing email").fill("not-an-address");
    await form.getByRole("button", { name: "Email me the link" }).click();
    const field = page.getByLabel(/Email/).first();
    await expect(field).toHaveValue("not-an-address");
    await expect(page.locator(".field-error").first()).toContainText(/email/i);
  });
});

/** With E2E_SCREENSHOTS=dir (JavaScript on): the privacy page and a form's notice, phone and desktop, light and dark. */
test("screenshots of the privacy notice and a form's notice", async ({ page, javaScriptEnabled }) => {
  const dir = process.env.E2E_SCREENSHOTS;
  test.skip(!dir || !javaScriptEnabled, "only when E2E_SCREENSHOTS names a folder");
  for (const [name, path] of [
    ["privacy", "/privacy"],
    ["callback-notice", "/demo?mode=callback"],
  ] as const) {
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await page.screenshot({ path: `${dir}/${name}-${width}-${scheme}.png`, fullPage: true });
      }
    }
  }
});
