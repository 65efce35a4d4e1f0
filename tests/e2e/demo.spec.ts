import type { APIRequestContext, Page } from "@playwright/test";
import { adminToken, emailsTo, expect, signInAsAdmin, test, uniqueEmail } from "./fixtures";
import { bookByApi, chooseDate, freeSlot, time12h } from "./slots";

/**
 * Demo booking (issue 7): the wizard, the callback form and the admin's Demo Meetings, in
 * both projects (js and no-js). Every test makes its own meetings on random free slots, so
 * tests running in parallel against one database do not meet.
 */

const SLOT_TAKEN = "Sorry, this time slot was just booked by someone else. Please choose another time.";

const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

/** Books a meeting through the public API on a random free slot. */
const bookViaApi = (request: APIRequestContext, fields: { name: string; company: string; email?: string }) =>
  bookByApi(request, {
    email: fields.email ?? uniqueEmail("meeting"),
    phone: "+91 90000 00000",
    notes: "Created by the e2e suite.",
    ...fields,
  });

async function openDate(page: Page, date: string) {
  await chooseDate(page, date);
  await expect(page.getByTestId("selected-date")).toHaveText(longDate(date));
}

test.describe.configure({ timeout: 60_000 });

test.describe("booking a demo", () => {
  // The edge's zone (decision 085) set here, so the local workerd's made-up `cf` place does not decide.
  test.use({ timezoneId: "America/New_York", extraHTTPHeaders: { "CF-Timezone": "America/New_York" } });

  test("a visitor books through the wizard, sees the confirmation and gets the email", async ({ page, request }) => {
    const { date, time: picked } = await freeSlot(request);
    const email = uniqueEmail("booker");
    await page.goto("/demo");
    await expect(page.getByRole("link", { name: "Schedule Now" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "Select a date" })).toBeVisible();

    await openDate(page, date);
    // The visitor's own timezone, from the edge, with or without JavaScript (decision 085).
    await expect(page.getByTestId("timezone-note")).toContainText("America/New York");
    // Change Date goes back one step.
    await page.getByRole("link", { name: "Change Date" }).click();
    await expect(page.getByRole("heading", { name: "Select a date" })).toBeVisible();
    await page.locator(`[data-date="${date}"]`).click();

    // Tests run side by side: if another one booked the picked slot meanwhile, take one still offered.
    const offered = page.locator('[data-testid^="slot-"]');
    await expect(offered.first()).toBeVisible();
    const time =
      (await page.getByTestId(`slot-${picked}`).count()) > 0
        ? picked
        : String(await offered.first().getAttribute("data-testid")).replace("slot-", "");
    await page.getByTestId(`slot-${time}`).click();
    await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
    await expect(page.getByTestId("selected-time")).toContainText(time12h(time));
    // Change Time goes back one step, keeping the date.
    await page.getByRole("link", { name: "Change Time" }).click();
    await expect(page.getByRole("heading", { name: "Select a time" })).toBeVisible();
    await expect(page.getByTestId("selected-date")).toHaveText(longDate(date));
    await page.getByTestId(`slot-${time}`).click();

    await page.getByLabel("Name").fill("Meera Iyer");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Phone").fill("+91 99999 12345");
    await page.getByLabel("Company").fill("Iyer Textiles");
    await page.getByLabel("Notes").fill("Vendor onboarding approvals.");
    await page.getByRole("button", { name: "Schedule Meeting" }).click();

    await expect(page.getByRole("heading", { name: "Meeting Scheduled!" })).toBeVisible();
    await expect(page.getByTestId("confirmed-date")).toHaveText(longDate(date));
    await expect(page.getByTestId("confirmed-time")).toContainText(time12h(time));
    await expect(page.getByText("You'll receive a confirmation email shortly with meeting details.")).toBeVisible();

    const [confirmation] = await emailsTo(request, email);
    expect(confirmation?.kind).toBe("meeting.confirmation");
    expect(confirmation?.subject).toContain(longDate(date));
    const sales = await emailsTo(request, "sales@flowlane.example");
    expect(sales.some((e) => e.kind === "meeting.sales_notice" && e.text.includes(email))).toBe(true);

    // The slot is gone for the next visitor.
    const slots = (await (await request.get(`/api/calendar/available-slots?date=${date}`)).json()).data;
    expect(slots.find((s: { time: string }) => s.time === time).available).toBe(false);

    await page.getByRole("link", { name: "Schedule Another Meeting" }).click();
    await expect(page.getByRole("heading", { name: "Select a date" })).toBeVisible();
  });

  test("a slot taken meanwhile gets the clear slot-taken message", async ({ page, request }) => {
    const { date, time } = await freeSlot(request);
    await page.goto(`/demo?date=${date}&time=${time}`);
    await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
    // Someone else books the same slot first.
    const other = await request.post("/api/meetings", {
      data: { name: "Quick Bird", email: uniqueEmail("bird"), date, timeSlot: time },
    });
    expect(other.status()).toBe(201);
    await page.getByLabel("Name").fill("Slow Bird");
    await page.getByLabel("Email").fill(uniqueEmail("slow"));
    await page.getByRole("button", { name: "Schedule Meeting" }).click();
    await expect(page.getByRole("alert")).toHaveText(SLOT_TAKEN);
    await expect(page.getByRole("heading", { name: "Select a time" })).toBeVisible();
    await expect(page.getByTestId(`slot-${time}`)).toHaveCount(0);
  });

  test("the details form checks the required fields", async ({ page, request, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript the browser's own required-field check applies");
    const { date, time } = await freeSlot(request);
    await page.goto(`/demo?date=${date}&time=${time}`);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Schedule Meeting" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("Email is invalid")).toBeVisible();
  });
  test("with JavaScript, the wizard shows its loading and scheduling texts", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "pending states exist only with JavaScript");
    const { date, time } = await freeSlot(request);
    await page.goto(`/demo?month=${date.slice(0, 7)}`);
    await expect(page.getByRole("heading", { name: "Select a date" })).toBeVisible();
    // The data requests wait at a gate the test opens once it has seen the pending state, so the
    // state is on screen for as long as the check needs and not a fixed time.
    let gate = Promise.resolve();
    let open = () => {};
    const hold = () => {
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
    };
    await page.route("**/demo.data*", async (route) => {
      await gate;
      await route.continue();
    });
    hold();
    await page.locator(`[data-date="${date}"]`).click();
    await expect(page.getByRole("status").filter({ hasText: "Loading available times..." })).toBeVisible();
    open();
    await expect(page.getByRole("heading", { name: "Select a time" })).toBeVisible();
    await page.getByTestId(`slot-${time}`).click();
    await page.getByLabel("Name").fill("Pending Person");
    await page.getByLabel("Email").fill(uniqueEmail("pending"));
    hold();
    await page.getByRole("button", { name: "Schedule Meeting" }).click();
    await expect(page.getByRole("button", { name: "Scheduling..." })).toBeDisabled();
    open();
    await expect(page.getByRole("heading", { name: "Meeting Scheduled!" })).toBeVisible();
  });
});

