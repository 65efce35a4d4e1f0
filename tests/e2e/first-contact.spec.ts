import type { APIRequestContext } from "@playwright/test";
import {
  adminToken,
  chooseTheme,
  emailsTo,
  expect,
  newestEmail,
  signInAsAdmin,
  test,
  uniqueEmail,
  uniqueMark,
} from "./fixtures";
import { failPosts, restoreNetwork } from "./offline";
import { freeSlot } from "./slots";

/**
 * Issue 17, what visitors and admins meet first: a failed submission keeps the input (js),
 * Enterprise "Contact Sales" captures a lead, the footer newsletter box with double opt-in,
 * and the small ones (24/7 counter, unique ids). Screenshots go to test-results/first-contact.
 */

const SHOTS = "test-results/first-contact";
const SALES = "sales@flowlane.example";

test.describe.configure({ timeout: 90_000 });

test.describe("a failed submission keeps the input (JavaScript on)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "without JavaScript the browser's own behaviour applies");

  test("/free-trial: every step, then the code screen", async ({ page, request }) => {
    const email = uniqueEmail("offline-trial");
    await page.goto("/free-trial");
    await page.getByLabel("Organization").check();
    await page.getByLabel("First name").fill("Meera");
    await page.getByLabel("Last name").fill("Iyer");
    await page.getByLabel("Work email").fill(email);
    await page.getByLabel("Phone").fill("+91 98450 12345");

    await failPosts(page);
    await page.getByRole("button", { name: "Continue" }).click();
    const banner = page.getByTestId("form-banner");
    await expect(banner).toHaveText("Failed to start trial. Please check your connection and try again.");
    await expect(page.getByTestId("step-indicator")).toHaveText("Step 1 of 3");
    await expect(page.getByLabel("Organization")).toBeChecked();
    await expect(page.getByLabel("First name")).toHaveValue("Meera");
    await expect(page.getByLabel("Work email")).toHaveValue(email);
    await expect(page.getByLabel("Phone")).toHaveValue("+91 98450 12345");
    await restoreNetwork(page);
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page.getByTestId("step-indicator")).toHaveText("Step 2 of 3");
    await page.getByLabel("Company name").fill("Iyer Textiles");
    await page.getByLabel("Job title").fill("COO");
    await page.getByLabel("Company size").selectOption("201-1000");
    await page.getByLabel("Industry").selectOption("Manufacturing");
    await page.getByLabel("Country").fill("India");
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page.getByTestId("step-indicator")).toHaveText("Step 3 of 3");
    await page.getByLabel("How did you hear about us?").selectOption("Conference/Event");
    await page.getByLabel("What would you like to automate?").fill("Dispatch approvals across three mills");
    await page.getByLabel("Tools you use today").fill("Tally, email");
    await page.getByLabel("I agree to the Flowlane Terms of Service and Privacy Policy").check();
    await failPosts(page);
    await page.getByRole("button", { name: "Start free trial" }).click();
    await expect(banner).toHaveText("Failed to start trial. Please check your connection and try again.");
    await expect(banner).toHaveAttribute("data-tone", "error");
    await expect(page.getByTestId("step-indicator")).toHaveText("Step 3 of 3");
    await expect(page.getByLabel("How did you hear about us?")).toHaveValue("Conference/Event");
    await expect(page.getByLabel("What would you like to automate?")).toHaveValue(
      "Dispatch approvals across three mills",
    );
    await expect(page.getByLabel("Tools you use today")).toHaveValue("Tally, email");
    await expect(page.getByLabel("I agree to the Flowlane Terms of Service and Privacy Policy")).toBeChecked();
    await restoreNetwork(page);
    await page.getByRole("button", { name: "Start free trial" }).click();
    await expect(page).toHaveURL(/\/free-trial\/verify/);

    // The code screen: a failed Verify keeps the typed code.
    await failPosts(page);
    await page.getByLabel("Verification code").fill("123456");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByTestId("otp-message")).toHaveText("Failed to verify OTP. Please try again.");
    await expect(page.getByLabel("Verification code")).toHaveValue("123456");
    await restoreNetwork(page);
    const code = (await newestEmail(request, email, "trial.code")).text.match(/ is (\d{6})\./)?.[1] ?? "";
    await page.getByLabel("Verification code").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/free-trial\/welcome$/);
  });

  test("/demo: the booking details and the callback form", async ({ page, request }) => {
    const { date, time } = await freeSlot(request);
    const email = uniqueEmail("offline-booking");
    await page.goto(`/demo?date=${date}&time=${time}`);
    await page.getByLabel("Name").fill("Farah Khan");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Company").fill("Khan Logistics");
    await page.getByLabel("Notes").fill("Show us approvals on mobile.");
    await failPosts(page);
    await page.getByRole("button", { name: "Schedule Meeting" }).click();
    await expect(page.getByTestId("booking-error")).toHaveText("Failed to book meeting. Please try again.");
    await expect(page.getByLabel("Name")).toHaveValue("Farah Khan");
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Company")).toHaveValue("Khan Logistics");
    await expect(page.getByLabel("Notes")).toHaveValue("Show us approvals on mobile.");
    await restoreNetwork(page);
    await page.getByRole("button", { name: "Schedule Meeting" }).click();
    await expect(page.getByText("Meeting Scheduled!")).toBeVisible();

    await page.goto("/demo?mode=callback");
    await page.getByLabel("First name").fill("Vikram");
    await page.getByLabel("Last name").fill("Shah");
    await page.getByLabel("Email").fill(uniqueEmail("offline-callback"));
    await page.getByLabel("Company").fill("Shah Pharma");
    await page.getByLabel("Message").fill("Mornings are best.");
    await failPosts(page);
    await page.getByRole("button", { name: "Request Callback" }).click();
    await expect(page.getByRole("alert")).toHaveText("Failed to submit your request. Please try again.");
    await expect(page.getByLabel("Company")).toHaveValue("Shah Pharma");
    await expect(page.getByLabel("Message")).toHaveValue("Mornings are best.");
    await restoreNetwork(page);
    await page.getByRole("button", { name: "Request Callback" }).click();
    await expect(page.getByTestId("callback-success")).toBeVisible();
  });

  test("/pricing plan choice and the footer newsletter box", async ({ page }) => {
    await page.goto("/pricing");
    await failPosts(page);
    const standard = page.getByTestId("plan-standard");
    await standard.getByRole("button", { name: "Start 7-Day Trial" }).click();
    await expect(standard.getByTestId("plan-failure")).toHaveText(
      "Failed to choose a plan. Please check your connection and try again.",
    );
    await expect(standard.getByTestId("plan-failure")).toBeInViewport();

    const box = page.getByTestId("newsletter-form");
    const email = uniqueEmail("offline-news");
    await box.getByLabel("Join 25,000+ subscribers").fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(box.getByRole("alert")).toHaveText("Failed to subscribe. Please check your connection and try again.");
    await expect(box.getByLabel("Join 25,000+ subscribers")).toHaveValue(email);

    await restoreNetwork(page);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByTestId("newsletter-answer")).toContainText("check your inbox");
    await standard.getByRole("button", { name: "Start 7-Day Trial" }).click();
    await expect(page).toHaveURL(/\/free-trial\?plan=standard/);
  });

  test("screenshots of the failure messages at 390 px and 1280 px, light and dark", async ({ page, request }) => {
    const { date, time } = await freeSlot(request);
    for (const theme of ["light", "dark"] as const) {
      await chooseTheme(page, theme);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto("/free-trial");
        await expect(page.locator("html")).toHaveClass(theme);
        await page.getByLabel("Individual").check();
        await page.getByLabel("First name").fill("Meera");
        await page.getByLabel("Last name").fill("Iyer");
        await page.getByLabel("Work email").fill("meera@example.com");
        await failPosts(page);
        await page.getByRole("button", { name: "Continue" }).click();
        await expect(page.getByTestId("form-banner")).toBeVisible();
        await page.getByTestId("form-banner").evaluate((el) => el.scrollIntoView({ block: "center" }));
        await page.screenshot({ path: `${SHOTS}/free-trial-failure-${width}-${theme}.png` });
        await restoreNetwork(page);

        await page.goto(`/demo?date=${date}&time=${time}`);
        await page.getByLabel("Name").fill("Farah Khan");
        await page.getByLabel("Email").fill("farah@example.com");
        await page.getByLabel("Notes").fill("Show us approvals on mobile.");
        await failPosts(page);
        await page.getByRole("button", { name: "Schedule Meeting" }).click();
        await expect(page.getByTestId("booking-error")).toBeVisible();
        await page.getByTestId("booking-error").evaluate((el) => el.scrollIntoView({ block: "center" }));
        await page.screenshot({ path: `${SHOTS}/demo-failure-${width}-${theme}.png` });
        await restoreNetwork(page);
      }
    }
  });

  test("admin forms: a blog post being written and a meeting decision", async ({ page, request }) => {
    await signInAsAdmin(page);
    await page.goto("/admin/dashboard/blog/new");
    const title = `Offline draft ${uniqueMark()}`;
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Author").fill("Editor");
    await page.getByLabel("Excerpt").fill("Written on a train.");
    await page.getByLabel("Content").fill("## Tunnels\n\nThe network drops in tunnels.");
    await failPosts(page);
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to save blog post" })).toHaveText(
      "Failed to save blog post. Please try again.",
    );
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(page.getByLabel("Content")).toHaveValue("## Tunnels\n\nThe network drops in tunnels.");
    await restoreNetwork(page);
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/blog\/[^/]+\/edit\?created=1$/);

    const { date, time } = await freeSlot(request);
    const tag = Math.random().toString(36).slice(2, 8);
    const booked = await request.post("/api/meetings", {
      data: {
        name: `Offline ${tag}`,
        email: uniqueEmail("offline-meeting"),
        date,
        timeSlot: time,
        meetingType: "demo",
      },
    });
    expect(booked.status()).toBe(201);
    await page.goto(`/admin/dashboard/meetings?q=${tag}`);
    const card = page.getByTestId("meeting-card").filter({ hasText: `Offline ${tag}` });
    await failPosts(page);
    await card.getByRole("button", { name: /^Approve/ }).click();
    await expect(page.getByTestId("decision-message")).toHaveText("Failed to update meeting status. Please try again.");
    await expect(card.getByTestId("status")).toHaveText("scheduled");
    await restoreNetwork(page);
    await card.getByRole("button", { name: /^Approve/ }).click();
    await expect(card.getByTestId("status")).toHaveText("confirmed");
  });
});

