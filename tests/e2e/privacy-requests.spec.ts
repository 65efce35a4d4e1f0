import type { APIRequestContext, Page } from "@playwright/test";
import { adminToken, emailsTo, expect, signInAsAdmin, test, uniqueEmail, uniqueMark } from "./fixtures";
import { shoot as shootAt } from "./screenshots";
import { bookByApi } from "./slots";

/**
 * A person's data on request (issue 29, decision 088), in both projects (js and no-js): a visitor
 * asks for the erasure of their data on /privacy/requests, confirms from the emailed link (refused
 * while their demo is upcoming, done once it is cancelled), and the console holds nothing more
 * about them: their booking is gone from Demo Meetings and People finds nothing.
 */

const CHECK_INBOX =
  "Check your inbox: we sent a link to confirm the request. Nothing happens until you open it and confirm.";
const UPCOMING =
  "You have an upcoming demo with us: cancel it with the link in your booking email first, then confirm again.";
const ERASED = "Done: your data has been erased. You will not hear from us again unless you contact us.";

test.describe.configure({ timeout: 90_000 });

/** With E2E_SCREENSHOTS=dir, once (with JavaScript): the page at phone and desktop widths, light and dark. */
const shoot = async (page: Page, name: string, javaScriptEnabled: boolean) => {
  if (javaScriptEnabled) await shootAt(page, name, { height: 800 });
};

const book = (request: APIRequestContext, name: string, email: string) =>
  bookByApi(request, { name, email, company: "Erasure Co" });

test("a visitor asks for erasure, confirms from the emailed link, and their booking is gone from the console", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const email = uniqueEmail("erase-me");
  const name = uniqueMark("Erin");
  const meeting = await book(request, name, email);

  await page.goto("/privacy/requests");
  await shoot(page, "privacy-requests", javaScriptEnabled);
  await page.getByLabel("Your email").fill(email);
  await page.getByRole("button", { name: "Send request" }).click();
  // No choice made: the form says so and keeps the address.
  await expect(page.getByText("Choose whether you want a copy of your data or want it erased.")).toBeVisible();
  await expect(page.getByLabel("Your email")).toHaveValue(email);
  await page.getByLabel("Erase my data").check();
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByTestId("privacy-request-answer")).toHaveText(CHECK_INBOX);

  const mail = (await emailsTo(request, email)).find((m) => m.kind === "privacy.request_confirm");
  expect(mail?.subject).toBe("Confirm your erasure request | Flowlane");
  const link = new URL(mail?.text.match(/https?:\/\/\S+\/privacy\/requests\/confirm\?token=\S+/)?.[0] ?? "");

  // Opening the link changes nothing; confirming is refused while the demo is upcoming.
  await page.goto(link.pathname + link.search);
  await page.getByRole("button", { name: "Confirm request" }).click();
  await expect(page.getByTestId("privacy-failure")).toHaveText(UPCOMING);

  // What the console holds about them before (the People page), then the demo cancelled.
  await signInAsAdmin(page);
  await page.goto(`/admin/dashboard/people?email=${encodeURIComponent(email)}`);
  await expect(page.getByTestId("kind-bookings")).toContainText(name);
  // A record's fields read as words ("Visitor timezone"), not as stored names ("visitorTimezone").
  const booking = page.getByTestId("kind-bookings").locator("details").first();
  await booking.locator("summary").click();
  await expect(booking.locator("dt", { hasText: /^Created at$/ })).toBeVisible();
  await expect(booking.locator("dt", { hasText: /^createdAt$/ })).toHaveCount(0);
  await expect(page.getByTestId("erase")).toContainText("They have an upcoming meeting: cancel it first");
  await shoot(page, "people", javaScriptEnabled);
  const cancelled = await request.put(`/api/meetings/${meeting.id}/status`, {
    data: { status: "cancelled" },
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await page.goto(link.pathname + link.search);
  await page.getByRole("button", { name: "Confirm request" }).click();
  await expect(page.getByTestId("privacy-outcome")).toHaveText(ERASED);

  await page.goto(`/admin/dashboard/meetings?q=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("meeting-count")).toContainText("No meetings match.");
  await page.goto("/admin/dashboard/people");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Look up", exact: true }).click();
  await expect(page.getByTestId("people-summary")).toHaveText(`Nothing is held about ${email}.`);
  expect(await emailsTo(request, email)).toEqual([]);
});
