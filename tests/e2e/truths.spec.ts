import type { APIRequestContext, Page } from "@playwright/test";
import { approvedAccount } from "./console-helpers";
import { adminToken, chooseTheme, emailsTo, expect, signInAsAdmin, test, uniqueEmail } from "./fixtures";
import { bookByApi } from "./slots";

/**
 * Issue 17 (decision 020): screens that tell the truth — the rate-limited code screen, approval
 * only after verification, the email viewer, and the admin password reset. JavaScript on and off.
 */

test.describe.configure({ timeout: 120_000 });

const SCREENS = process.env.TRUTHS_SCREENS_DIR ?? "test-results/truths-screens";

/** A client address of its own per test, so the per-address code limit is this test's alone. */
const freshIp = () => `198.18.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;

/** Screenshots at phone and desktop width, light and dark, for a person to look at. */
async function screenshots(page: Page, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await chooseTheme(page, theme);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await page.screenshot({ path: `${SCREENS}/${name}-${width}-${theme}.png`, fullPage: true });
    }
  }
  await chooseTheme(page, "light");
}

/** An individual's trial signup through the API (it still has to verify its email). */
async function startIndividualTrial(
  request: APIRequestContext,
  email: string,
  person: { firstName: string; lastName: string; phone: string },
) {
  const started = await request.post("/api/subscriptions/trial/start", {
    data: {
      email,
      role: "individual",
      personalInfo: person,
      companyInfo: { country: "India" },
      additionalInfo: { useCase: "Approvals" },
      plan: "trial",
      agreeToTerms: true,
    },
  });
  expect(started.status()).toBe(201);
}

/** Uses up an address's 20 codes an hour with other people's signups. */
async function exhaustAddress(request: APIRequestContext, ip: string) {
  for (let i = 0; i < 20; i++) {
    const email = uniqueEmail("office");
    await startIndividualTrial(request, email, { firstName: "Office", lastName: "Mate", phone: "+91 90000 00000" });
    const sent = await request.post("/api/subscriptions/email/send-verification", {
      data: { email },
      headers: { "CF-Connecting-IP": ip },
    });
    expect(sent.status()).toBe(200);
  }
}

async function signUpThroughTheForm(page: Page, email: string) {
  await page.goto("/free-trial");
  await page.getByLabel("Individual").check();
  await page.getByLabel("First name").fill("Nisha");
  await page.getByLabel("Last name").fill("Rao");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Phone").fill("+91 98765 43210");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("step-indicator")).toHaveText("Step 2 of 3");
  await page.getByLabel("Country").fill("India");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("step-indicator")).toHaveText("Step 3 of 3");
  await page.getByLabel("How did you hear about us?").selectOption("LinkedIn");
  await page.getByLabel("What would you like to automate?").fill("Leave approvals");
  await page.getByLabel("I agree to the Flowlane Terms of Service and Privacy Policy").check();
  await page.getByRole("button", { name: "Start free trial" }).click();
  await expect(page).toHaveURL(/\/free-trial\/verify/);
}

test.describe("the code screen when no code could be sent", () => {
  test("says why and when to try again, claims nothing was sent, and offers a way out", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const ip = freshIp();
    await exhaustAddress(request, ip);
    await page.setExtraHTTPHeaders({ "CF-Connecting-IP": ip });
    const email = uniqueEmail("refused");
    await signUpThroughTheForm(page, email);

    const refused = page.getByTestId("code-refused");
    await expect(refused).toContainText(`We could not send a code to ${email}.`);
    await expect(refused).toContainText(
      /Too many codes were requested from your network\. Please try again in \d+ minutes\./,
    );
    // The wait is said once (in the reason), not again below it.
    await expect(page.getByTestId("code-retry-after")).toHaveText("Your signup is saved until then.");
    await expect(page.getByText(/try again in|ask for a code again/)).toHaveCount(1);
    await expect(page.getByText(/We sent/)).toHaveCount(0);
    await expect(page.getByTestId("resend-countdown")).toHaveCount(0);
    await expect(page.getByTestId("refused-book-demo")).toHaveAttribute("href", "/demo");
    await expect(page.getByTestId("refused-contact-sales")).toHaveAttribute("href", /^mailto:sales@/);
    expect((await emailsTo(request, email)).filter((m) => m.kind === "trial.code")).toEqual([]);

    // Trying again early: refused again, with the reason, and still no "we sent".
    await page.getByRole("button", { name: "Try sending the code again" }).click();
    await expect(refused).toContainText(
      /Too many codes were requested from your network\. Please try again in \d+ minutes\./,
    );
    await expect(page.getByTestId("otp-message")).toHaveCount(0);
    await expect(page.getByText(/try again in|ask for a code again/)).toHaveCount(1);
    await expect(page.getByText(/We sent/)).toHaveCount(0);

    // The verify endpoint does not pretend no code was requested.
    const verify = await request.post("/api/subscriptions/email/verify-code", {
      data: { email, code: "123456" },
      headers: { "CF-Connecting-IP": ip },
    });
    expect(verify.status()).toBe(429);
    expect((await verify.json()).error).toMatch(/^No code could be sent to this email yet\. Too many codes/);
    expect(Number(verify.headers()["retry-after"])).toBeGreaterThan(3000);

    if (javaScriptEnabled) await screenshots(page, "code-refused");
  });
});

test.describe("approval needs a verified email", () => {
  test("an unverified signup offers Resend code instead of Approve/Reject; the API refuses approval", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail("unverified");
    await startIndividualTrial(request, email, { firstName: "Uma", lastName: "Nair", phone: "+91 90000 00001" });
    const token = await adminToken(request);
    const listed = await request.get(`/api/subscriptions?q=${encodeURIComponent(email)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const id = (await listed.json()).subscriptions[0]._id as string;
    const approve = await request.post(`/api/subscriptions/${id}/approve`, {
      data: { action: "approve" },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(approve.status()).toBe(409);
    expect((await approve.json()).error).toMatch(/has not verified their email yet/);

    await signInAsAdmin(page);
    await page.goto(`/admin/dashboard/users?q=${encodeURIComponent(email)}`);
    const card = page.getByTestId("user-card").filter({ hasText: email });
    await expect(card.getByTestId("verified-badge")).toHaveText("Not verified");
    await card
      .getByRole("button", { name: /Actions for/ })
      .or(card.locator("summary"))
      .first()
      .click();
    await expect(card.getByRole("link", { name: "Approve" })).toHaveCount(0);
    await expect(card.getByRole("link", { name: "Reject" })).toHaveCount(0);
    await card.getByRole("link", { name: "Resend code" }).click();

    const dialog = page.getByTestId("confirm-dialog");
    await expect(dialog.getByRole("heading", { name: "Resend verification code" })).toBeVisible();
    await dialog.getByRole("button", { name: "Yes, send a new code" }).click();
    await expect(page.getByTestId("users-notice")).toHaveText("A new verification code was emailed to the user.");
    await expect
      .poll(async () => (await emailsTo(request, email)).filter((m) => m.kind === "trial.code").length)
      .toBe(1);

    // The approve page for this user explains instead of offering the button.
    await page.goto(`/admin/dashboard/users/${id}/approve`);
    await expect(page.getByTestId("confirm-dialog")).toContainText("has not verified their email yet");
    await expect(page.getByTestId("confirm-button")).toHaveCount(0);
  });
});