test.describe("Enterprise Contact Sales", () => {
  test("captures a lead: field errors first, then the thank-you text where the visitor looks", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const email = uniqueEmail("enterprise");
    const company = `Lead Co ${Math.random().toString(36).slice(2, 8)}`;
    await page.goto("/pricing");
    const card = page.getByTestId("plan-enterprise");
    await card.getByRole("link", { name: "Contact Sales" }).click();
    if (javaScriptEnabled) {
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(card.getByTestId("contact-sales-form")).toBeVisible();
      await expect(card.getByLabel("First name")).toBeFocused();
    } else {
      await expect(page).toHaveURL(/\/pricing\/contact-sales$/);
    }
    const form = page.getByTestId("contact-sales-form");
    await form.getByLabel("First name").fill("Anil");
    await form.getByLabel("Last name").fill("Kapoor");
    await form.getByLabel("Company").fill(company);
    await form.getByLabel("Message").fill("Forty plants, one approval flow.");
    if (javaScriptEnabled) {
      // Without JavaScript the browser's own checks stop this submit; the server's are tested below.
      await form.getByLabel("Work email").fill("anil@");
      await form.getByRole("button", { name: "Contact Sales" }).click();
      await expect(form.getByText("Email is invalid")).toBeVisible();
      await expect(form.getByText("Team size is required")).toBeVisible();
      await expect(form.getByLabel("Company")).toHaveValue(company);
    }
    expect(await leadsOf(request, company)).toHaveLength(0);

    await form.getByLabel("Work email").fill(email);
    await form.getByLabel("Team size").selectOption("1000+");
    await form.getByRole("button", { name: "Contact Sales" }).click();
    const thanks = page.getByTestId("contact-sales-thanks");
    await expect(thanks).toHaveText("Thank you for your interest! Our sales team will contact you shortly.");
    await expect(thanks).toBeInViewport();

    const leads = await leadsOf(request, company);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ email, source: "pricing-enterprise", teamSize: "1000+", status: "new" });
    const notice = (await emailsTo(request, SALES)).find(
      (m) => m.kind === "lead.sales_notice" && m.text.includes(email),
    );
    expect(notice?.subject).toBe(`Enterprise lead: Anil Kapoor (${company})`);
  });

  test("bad input gets field errors and stores nothing", async ({ request, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "a request-level check: one run is enough");
    const company = `Bad Input ${Math.random().toString(36).slice(2, 8)}`;
    const response = await request.post("/pricing/contact-sales", {
      form: { firstName: "", lastName: "Das", email: "das@", company, teamSize: "lots", message: "" },
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    for (const text of ["First name is required", "Email is invalid", "Team size is required"]) {
      expect(html).toContain(text);
    }
    expect(await leadsOf(request, company)).toHaveLength(0);
  });

  test("a failed request keeps the form as typed (JavaScript on)", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript the browser's own behaviour applies");
    await page.goto("/pricing");
    const card = page.getByTestId("plan-enterprise");
    await card.getByRole("link", { name: "Contact Sales" }).click();
    await card.getByLabel("First name").fill("Nisha");
    await card.getByLabel("Last name").fill("Rao");
    await card.getByLabel("Work email").fill(uniqueEmail("enterprise-offline"));
    await card.getByLabel("Company").fill("Rao Cements");
    await card.getByLabel("Team size").selectOption("201-1000");
    await failPosts(page);
    await card.getByRole("button", { name: "Contact Sales", exact: true }).click();
    await expect(card.getByTestId("contact-sales-error")).toHaveText(
      "Failed to send your request. Please check your connection and try again.",
    );
    await expect(card.getByLabel("Company")).toHaveValue("Rao Cements");
    await expect(card.getByLabel("Team size")).toHaveValue("201-1000");
    await restoreNetwork(page);
    await card.getByRole("button", { name: "Contact Sales", exact: true }).click();
    await expect(card.getByTestId("contact-sales-thanks")).toBeVisible();
  });

  test("the admin Callbacks list shows the lead with its source", async ({ page, request, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "one run is enough: the list is server-rendered");
    const company = `Sourced ${Math.random().toString(36).slice(2, 8)}`;
    const response = await request.post("/pricing/contact-sales", {
      form: {
        firstName: "Ravi",
        lastName: "Das",
        email: uniqueEmail("sourced"),
        company,
        teamSize: "51-200",
        message: "",
      },
    });
    expect(response.ok()).toBeTruthy();
    await signInAsAdmin(page);
    await page.goto(`/admin/dashboard/meetings/callbacks?q=${encodeURIComponent(company)}`);
    const card = page.getByTestId("callback-card").filter({ hasText: company });
    await expect(card.getByTestId("callback-source")).toHaveText("Source: Pricing — Enterprise");
    await expect(card).toContainText("51-200 employees");
  });

  test("screenshots of the form (and the footer newsletter box) at 390 px and 1280 px, light and dark", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "the in-place form is the JavaScript view");
    for (const theme of ["light", "dark"] as const) {
      await chooseTheme(page, theme);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto("/pricing");
        await expect(page.locator("html")).toHaveClass(theme);
        const card = page.getByTestId("plan-enterprise");
        await card.getByRole("link", { name: "Contact Sales" }).click();
        await card.getByRole("button", { name: "Contact Sales", exact: true }).click();
        await expect(card.getByText("First name is required")).toBeVisible();
        await card.getByTestId("contact-sales-panel").evaluate((panel) => panel.scrollIntoView({ block: "center" }));
        await page.screenshot({ path: `${SHOTS}/enterprise-${width}-${theme}.png` });

        const box = page.getByTestId("newsletter-form");
        await box.getByLabel("Join 25,000+ subscribers").fill(uniqueEmail("shot"));
        await box.getByRole("button", { name: "Subscribe" }).click();
        await expect(page.getByTestId("newsletter-answer")).toContainText("Almost there");
        await page.locator("footer").screenshot({ path: `${SHOTS}/newsletter-${width}-${theme}.png` });
      }
    }
  });
});

