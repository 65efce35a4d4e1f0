import type { APIRequestContext, Page } from "@playwright/test";
import {
  adminToken,
  emailsTo,
  expect,
  signInAsAdmin,
  test,
  trialCode,
  uniqueEmail,
  verifiedTrialByApi,
} from "./fixtures";

async function fillStep1(page: Page, role: "Individual" | "Organization", email: string, first = "Priya") {
  await expect(page.getByTestId("step-indicator")).toHaveText("Step 1 of 3");
  await page.getByLabel(role).check();
  await page.getByLabel("First name").fill(first);
  await page.getByLabel("Last name").fill("Raman");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Phone").fill("+91 98765 43210");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("step-indicator")).toHaveText("Step 2 of 3");
}

async function finishStep3(page: Page) {
  await expect(page.getByTestId("step-indicator")).toHaveText("Step 3 of 3");
  await page.getByLabel("How did you hear about us?").selectOption("LinkedIn");
  await page.getByLabel("What would you like to automate?").fill("Purchase approvals");
  await page.getByLabel("I agree to the Flowlane Terms of Service and Privacy Policy").check();
  await page.getByRole("button", { name: "Start free trial" }).click();
}

async function verifyWithEmailedCode(page: Page, request: APIRequestContext, email: string) {
  await expect(page).toHaveURL(/\/free-trial\/verify/);
  await expect(page.getByTestId("otp-message")).toHaveText("Please check your email for the OTP verification code.");
  await expect(page.getByTestId("otp-message")).toHaveAttribute("data-tone", "success");
  const code = await trialCode(request, email);
  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/free-trial\/welcome$/);
  await expect(page.getByTestId("trial-welcome")).toContainText("approval notification by email");
}

// Whole journeys through several pages: give them room on a loaded machine.
test.describe.configure({ timeout: 90_000 });

