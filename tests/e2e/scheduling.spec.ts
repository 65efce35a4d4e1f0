import { approvedAccount } from "./console-helpers";
import { expect, signInAsAdmin, test, uniqueMark } from "./fixtures";
import { shoot } from "./screenshots";
import { openDays } from "./slots";

/**
 * Issue 27 item 2 (decision 078): an Admin edits the scheduling rules in Settings → Scheduling,
 * with JavaScript on and off; a Sales member cannot open the page. The rules are global, and
 * other tests book demos at the same time, so this one saves the values in force (that they
 * hold at once is shown by app/domain/calendar/scheduling-settings.test.ts); the saved row names
 * this test's account and goes with its clean-up.
 */

test("an Admin saves the scheduling rules; the change is in the activity log", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const admin = await approvedAccount(request, "Sam Scheduler", "admin");
  await signInAsAdmin(page, admin);
  await page.goto("/admin/dashboard/settings");
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Scheduling" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/settings\/scheduling$/);
  const window = page.getByLabel("Booking window (days)");
  await expect(window).toHaveValue("60");
  await expect(page.getByLabel("Minimum notice (minutes)")).toHaveValue("60");
  await expect(page.getByLabel("Buffer before (minutes)")).toHaveValue("0");
  if (javaScriptEnabled) await shoot(page, "settings-scheduling");
  await window.fill("60");
  await page.getByRole("button", { name: "Save rules" }).click();
  await expect(page).toHaveURL(/\/settings\/scheduling\?saved=1$/);
  await expect(page.getByRole("status").filter({ hasText: "Scheduling rules saved." })).toBeVisible();
  await expect(window).toHaveValue("60");

  await page.goto("/admin/dashboard/settings/activity?action=scheduling.settings_changed");
  await expect(page.getByTestId("audit-entry").filter({ hasText: admin.email }).first()).toBeVisible();
});

test("a Sales member has no Scheduling tab and is refused by URL", async ({ page, request }) => {
  const seller = await approvedAccount(request, "Sid Sales", "sales");
  await signInAsAdmin(page, seller);
  await page.goto("/admin/dashboard/settings");
  await expect(
    page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Scheduling" }),
  ).toHaveCount(0);
  const response = await page.goto("/admin/dashboard/settings/scheduling");
  expect(response?.status()).toBe(403);
});

test("an Admin gives a host a leave day and the company a closure, and removes the closure", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const admin = await approvedAccount(request, "Ada Admin", "admin");
  // A Marketing member switched on would take demos: this one stays off, so other tests' bookings are undisturbed.
  const host = await approvedAccount(request, `Hari Host ${uniqueMark("h")}`, "marketing");
  await signInAsAdmin(page, admin);
  await page.goto("/admin/dashboard/settings/scheduling");
  const row = page.getByTestId("host").filter({ hasText: host.name });
  await expect(row).toContainText("Does not take demos");
  await row.getByRole("link", { name: `Availability of ${host.name}` }).click();
  await expect(page.getByRole("heading", { name: `Availability of ${host.name}` })).toBeVisible();
  await expect(page.getByLabel("Monday")).toHaveValue("09:00-18:00");

  // A leave day far ahead (outside every booking window), then other hours on another day.
  await page.getByLabel("First day").fill("2031-03-03");
  await page.getByLabel("Last day").fill("2031-03-03");
  await page.getByRole("button", { name: "Add override" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Date override added." })).toBeVisible();
  await expect(page.getByTestId("override")).toContainText("2031-03-03 · Away");
  // Bad hours are refused with the reason, keeping what was typed.
  await page.getByLabel("First day").fill("2031-03-04");
  await page.getByLabel("Last day").fill("2031-03-04");
  await page.getByLabel("Hours").fill("noon till late");
  await page.getByRole("button", { name: "Add override" }).click();
  await expect(page.getByRole("alert")).toContainText("Write each day's hours like 09:00-13:00");
  await expect(page.getByLabel("Hours")).toHaveValue("noon till late");
  await page.getByLabel("Hours").fill("10:00-12:00, 14:00-16:00");
  await page.getByRole("button", { name: "Add override" }).click();
  await expect(page.getByTestId("override").filter({ hasText: "2031-03-04" })).toContainText(
    "10:00-12:00, 14:00-16:00",
  );
  if (javaScriptEnabled) await shoot(page, "host-availability");

  // A company closure, listed, then removed.
  const reason = `Offsite ${uniqueMark("closure")}`;
  await page.goto("/admin/dashboard/settings/scheduling");
  await page.getByLabel("First day").fill("2031-04-07");
  await page.getByLabel("Last day").fill("2031-04-08");
  await page.getByLabel("Reason").fill(reason);
  await page.getByRole("button", { name: "Add closure" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Closure added" })).toBeVisible();
  const closure = page.getByTestId("closure").filter({ hasText: reason });
  await expect(closure).toContainText("2031-04-07 to 2031-04-08");
  await closure.getByRole("button", { name: `Remove closure ${reason} (2031-04-07)` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Closure removed." })).toBeVisible();
  await expect(page.getByTestId("closure").filter({ hasText: reason })).toHaveCount(0);
});

test("after an Admin closes a day, the booking page no longer offers it", async ({ page, request, otherPage }) => {
  const admin = await approvedAccount(request, "Cleo Closer", "admin");
  // A day some time ahead with free slots; the closure lasts only as long as this test.
  const days = await openDays(request);
  const { date } = days[Math.max(0, days.length - 3)] as { date: string };
  const month = date.slice(0, 7);
  const visitor = await otherPage();
  await visitor.goto(`/demo?month=${month}`);
  await expect(visitor.locator(`[data-date="${date}"]`)).toBeVisible();

  await signInAsAdmin(page, admin);
  await page.goto("/admin/dashboard/settings/scheduling");
  const reason = `Closed ${uniqueMark("day")}`;
  await page.getByLabel("First day").fill(date);
  await page.getByLabel("Last day").fill(date);
  await page.getByLabel("Reason").fill(reason);
  await page.getByRole("button", { name: "Add closure" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Closure added" })).toBeVisible();

  await visitor.goto(`/demo?month=${month}`);
  await expect(visitor.getByTestId("calendar-month")).toBeVisible();
  await expect(visitor.locator(`[data-date="${date}"]`)).toHaveCount(0);
  const slots = (await (await request.get(`/api/calendar/available-slots?date=${date}`)).json()).data as {
    available: boolean;
  }[];
  expect(slots.some((s) => s.available)).toBe(false);
  const listed = (await (await request.get("/api/calendar/available-days?days=60")).json()).data as { date: string }[];
  expect(listed.map((d) => d.date)).not.toContain(date);

  await page.getByTestId("closure").filter({ hasText: reason }).getByRole("button").click();
  await expect(page.getByRole("status").filter({ hasText: "Closure removed." })).toBeVisible();
  await visitor.goto(`/demo?month=${month}`);
  await expect(visitor.locator(`[data-date="${date}"]`)).toBeVisible();
});