/** `HH:mm` on `date` in IST (the business zone, UTC+5:30 all year) as it reads in `zone`: "9:30 AM". */
const readsIn = (date: string, time: string, zone: string) =>
  new Date(`${date}T${time}:00+05:30`)
    .toLocaleTimeString("en-US", {
      hour: "numeric",
      minute: "2-digit",
      timeZone: zone,
    })
    .replace(/\s/g, " "); // ICU writes a narrow no-break space before AM/PM

test.describe("the visitor's time zone (issue 27 item 6, decision 085)", () => {
  // The edge says Los Angeles; the browser (with JavaScript) says New York; the visitor picks London.
  test.use({ timezoneId: "America/New_York", extraHTTPHeaders: { "CF-Timezone": "America/Los_Angeles" } });

  test("a visitor chooses their zone without JavaScript, books in it and the confirmation shows both zones", async ({
    page,
    request,
  }) => {
    const { date } = await freeSlot(request);
    await page.goto("/demo");
    await openDate(page, date);
    // The edge's zone is the default, with and without JavaScript.
    await expect(page.getByTestId("timezone-note")).toContainText("America/Los Angeles");
    await expect(page.getByLabel("Your time zone")).toHaveValue("America/Los_Angeles");

    await page.getByLabel("Your time zone").selectOption("Europe/London");
    await page.getByRole("button", { name: "Show times" }).click();
    await expect(page).toHaveURL(new RegExp(`date=${date}&tz=Europe%2FLondon`));
    await expect(page.getByTestId("timezone-note")).toContainText("Europe/London");
    await expect(page.getByTestId("selected-date")).toHaveText(longDate(date));

    const offered = page.locator('[data-testid^="slot-"]');
    await expect(offered.first()).toBeVisible();
    const time = String(await offered.first().getAttribute("data-testid")).replace("slot-", "");
    const slot = page.getByTestId(`slot-${time}`);
    // The slot reads in London with our time beside it.
    await expect(slot).toContainText(readsIn(date, time, "Europe/London"));
    await expect(slot).toContainText(`${time12h(time)} our time`);
    await slot.click();

    await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
    await expect(page.getByTestId("selected-time")).toContainText("Europe/London");
    await expect(page.getByLabel("Your time zone")).toHaveValue("Europe/London");
    const email = uniqueEmail("zone");
    await page.getByLabel("Name").fill("Zoe London");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Schedule Meeting" }).click();

    await expect(page.getByRole("heading", { name: "Meeting Scheduled!" })).toBeVisible();
    await expect(page.getByTestId("confirmed-local-time")).toHaveText(
      `${readsIn(date, time, "Europe/London")} (Europe/London)`,
    );
    await expect(page.getByTestId("confirmed-time")).toContainText(`${time12h(time)} – `);
    await expect(page.getByTestId("confirmed-time")).toContainText("(Asia/Kolkata)");
    // The email shows both zones too (emails.server.ts, unchanged).
    const [confirmation] = await emailsTo(request, email);
    expect(confirmation?.text).toContain("(Europe/London)");
  });

  test("a zone that is not one reads in the business zone, not an error page", async ({ page, request }) => {
    const { date } = await freeSlot(request);
    await page.goto(`/demo?date=${date}&tz=Mars%2FBase`);
    await expect(page.getByRole("heading", { name: "Select a time" })).toBeVisible();
    await expect(page.getByTestId("timezone-note")).toContainText("Times are in Asia/Kolkata");
    await expect(page.getByLabel("Your time zone")).toHaveValue("Asia/Kolkata");
  });
});

