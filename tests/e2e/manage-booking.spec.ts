import type { APIRequestContext, Page } from "@playwright/test";
import { isoWeekOf } from "../../app/domain/calendar/week";
import { emailsTo, expect, signInAsAdmin, test, uniqueEmail } from "./fixtures";
import { shoot as shootAt } from "./screenshots";
import { chooseDate, freeTimes, openDays, pick, time12h } from "./slots";

/**
 * The visitor's manage link (issue 13): book, open the link from the email, reschedule, the
 * old link still shows the current time, cancel, the slot is offered again; and the admin
 * week calendar. Both projects (js and no-js). E2E_SCREENSHOTS=dir saves the manage page and
 * the calendar at phone and desktop widths, light and dark.
 */

/** Two random free slots on different days at least a day ahead. */
async function freeSlots(request: APIRequestContext) {
  const open = await openDays(request);
  const first = pick(open.slice(0, -1));
  const second = pick(open.filter((d) => d.date > first.date));
  const slotOf = async (date: string) => ({ date, time: pick(await freeTimes(request, date)) });
  return [await slotOf(first.date), await slotOf(second.date)] as const;
}

async function slotOffered(request: APIRequestContext, date: string, time: string) {
  const slots = (await (await request.get(`/api/calendar/available-slots?date=${date}`)).json()).data as {
    time: string;
    available: boolean;
  }[];
  return slots.find((s) => s.time === time)?.available;
}

const manageLinks = (text: string) => [...text.matchAll(/\/demo\/manage\/[A-Za-z0-9_-]{43}/g)].map((m) => m[0]);

/** With E2E_SCREENSHOTS=dir: the page at 390 px (a common phone) and desktop widths, light and dark. */
const shoot = (page: Page, name: string) => shootAt(page, name, { widths: [390, 1280] });

test.describe.configure({ timeout: 90_000 });

test("a visitor reschedules and cancels through the link from the email", async ({ page, request }) => {
  const [first, second] = await freeSlots(request);
  const email = uniqueEmail("manage");

  // Book through the wizard; the manage link goes to the address only, by email (decision 042).
  await page.goto(`/demo?date=${first.date}&time=${first.time}`);
  await page.getByLabel("Name").fill("Rosa Mendes");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Schedule Meeting" }).click();
  await expect(page.getByRole("heading", { name: "Meeting Scheduled!" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Manage your booking" })).toHaveCount(0);
  expect(page.url()).not.toContain("manage");

  // The link from the confirmation email.
  const [confirmation] = await emailsTo(request, email);
  expect(confirmation?.kind).toBe("meeting.confirmation");
  const [oldLink] = manageLinks(confirmation!.text);
  expect(oldLink).toBeTruthy();
  await page.goto(oldLink!);
  await expect(page.getByRole("heading", { name: "Manage your booking" })).toBeVisible();
  await expect(page.getByTestId("manage-time")).toContainText(time12h(first.time));
  await expect(page.getByTestId("manage-status")).toHaveText("Waiting for our confirmation");
  await shoot(page, "manage");

  // Reschedule: date → time → confirm.
  await page.getByRole("link", { name: "Reschedule" }).click();
  await expect(page.getByRole("heading", { name: "Select a date" })).toBeVisible();
  await chooseDate(page, second.date);
  await expect(page.getByRole("heading", { name: "Select a time" })).toBeVisible();
  await page.getByTestId(`slot-${second.time}`).click();
  await expect(page.getByTestId("new-time")).toContainText(time12h(second.time));
  await shoot(page, "manage-confirm");
  await page.getByRole("button", { name: "Confirm new time" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your meeting has moved." })).toBeVisible();
  await expect(page.getByTestId("manage-time")).toContainText(time12h(second.time));
  expect(await slotOffered(request, first.date, first.time)).toBe(true);
  expect(await slotOffered(request, second.date, second.time)).toBe(false);

  // The updated invitation came with a new link; the old one leads to the new time.
  const rescheduled = (await emailsTo(request, email)).find((e) => e.kind === "meeting.rescheduled");
  expect(manageLinks(rescheduled!.text)[0]).not.toBe(oldLink);
  await page.goto(oldLink!);
  await expect(page.getByTestId("manage-time")).toContainText(time12h(second.time));

  // Cancel.
  await page.getByLabel("Reason").fill("Plans changed");
  await page.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByTestId("manage-state")).toHaveText("This booking was cancelled.");
  await expect(page.getByRole("link", { name: "Book a new demo" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Reschedule" })).toHaveCount(0);
  await shoot(page, "manage-cancelled");
  expect((await emailsTo(request, email)).some((e) => e.kind === "meeting.visitor_cancelled")).toBe(true);

  // The slot is offered again.
  await page.getByRole("link", { name: "Book a new demo" }).click();
  await page.goto(`/demo?date=${second.date}`);
  await expect(page.getByTestId(`slot-${second.time}`)).toBeVisible();
});

test("an unknown manage link gets a clear 404", async ({ page }) => {
  const response = await page.goto(`/demo/manage/${"A".repeat(43)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This booking link is not valid" })).toBeVisible();
});

test("the admin sees a booked meeting in its week and approves it with a video link", async ({ page, request }) => {
  const [slot] = await freeSlots(request);
  const name = `Week Guest ${Math.random().toString(36).slice(2, 7)}`;
  const booked = await request.post("/api/meetings", {
    data: { name, email: uniqueEmail("week"), date: slot.date, timeSlot: slot.time },
  });
  expect(booked.status()).toBe(201);

  await signInAsAdmin(page);
  await page.goto("/admin/dashboard/meetings?status=scheduled");
  await shoot(page, "admin-list");
  await page.getByRole("link", { name: "Calendar" }).click();
  await expect(page.getByTestId("calendar-week")).toBeVisible();
  await expect(page.getByTestId("pending-count")).toContainText("waiting for approval");
  await page.goto(`/admin/dashboard/meetings/calendar?week=${isoWeekOf(slot.date)}`);
  const block = page.getByTestId("week-grid").getByTestId("calendar-meeting").filter({ hasText: name });
  await expect(block).toHaveAttribute("data-status", "scheduled");
  await shoot(page, "calendar");
  // Previous and next week links move one week; This week comes back.
  await page.getByRole("link", { name: "Next week" }).click();
  await expect(page.getByTestId("week-grid").getByTestId("calendar-meeting").filter({ hasText: name })).toHaveCount(0);
  await page.getByRole("link", { name: "Previous week" }).click();
  await block.click();

  await expect(page.getByRole("heading", { name })).toBeVisible();
  await shoot(page, "admin-details");
  await page.getByLabel("Meeting link").fill("https://meet.example.com/flowlane-demo");
  await page.getByRole("button", { name: /^Approve/ }).click();
  await expect(page.getByTestId("decision-message")).toContainText("Approved");
  await expect(page.getByRole("link", { name: "https://meet.example.com/flowlane-demo" })).toBeVisible();
  await page.goto(`/admin/dashboard/meetings/calendar?week=${isoWeekOf(slot.date)}`);
  await expect(block).toHaveAttribute("data-status", "confirmed");
});
