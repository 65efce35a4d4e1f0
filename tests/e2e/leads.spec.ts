import { approvedAccount } from "./console-helpers";
import { expect, signInAsAdmin, test, uniqueEmail } from "./fixtures";
import { bookFreeSlotOnPage } from "./slots";

/*
 * Issue 26: a visitor lands from a campaign link, browses, books a demo; the lead shows the
 * campaign in the inbox, and a member assigns it, writes a note and changes its status — with
 * JavaScript on and off.
 */

test.describe.configure({ timeout: 90_000 });

test("a campaign visitor's booking reaches the lead inbox with its source, and the team works it", async ({
  page,
  request,
}) => {
  const sellers = [
    await approvedAccount(request, `Lena Leads ${Date.now().toString(36)}`, "sales"),
    await approvedAccount(request, `Omar Owner ${Date.now().toString(36)}`, "sales"),
  ];
  const email = uniqueEmail("lead-journey");

  // Lands from the newsletter, browses two pages, then books.
  const landing = await page.goto("/?utm_source=Newsletter&utm_campaign=nov");
  expect(landing?.status()).toBe(200);
  const cookie = (await page.context().cookies()).find((c) => c.name === "flowlane_attribution");
  expect(cookie?.httpOnly).toBe(true);
  await page.goto("/pricing");
  await page.goto("/blog");
  await page.goto("/demo");
  await bookFreeSlotOnPage(page, request, { name: "Nora Newsletter", email, company: "Nov Campaign Co" });

  // The inbox shows where the lead came from.
  await signInAsAdmin(page);
  await page.goto("/admin/dashboard/leads");
  await page.getByLabel("Search leads").fill(email);
  await page.getByRole("button", { name: "Apply filters" }).click();
  const row = page.getByTestId("lead-row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("lead-source")).toHaveText("newsletter");
  await expect(row.getByTestId("lead-campaign")).toHaveText("nov");
  await expect(row).toContainText("Demo booking");

  // Assign, note, status.
  await row.getByRole("link", { name: "Nora Newsletter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nora Newsletter" })).toBeVisible();
  await expect(page.getByTestId("touch-campaign").first()).toHaveText("nov");
  // Round-robin gave it an owner; hand it to one of the two new Sales members who does not have it.
  const current = await page.getByTestId("lead-owner").textContent();
  const seller = sellers.find((s) => s.name !== current) ?? sellers[0]!;
  await page.getByLabel("Owner", { exact: true }).selectOption({ label: seller.name });
  await page.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Owner changed." })).toBeVisible();
  await expect(page.getByTestId("lead-owner")).toHaveText(seller.name);
  await page.getByLabel("Add a note").fill("Called: wants a pilot in December");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Note added." })).toBeVisible();
  await expect(page.getByTestId("timeline")).toContainText("Called: wants a pilot in December");
  await page.getByLabel("Status", { exact: true }).selectOption("qualified");
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Status changed to qualified." })).toBeVisible();
  await expect(page.getByTestId("lead-status")).toHaveText("Qualified");
  await expect(page.getByTestId("timeline")).toContainText("New → Qualified");
  await expect(page.getByTestId("speed-to-lead")).not.toHaveText("Not touched yet");

  // Losing it needs a reason: the form says so and changes nothing.
  await page.getByLabel("Status", { exact: true }).selectOption("lost");
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Give a reason for losing or disqualifying this lead." }),
  ).toBeVisible();
  await expect(page.getByTestId("lead-status")).toHaveText("Qualified");
});