test.describe("newsletter (double opt-in)", () => {
  test("subscribe from the footer, confirm by the emailed link, unsubscribe; the console lists it", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const email = uniqueEmail("reader");
    await page.goto("/blog");
    const box = page.getByTestId("newsletter-form");
    await box.getByLabel("Join 25,000+ subscribers").fill("not-an-email");
    await box.getByRole("button", { name: "Subscribe" }).click();
    if (javaScriptEnabled) {
      await expect(box.getByText("Email is invalid")).toBeVisible();
    } else {
      await expect(page).toHaveURL(/\/newsletter$/);
      await expect(page.getByText("Email is invalid")).toBeVisible();
      await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
      await page.goto("/blog");
    }
    await box.getByLabel("Join 25,000+ subscribers").fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    const answer = javaScriptEnabled
      ? page.getByTestId("newsletter-answer")
      : page.getByTestId("newsletter-page-answer");
    await expect(answer).toContainText(
      "Almost there: check your inbox and click the link to confirm your subscription.",
    );
    if (javaScriptEnabled) await expect(page).toHaveURL(/\/blog$/);

    const mail = await newestEmail(request, email, "newsletter.confirm");
    expect(mail.subject).toBe("Confirm your subscription to the Flowlane newsletter");
    const confirmUrl = new URL(mail.text.match(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/)?.[0] ?? "");
    const unsubscribeUrl = new URL(mail.text.match(/https?:\/\/\S+\/newsletter\/unsubscribe\?token=\S+/)?.[0] ?? "");

    // Opening the link alone confirms nothing (mail scanners open links).
    await page.goto(confirmUrl.pathname + confirmUrl.search);
    expect(await statusOf(request, email)).toBe("pending");
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByTestId("newsletter-outcome")).toHaveText(
      "Your subscription is confirmed. Thank you for subscribing!",
    );
    expect(await statusOf(request, email)).toBe("confirmed");
    // The same link again is harmless.
    await page.goto(confirmUrl.pathname + confirmUrl.search);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByTestId("newsletter-outcome")).toHaveText("Your subscription is already confirmed.");

    // Subscribing again answers the same and sends nothing.
    await page.goto("/blog");
    await box.getByLabel("Join 25,000+ subscribers").fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(answer).toContainText("Almost there");
    expect((await emailsTo(request, email)).filter((m) => m.kind === "newsletter.confirm")).toHaveLength(1);

    await page.goto(unsubscribeUrl.pathname + unsubscribeUrl.search);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByTestId("newsletter-outcome")).toHaveText(
      "You are unsubscribed. You will not receive our newsletter any more.",
    );
    expect(await statusOf(request, email)).toBe("unsubscribed");

    await page.goto("/newsletter/confirm?token=made-up");
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByTestId("newsletter-outcome")).toHaveText(
      "This confirmation link is not valid any more. Subscribe again to get a new one.",
    );

    await signInAsAdmin(page);
    await page.goto("/admin/dashboard/settings/subscribers?status=unsubscribed");
    await expect(page.getByTestId("subscriber-row").filter({ hasText: email })).toContainText("unsubscribed");
    await page.goto("/admin/dashboard/settings/subscribers?status=confirmed");
    await expect(page.getByTestId("subscriber-row").filter({ hasText: email })).toHaveCount(0);
  });
});