test.describe("free trial signup", () => {
  test("an organization signs up, verifies the emailed code and sees the welcome message", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const email = uniqueEmail("org");
    await page.goto("/free-trial?plan=pro");
    await expect(page.getByRole("heading", { name: "Start your 7-day free trial" })).toBeVisible();
    await expect(page.getByTestId("selected-plan")).toHaveText("Selected plan: Pro");

    // Step 1 with nothing filled: the spec's messages, on the fields.
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Please select your role")).toBeVisible();
    await expect(page.getByText("First name is required")).toBeVisible();
    await expect(page.getByText("Email is required")).toBeVisible();
    if (javaScriptEnabled) {
      // Editing a field clears its error.
      await page.getByLabel("First name").fill("P");
      await expect(page.getByText("First name is required")).toHaveCount(0);
      await expect(page.getByText("Last name is required")).toBeVisible();
    } else {
      await expect(page.getByTestId("form-banner")).toHaveText("Please fix the highlighted errors and try again.");
    }
    await page.getByLabel("Work email").fill("not-an-email");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Email is invalid")).toBeVisible();

    await fillStep1(page, "Organization", email);
    await expect(page.getByRole("heading", { name: "About your organization" })).toBeVisible();
    await page.getByRole("button", { name: "Continue" }).click();
    for (const message of [
      "Company name is required",
      "Job title is required",
      "Company size is required",
      "Industry is required",
      "Country is required",
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await page.getByLabel("Company name").fill("Raman Exports");
    await page.getByLabel("Job title").fill("Director");
    await page.getByLabel("Company size").selectOption("51-200");
    await page.getByLabel("Industry").selectOption("Retail");
    await page.getByLabel("Country").fill("India");
    await page.getByLabel("Website").fill("ramanexports.example");
    await page.getByRole("button", { name: "Continue" }).click();

    // Back keeps what was typed, and the chosen plan is still carried.
    await expect(page.getByTestId("step-indicator")).toHaveText("Step 3 of 3");
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByLabel("Company name")).toHaveValue("Raman Exports");
    await page.getByRole("button", { name: "Continue" }).click();

    await page.getByRole("button", { name: "Start free trial" }).click();
    await expect(page.getByText("You must agree to the terms")).toBeVisible();
    await expect(page.getByTestId("selected-plan")).toHaveText("Selected plan: Pro");
    await finishStep3(page);

    await expect(page).toHaveURL(/\/free-trial\/verify/);
    await expect(page.getByTestId("resend-countdown")).toContainText(/You can request a new code in \d+ seconds\./);
    if (javaScriptEnabled) {
      await expect(page.getByRole("button", { name: "Verify" })).toBeDisabled();
      await page.getByLabel("Verification code").fill("12ab34");
      await expect(page.getByLabel("Verification code")).toHaveValue("1234");
      await expect(page.getByRole("button", { name: "Verify" })).toBeDisabled();
      await expect(page.getByRole("button", { name: /Resend code/ })).toBeDisabled();
    } else {
      // Without JavaScript the server answers an empty code.
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByText("Please enter the OTP code.")).toBeVisible();
    }

    // A wrong code: "Error: …" in red.
    const code = await trialCode(request, email);
    await page.getByLabel("Verification code").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByTestId("otp-message")).toHaveText("Error: Invalid code. You have 4 attempts left.");
    await expect(page.getByTestId("otp-message")).toHaveAttribute("data-tone", "error");

    // Resend within 60 s is refused by the server; the countdown survives a reload.
    await page.reload();
    const countdown = await page.getByTestId("resend-countdown").textContent();
    const seconds = Number(countdown?.match(/(\d+) seconds/)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);

    await page.getByLabel("Verification code").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/free-trial\/welcome$/);
    await expect(page.getByRole("heading", { name: "Welcome to Flowlane, Priya!" })).toBeVisible();
    await expect(page.getByTestId("trial-welcome")).toContainText("approval notification by email");

    const kinds = (await emailsTo(request, email)).map((m) => m.kind);
    expect(kinds).toContain("trial.awaiting-approval");
  });

  test("an individual signs up with country only and verifies", async ({ page, request, javaScriptEnabled }) => {
    const email = uniqueEmail("solo");
    await page.goto("/free-trial");
    await fillStep1(page, "Individual", email, "Arjun");
    await expect(page.getByRole("heading", { name: "Where are you based?" })).toBeVisible();
    await expect(page.getByLabel("Company name")).toHaveCount(0);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Country is required")).toBeVisible();
    if (!javaScriptEnabled) {
      await expect(page.getByTestId("form-banner")).toHaveText("Please fix the highlighted errors and try again.");
    }
    await page.getByLabel("Country").fill("India");
    await page.getByLabel("Occupation").fill("Freelance accountant");
    await page.getByRole("button", { name: "Continue" }).click();
    await finishStep3(page);
    await verifyWithEmailedCode(page, request, email);
    await expect(page.getByRole("heading", { name: "Welcome to Flowlane, Arjun!" })).toBeVisible();
  });

  test("a second signup with the same email shows the active-subscription greeting", async ({ page, request }) => {
    const email = uniqueEmail("again");
    const token = await adminToken(request);
    const created = await request.post("/api/subscriptions/create", {
      headers: { Authorization: `Bearer ${token}` },
      data: { email, firstName: "Meena", lastName: "Kumar", plan: "trial" },
    });
    expect(created.status()).toBe(201);

    await page.goto("/free-trial");
    await fillStep1(page, "Individual", email, "Meena");
    await page.getByLabel("Country").fill("India");
    await page.getByRole("button", { name: "Continue" }).click();
    await finishStep3(page);
    const greeting = page.getByTestId("existing-subscription");
    await expect(greeting.getByRole("heading", { name: "Welcome back!" })).toBeVisible();
    await expect(greeting).toContainText(`${email} already has an active subscription`);
    await expect(page.getByTestId("current-plan")).toHaveText("Trial");
  });

  test("a step posted out of order, or a filled honeypot, stores nothing", async ({ request }) => {
    const email = uniqueEmail("order");
    const skipped = await request.post("/free-trial", {
      form: { intent: "step-3", email, agreeToTerms: "on" },
      maxRedirects: 0,
    });
    expect(skipped.status()).toBe(400);
    expect(await skipped.text()).toContain("Please select your role");

    const bot = uniqueEmail("bot");
    const token = await adminToken(request);
    const lookup = async (address: string) =>
      (
        await (
          await request.get(`/api/subscriptions?q=${encodeURIComponent(address)}`, {
            headers: { Authorization: `Bearer ${token}` },
          })
        ).json()
      ).pagination.totalItems;
    const posted = await request.post("/free-trial", {
      form: {
        intent: "step-3",
        role: "individual",
        firstName: "Bot",
        lastName: "Bot",
        email: bot,
        country: "India",
        agreeToTerms: "on",
        faxNumber: "http://spam.example",
      },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(302);
    expect(posted.headers().location).toBe("/free-trial/welcome");
    expect(await lookup(bot)).toBe(0);
    expect(await lookup(email)).toBe(0);
  });
});