test.describe("the email log shows each message", () => {
  test("an admin reads a booking email's text and downloads its .ics", async ({ page, request, javaScriptEnabled }) => {
    const email = uniqueEmail("viewer");
    // Booked on a free slot (another one when a parallel test took it): the booking email to read.
    await bookByApi(request, {
      name: "Vikram Email",
      email,
      company: "Viewer Co",
      phone: "+91 90000 00002",
      notes: "<script>alert(1)</script> should show as text",
    });

    await signInAsAdmin(page);
    await page.goto(`/admin/dashboard/settings/emails?to=${encodeURIComponent(email)}`);
    await page.getByTestId("email-view").first().click();
    const message = page.getByTestId("email-message");
    await expect(message.getByText("To", { exact: true })).toBeVisible();
    await expect(page.getByTestId("email-text")).toContainText("Vikram");
    const attachment = page.getByTestId("email-attachments").getByRole("link", { name: /\.ics$/ });
    await expect(attachment).toBeVisible();

    const href = (await attachment.getAttribute("href")) ?? "";
    const file = await page.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(file.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.ics"$/);
    expect(await file.text()).toContain("BEGIN:VCALENDAR");

    // Admins only: without the session cookie the download sends to the login screen.
    const anonymous = await request.get(href, { maxRedirects: 0 });
    expect(anonymous.status()).toBe(302);
    expect(anonymous.headers().location).toMatch(/^\/admin/);

    if (javaScriptEnabled) await screenshots(page, "email-viewer");
  });
});

test.describe("admin password reset", () => {
  test("Forgot password? sends a single-use link; using it sets the password and signs everything out", async ({
    page,
    request,
  }) => {
    const account = await approvedAccount(request, "Reset Person");
    await page.goto("/admin");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Email me a reset link" }).click();
    await expect(page.getByTestId("reset-requested")).toHaveText(
      `If an admin account exists for ${account.email}, we have emailed it a link to set a new password. The link is valid for 30 minutes and works once.`,
    );

    // An unknown email gets the same answer.
    const ghost = uniqueEmail("ghost");
    await page.goto("/admin/forgot-password");
    await page.getByLabel("Email").fill(ghost);
    await page.getByRole("button", { name: "Email me a reset link" }).click();
    await expect(page.getByTestId("reset-requested")).toContainText(`If an admin account exists for ${ghost}`);

    await expect
      .poll(
        async () => (await emailsTo(request, account.email)).filter((m) => m.kind === "admin.password-reset").length,
      )
      .toBe(1);
    const [mail] = (await emailsTo(request, account.email)).filter((m) => m.kind === "admin.password-reset");
    const link = new URL(/https?:\/\/\S+\/admin\/reset-password\?token=[\w-]+/.exec(mail?.text ?? "")?.[0] ?? "");
    const resetPath = `${link.pathname}${link.search}`;

    await page.goto(resetPath);
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Repeat the new password").fill("short");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(
      page.getByText("Password must be at least 10 characters and include a letter and a number.").last(),
    ).toBeVisible();

    const fresh = `fresh-pass-${Math.random().toString(36).slice(2, 8)}-9`;
    await page.getByLabel("New password", { exact: true }).fill(fresh);
    await page.getByLabel("Repeat the new password").fill(fresh);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL(/\/admin\?reset=done$/);
    await expect(page.getByRole("status")).toHaveText(
      "Your password was changed and every session was signed out. Sign in with your new password.",
    );
    await expect
      .poll(
        async () => (await emailsTo(request, account.email)).filter((m) => m.kind === "admin.password-changed").length,
      )
      .toBe(1);

    // The old password no longer works; the new one does.
    const old = await request.post("/api/auth/login", { data: { email: account.email, password: account.password } });
    expect(old.status()).toBe(401);
    await signInAsAdmin(page, { email: account.email, password: fresh });
    await expect(page).toHaveURL(/\/admin\/dashboard/);

    // The link works once.
    const again = await page.request.get(resetPath);
    expect(again.status()).toBe(410);
    await page.goto(resetPath);
    await expect(page.getByTestId("reset-link-broken")).toContainText("This reset link was already used.");
    await page.goto("/admin/reset-password?token=not-a-real-token");
    await expect(page.getByTestId("reset-link-broken")).toContainText("This reset link is not valid.");
  });
});

test.describe("registration answers the same for new and existing emails", () => {
  test("both land on the same notice without a session; the owner of the existing one is emailed", async ({
    page,
    request,
  }) => {
    const existing = await approvedAccount(request, "Already There");
    for (const email of [uniqueEmail("newcomer"), existing.email]) {
      await page.goto("/admin?mode=register");
      await page.getByLabel("Name").fill("Some One");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("some-one-pass-42");
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page).toHaveURL(/\/admin\?registered=1$/);
      await expect(page.getByRole("status")).toHaveText(
        "Registration received. An administrator must approve the account before it can be used, and we will email you when it is decided. If this email already had an account, we emailed its owner instead.",
      );
    }
    await expect
      .poll(
        async () => (await emailsTo(request, existing.email)).filter((m) => m.kind === "team.register-existing").length,
      )
      .toBe(1);
    // The existing account still signs in with its own password.
    await signInAsAdmin(page, { email: existing.email, password: existing.password });
    await expect(page).toHaveURL(/\/admin\/dashboard/);
  });
});