test("a visitor requests a callback", async ({ page, request, javaScriptEnabled }) => {
  const email = uniqueEmail("callback");
  await page.goto("/demo");
  await page.getByRole("link", { name: "Request Callback" }).click();
  await expect(page).toHaveURL(/\/demo\?mode=callback$/);
  await expect(page.getByRole("heading", { name: "Request a callback" })).toBeVisible();
  if (javaScriptEnabled) {
    await page.getByRole("button", { name: "Request Callback" }).click();
    await expect(page.getByText("First name is required")).toBeVisible();
    await expect(page.getByText("Company is required")).toBeVisible();
  }
  await page.getByLabel("First name").fill("Arjun");
  await page.getByLabel("Last name").fill("Mehta");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Company").fill("Mehta Motors");
  await page.getByLabel("Message").fill("Call me on Tuesday morning.");
  await page.getByRole("button", { name: "Request Callback" }).click();
  await expect(page.getByTestId("callback-success")).toHaveText(
    "Demo request submitted successfully! We'll contact you within 24 hours.",
  );
  // The notice is written with the request itself.
  const sales = await emailsTo(request, "sales@flowlane.example");
  expect(sales.some((e) => e.kind === "callback.sales_notice" && e.text.includes(email))).toBe(true);

  // Contact Sales leads here too, and Start Free Trial to the trial signup.
  await page.goto("/demo");
  const aside = page.locator("main aside");
  await expect(aside.getByRole("link", { name: "Contact Sales" })).toHaveAttribute("href", "/demo?mode=callback");
  await expect(aside.getByRole("link", { name: "Start Free Trial" })).toHaveAttribute("href", "/free-trial");
});