test.describe("admin users", () => {
  /** A signup that verified its email: it awaits approval. */
  async function verifiedSignup(request: APIRequestContext, email: string) {
    await verifiedTrialByApi(request, {
      email,
      role: "organization",
      personalInfo: { firstName: "Nisha", lastName: "Balan", jobTitle: "COO" },
      companyInfo: { name: "Balan Foods", size: "11-50", industry: "Retail", country: "India" },
      additionalInfo: { howDidYouHear: "YouTube" },
      preferences: { subscribeNewsletter: true },
      plan: "trial",
      agreeToTerms: true,
    });
  }

  test("the admin finds a user, approves with confirmation, sends details once and sees Email Sent", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail("approve");
    await verifiedSignup(request, email);
    await signInAsAdmin(page);
    await page.goto("/admin/dashboard/users");
    await expect(page.getByTestId("users-showing")).toContainText(/Showing 1 to 10 of \d+ users/);
    await expect(page.getByTestId("badge-awaitingUsers").first()).toBeAttached();

    await page.getByLabel("Search users").fill(email);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/q=/);
    const card = page.getByTestId("user-card").filter({ hasText: email });
    await expect(page.getByTestId("user-card")).toHaveCount(1);
    await expect(page.getByTestId("users-showing")).toHaveText("Showing 1 to 1 of 1 users");
    await expect(card.getByTestId("status-badge")).toHaveText("Pending");
    await expect(card.getByTestId("verified-badge")).toHaveText("Verified");
    await expect(card.getByTestId("price-line")).toContainText("₹0");

    // View Details shows every section.
    await card.getByRole("link", { name: /^View Details of/ }).click();
    const details = page.getByTestId("user-details");
    await expect(details.getByRole("heading", { name: "Nisha Balan" })).toBeVisible();
    for (const section of [
      "Basic information",
      "Personal information",
      "Company information",
      "Subscription information",
      "Additional information",
      "Payment information",
    ]) {
      await expect(details.getByRole("heading", { name: section })).toBeVisible();
    }
    await expect(details.getByTestId("details-amount")).toHaveText("₹0");
    await details.getByRole("link", { name: "Close" }).click();
    await expect(page.getByTestId("user-details")).toHaveCount(0);

    // Approve from the menu, behind a confirm step.
    await card.getByLabel("Actions for Nisha Balan").click();
    await card.getByRole("link", { name: "Approve" }).click();
    const confirm = page.getByTestId("confirm-dialog");
    await expect(confirm.getByRole("heading", { name: "Approve user" })).toBeVisible();
    await confirm.getByRole("button", { name: "Yes, approve" }).click();
    await expect(page.getByTestId("users-notice")).toHaveText("User approved successfully!");
    await expect(page).toHaveURL(/q=/);
    await expect(card.getByTestId("status-badge")).toHaveText("Active");
    await expect(card.getByTestId("trial-end")).toContainText("7 days left");

    // Send Details once, then the card shows Email Sent with the time.
    await card.getByRole("link", { name: "Send Details" }).click();
    await expect(confirm.getByRole("heading", { name: "Send login details" })).toBeVisible();
    await confirm.getByRole("button", { name: "Yes, send details" }).click();
    await expect(page.getByTestId("users-notice")).toHaveText("Welcome email sent successfully!");
    await expect(card.getByTestId("email-sent")).toContainText(
      /Email Sent\s*\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)/,
    );
    await expect(card.getByRole("link", { name: "Send Details" })).toHaveCount(0);

    const welcome = (await emailsTo(request, email)).filter((m) => m.kind === "trial.welcome");
    expect(welcome).toHaveLength(1);
    expect(welcome[0]?.text).toContain("/login");

    // A second send is refused, in the console and by the API.
    const id = new URL(
      (await card.getByRole("link", { name: /^View Details of/ }).getAttribute("href")) ?? "",
      "http://x",
    ).pathname
      .split("/")
      .pop();
    await page.goto(`/admin/dashboard/users/${id}/send-details`);
    await expect(page.getByTestId("confirm-dialog")).toContainText("It is sent only once.");
    await expect(page.getByRole("button", { name: "Yes, send details" })).toHaveCount(0);
    const token = await adminToken(request);
    const again = await request.post(`/api/subscriptions/${id}/send-welcome-email`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(again.status()).toBe(409);
  });

  test("the admin rejects with confirmation; a rejection is final", async ({ page, request }) => {
    const email = uniqueEmail("reject");
    await verifiedSignup(request, email);
    await signInAsAdmin(page);
    await page.goto(`/admin/dashboard/users?q=${encodeURIComponent(email)}`);
    const card = page.getByTestId("user-card").filter({ hasText: email });
    await card.getByLabel("Actions for Nisha Balan").click();
    await card.getByRole("link", { name: "Reject" }).click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Yes, reject" }).click();
    await expect(page.getByTestId("users-notice")).toHaveText("User rejected successfully!");
    await expect(card.getByTestId("status-badge")).toHaveText("Rejected");
    await card.getByLabel("Actions for Nisha Balan").click();
    await expect(card.getByRole("link", { name: "Approve" })).toHaveCount(0);

    // Filters by status and plan are GET parameters.
    await page.goto(`/admin/dashboard/users?q=${encodeURIComponent(email)}&status=rejected&plan=trial`);
    await expect(page.getByTestId("user-card")).toHaveCount(1);
    await page.goto(`/admin/dashboard/users?q=${encodeURIComponent(email)}&status=active`);
    await expect(page.getByTestId("users-empty")).toBeVisible();
  });
});