test.describe("the small ones", () => {
  test("the 24/7 stat never counts through 10/7", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript nothing animates");
    await page.goto("/");
    const seen = await page.evaluate(async () => {
      const counter = [...document.querySelectorAll("dl dd [data-final]")].find(
        (el) => el.getAttribute("data-final") === "24/7",
      );
      if (!counter) return ["missing"];
      const texts = new Set([counter.textContent ?? ""]);
      const observer = new MutationObserver(() => texts.add(counter.textContent ?? ""));
      observer.observe(counter, { childList: true, characterData: true, subtree: true });
      counter.closest("dl")?.scrollIntoView();
      // The 5000+ counter runs 2 s: wait until it has started and finished, then stop listening.
      const first = document.querySelector("dl dd [data-final]");
      await new Promise<void>((resolve) => {
        let started = false;
        const check = () => {
          const final = first?.textContent === first?.getAttribute("data-final");
          started ||= !final;
          if (started && final) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
      observer.disconnect();
      return [...texts];
    });
    expect(seen).toEqual(["24/7"]);
  });

  test("/free-trial has no duplicate ids", async ({ page }) => {
    await page.goto("/free-trial");
    const duplicates = await page.evaluate(() => {
      const ids = [...document.querySelectorAll("[id]")].map((el) => el.id);
      return ids.filter((id, i) => ids.indexOf(id) !== i);
    });
    expect(duplicates).toEqual([]);
  });
});

/** The leads for a company, read through the admin API. */
async function leadsOf(request: APIRequestContext, company: string) {
  const token = await adminToken(request);
  const response = await request.get(`/api/callbacks?q=${encodeURIComponent(company)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()).data as { company: string }[]).filter((c) => c.company === company);
}

/** A subscriber's status, read from the admin subscribers CSV. */
async function statusOf(request: APIRequestContext, email: string) {
  const token = await adminToken(request);
  const response = await request.get("/api/admin/export/subscribers", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBeTruthy();
  const line = (await response.text()).split("\r\n").find((l) => l.includes(email));
  return line?.split(",")[2];
}