test.describe("admin: Demo Meetings", () => {
  test("filters, searches, approves and rejects", async ({ page, request, javaScriptEnabled }) => {
    const tag = Math.random().toString(36).slice(2, 8);
    const approveEmail = uniqueEmail("asha");
    const approveMe = await bookViaApi(request, {
      name: `Asha Approve ${tag}`,
      company: `Zenith ${tag} Labs`,
      email: approveEmail,
    });
    const rejectMe = await bookViaApi(request, { name: `Ravi Reject ${tag}`, company: `Zenith ${tag} Labs` });
    await bookViaApi(request, { name: `Other Person ${tag}x`, company: "Unrelated Co" });

    await signInAsAdmin(page);
    await page
      .getByRole("link", { name: /^Demo Meetings/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { name: "Demo Meetings" })).toBeVisible();

    // Search by company, case-insensitive.
    await page.getByLabel("Search by name or company").fill(`ZENITH ${tag.toUpperCase()}`);
    await page.getByRole("button", { name: "Search" }).click();
    const cards = page.getByTestId("meeting-card");
    await expect(cards).toHaveCount(2);
    // Search by name.
    await page.getByLabel("Search by name or company").fill(`asha approve ${tag}`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(cards).toHaveCount(1);
    await page.getByLabel("Search by name or company").fill(tag);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(cards).toHaveCount(3);

    // Filter keeps the search.
    await page.getByRole("link", { name: /^Scheduled/ }).click();
    await expect(page).toHaveURL(/status=scheduled/);
    await expect(cards).toHaveCount(3);
    await page.getByRole("link", { name: /^Confirmed/ }).click();
    await expect(cards).toHaveCount(0);
    await page.getByRole("link", { name: /^All/ }).click();

    const card = (name: string) => cards.filter({ hasText: name });
    await expect(card(`Asha Approve ${tag}`)).toContainText(time12h(approveMe.timeSlot));
    await card(`Asha Approve ${tag}`)
      .getByRole("button", { name: /^Approve/ })
      .click();
    await expect(page.getByTestId("decision-message")).toContainText(`Approved: the meeting with Asha Approve ${tag}`);
    await expect(card(`Asha Approve ${tag}`).getByTestId("status")).toHaveText("confirmed");
    await expect(card(`Asha Approve ${tag}`).getByRole("button", { name: /^Approve/ })).toHaveCount(0);

    // Reject asks first (issue 30): a dialog with JavaScript, a confirmation page without.
    await card(`Ravi Reject ${tag}`)
      .getByRole(javaScriptEnabled ? "button" : "link", { name: /^Reject/ })
      .click();
    await page.getByRole("button", { name: "Yes, reject" }).click();
    await expect(page.getByTestId("decision-message")).toContainText(`Rejected: the meeting with Ravi Reject ${tag}`);
    if (javaScriptEnabled) {
      await expect(card(`Ravi Reject ${tag}`).getByTestId("status")).toHaveText("cancelled");
    } else {
      await expect(page).toHaveURL(new RegExp(`/admin/dashboard/meetings/${rejectMe.id}\\?decided=rejected$`));
      await expect(page.getByTestId("status")).toHaveText("cancelled");
      await page.goto(`/admin/dashboard/meetings?q=${tag}`);
    }

    await page.getByRole("link", { name: /^Confirmed/ }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`Asha Approve ${tag}`);

    // View Details: a dialog with JavaScript, the details page without.
    await cards
      .first()
      .getByRole("link", { name: /^View Details/ })
      .click();
    if (javaScriptEnabled) {
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("heading", { name: `Asha Approve ${tag}` })).toBeVisible();
      await expect(dialog).toContainText(longDate(approveMe.date));
      await dialog.getByRole("button", { name: "Close" }).first().click();
      await expect(dialog).toBeHidden();
    } else {
      await expect(page).toHaveURL(new RegExp(`/admin/dashboard/meetings/${approveMe.id}$`));
      await expect(page.getByRole("heading", { name: `Asha Approve ${tag}` })).toBeVisible();
      await expect(page.getByText(longDate(approveMe.date))).toBeVisible();
    }

    // The visitor was told (the email is written with the decision).
    expect((await emailsTo(request, approveEmail)).map((e) => e.kind)).toContain("meeting.confirmed");
    expect(rejectMe.id).toBeTruthy();
  });

  test("a decision that can no longer be made shows the failure text", async ({ page, request, javaScriptEnabled }) => {
    const tag = Math.random().toString(36).slice(2, 8);
    const meeting = await bookViaApi(request, { name: `Late Decision ${tag}`, company: "Race Co" });
    await signInAsAdmin(page);
    await page.goto(`/admin/dashboard/meetings?q=${tag}`);
    const card = page.getByTestId("meeting-card").filter({ hasText: `Late Decision ${tag}` });
    await card.getByRole(javaScriptEnabled ? "button" : "link", { name: /^Reject/ }).click();
    await expect(page.getByRole("button", { name: "Yes, reject" })).toBeVisible();
    // Another admin approves it first.
    const token = await adminToken(request);
    const approved = await request.put(`/api/meetings/${meeting.id}/status`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { status: "confirmed" },
    });
    expect(approved.status()).toBe(200);
    await page.getByRole("button", { name: "Yes, reject" }).click();
    // The page reloads what is true now: no Reject left, and the failure said above.
    if (javaScriptEnabled) {
      await expect(card.getByTestId("status")).toHaveText("confirmed");
      await expect(page.getByTestId("reject-dialog")).toHaveCount(0);
    } else {
      await expect(page.getByTestId("reject-not-needed")).toContainText("confirmed");
    }
    await expect(page.getByTestId("decision-message")).toContainText(
      "Failed to update meeting status. Please try again.",
    );
    await expect(page.getByTestId("decision-message")).toContainText("already confirmed");
  });

  test("the Callbacks tab lists callback requests and marks them contacted", async ({ page, request }) => {
    const tag = Math.random().toString(36).slice(2, 8);
    const created = await request.post("/api/callbacks", {
      data: { firstName: "Kiran", lastName: `Rao${tag}`, email: uniqueEmail("kiran"), company: `Rao ${tag} Exports` },
    });
    expect(created.status()).toBe(201);
    await signInAsAdmin(page);
    await page.goto("/admin/dashboard/meetings");
    await page.getByRole("link", { name: "Callbacks" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/meetings\/callbacks$/);
    await expect(
      page.getByText("Callback requests from the booking page and Enterprise leads from the pricing page."),
    ).toBeVisible();
    await page.getByLabel("Search by name or company").fill(`rao ${tag} exports`);
    await page.getByRole("button", { name: "Search" }).click();
    const card = page.getByTestId("callback-card");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`Kiran Rao${tag}`);
    await expect(card.getByTestId("status")).toHaveText("new");
    await card.getByRole("button", { name: /^Mark contacted/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "as contacted" })).toBeVisible();
    await expect(card.getByTestId("status")).toHaveText("contacted");
  });
});
