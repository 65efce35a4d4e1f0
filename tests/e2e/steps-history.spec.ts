import { expect, test, uniqueEmail } from "./fixtures";
import { chooseDate, freeSlot } from "./slots";

/**
 * Issue 30 (decision 048): the steps of the trial signup and of the demo booking wizard survive
 * Back, Forward and a reload, JavaScript on and off. Each trial step is a page of its own
 * (`/free-trial?step=N`) whose values the server keeps as a draft (never in the URL); what was
 * typed on a page and not sent yet comes back as the browser itself brings it back without
 * JavaScript.
 */

test.describe.configure({ timeout: 60_000 });

test.describe("the trial signup's steps", () => {
  test("each step is its own history entry: Back shows the step before filled in, a reload the same step", async ({
    page,
    javaScriptEnabled,
  }) => {
    const email = uniqueEmail("steps");
    const indicator = page.getByTestId("step-indicator");
    await page.goto("/free-trial?plan=pro");
    await page.getByLabel("Organization").check();
    await page.getByLabel("First name").fill("Priya");
    await page.getByLabel("Last name").fill("Raman");
    await page.getByLabel("Work email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(indicator).toHaveText("Step 2 of 3");
    await expect(page).toHaveURL(/\/free-trial\?step=2$/);
    // The values are the server's, not the address's: no personal data in the URL.
    expect(page.url()).not.toContain("Priya");

    await page.getByLabel("Company name").fill("Raman Exports");
    await page.getByLabel("Job title").fill("Director");
    await page.getByLabel("Company size").selectOption("51-200");
    await page.getByLabel("Industry").selectOption("Retail");
    await page.getByLabel("Country").fill("India");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(indicator).toHaveText("Step 3 of 3");
    await expect(page).toHaveURL(/\/free-trial\?step=3$/);
    await page.getByLabel("What would you like to automate?").fill("Purchase approvals");

    // A reload shows step 3 again (it used to show an empty step 1 with JavaScript).
    await page.reload();
    await expect(indicator).toHaveText("Step 3 of 3");
    await expect(page.getByRole("heading", { name: "Almost done" })).toBeVisible();
    await expect(page.getByTestId("selected-plan")).toHaveText("Selected plan: Pro");
    if (javaScriptEnabled) {
      // Typed on this page and not sent: kept for this history entry.
      await expect(page.getByLabel("What would you like to automate?")).toHaveValue("Purchase approvals");
    } else {
      // Chromium itself does not bring back fields on a reload (it does on Back and Forward).
      await page.getByLabel("What would you like to automate?").fill("Purchase approvals");
    }

    // Back: step 2, filled in (it used to leave the site with JavaScript).
    await page.goBack();
    await expect(indicator).toHaveText("Step 2 of 3");
    await expect(page.getByLabel("Company name")).toHaveValue("Raman Exports");
    await expect(page.getByLabel("Company size")).toHaveValue("51-200");
    await page.goBack();
    await expect(indicator).toHaveText("Step 1 of 3");
    await expect(page.getByLabel("First name")).toHaveValue("Priya");
    await expect(page.getByLabel("Work email")).toHaveValue(email);
    await expect(page.getByLabel("Organization")).toBeChecked();

    // Forward again: step 2 and step 3, still filled in, with what was typed on step 3 and not sent.
    await page.goForward();
    await expect(indicator).toHaveText("Step 2 of 3");
    await expect(page.getByLabel("Industry")).toHaveValue("Retail");
    await page.goForward();
    await expect(indicator).toHaveText("Step 3 of 3");
    await expect(page.getByLabel("What would you like to automate?")).toHaveValue("Purchase approvals");

    // The form's own Back button keeps what was typed on the step it leaves.
    await page.getByLabel("Tools you use today").fill("Spreadsheets");
    await page.getByRole("button", { name: "Back" }).click();
    await expect(indicator).toHaveText("Step 2 of 3");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(indicator).toHaveText("Step 3 of 3");
    await expect(page.getByLabel("Tools you use today")).toHaveValue("Spreadsheets");
  });

  test("an address of a later step without the steps before it shows the first step", async ({ page }) => {
    await page.goto("/free-trial?step=3");
    await expect(page).toHaveURL(/\/free-trial\?step=1$/);
    await expect(page.getByTestId("step-indicator")).toHaveText("Step 1 of 3");
    await expect(page.getByLabel("First name")).toHaveValue("");
  });
});

test.describe("the demo booking wizard", () => {
  test("Back to the times and Forward again keep the details typed; so does a reload", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const { date, time } = await freeSlot(request);
    await page.goto("/demo");
    await chooseDate(page, date);
    await page.getByTestId(`slot-${time}`).click();
    await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
    await page.getByLabel("Name").fill("Meera Iyer");
    await page.getByLabel("Email").fill(uniqueEmail("wizard"));
    await page.getByLabel("Notes").fill("Approvals for 40 stores");

    await page.goBack();
    await expect(page.getByRole("heading", { name: "Select a time" })).toBeVisible();
    await page.goForward();
    await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Meera Iyer");
    await expect(page.getByLabel("Notes")).toHaveValue("Approvals for 40 stores");

    if (javaScriptEnabled) {
      await page.reload();
      await expect(page.getByLabel("Name")).toHaveValue("Meera Iyer");
      await expect(page.getByLabel("Notes")).toHaveValue("Approvals for 40 stores");
    }
  });
});
