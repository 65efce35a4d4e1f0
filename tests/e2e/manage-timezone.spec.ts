import { emailsTo, expect, test, uniqueEmail } from "./fixtures";
import { shoot } from "./screenshots";
import { chooseDate, freeTimes, openDays, pick, time12h } from "./slots";

/**
 * Issue 27 item 6 (decision 085) on the visitor's manage page, with JavaScript on and off: the
 * reschedule steps offer the booking page's time-zone select (a GET form, `?tz=`); the times
 * then read in the chosen zone with ours beside them, the choice rides along to the next step,
 * and the new time is confirmed.
 */

test.describe.configure({ timeout: 90_000 });
test.use({ timezoneId: "Asia/Kolkata", extraHTTPHeaders: { "CF-Timezone": "Asia/Kolkata" } });

/** "14:30" on a business date in India, as New York's clock reads it: "4:00 AM". */
const newYork = (date: string, time: string) =>
  new Date(`${date}T${time}:00+05:30`).toLocaleTimeString("en-US", {
    timeZone: "America/New_York",
    hour: "numeric",
    minute: "2-digit",
  });

test("a visitor reschedules in a time zone they choose, with our time beside it", async ({ page, request }) => {
  const open = await openDays(request);
  const first = pick(open.slice(0, -1)).date;
  const second = pick(open.filter((d) => d.date > first)).date;
  const email = uniqueEmail("manage-tz");
  const booked = await request.post("/api/meetings", {
    data: {
      name: "Tomás Zona",
      email,
      date: first,
      timeSlot: pick(await freeTimes(request, first)),
      meetingType: "demo",
      visitorTimezone: "Asia/Kolkata",
    },
  });
  expect(booked.status()).toBe(201);
  const [confirmation] = await emailsTo(request, email);
  const link = /\/demo\/manage\/[A-Za-z0-9_-]{43}/.exec(confirmation?.text ?? "")?.[0];
  expect(link).toBeTruthy();

  // The same select as on the booking page.
  await page.goto(`/demo?date=${second}&tz=America/New_York`);
  await expect(page.getByLabel("Your time zone")).toHaveValue("America/New_York");
  await shoot(page, "demo-timezone-select");

  await page.goto(link as string);
  await page.getByRole("link", { name: "Reschedule" }).click();
  await chooseDate(page, second);
  await expect(page.getByRole("heading", { name: "Select a time" })).toBeVisible();
  // The zone they booked in is the default: times read in ours alone.
  const zone = page.getByLabel("Your time zone");
  await expect(zone).toHaveValue("Asia/Kolkata");
  await expect(page.getByTestId("timezone-note")).toContainText("Times are in Asia/Kolkata");

  await zone.selectOption("America/New_York");
  await page.getByRole("button", { name: "Show times" }).click();
  await expect(page).toHaveURL(new RegExp(`${link}\\?date=${second}&tz=America(/|%2F)New_York$`));
  await expect(page.getByTestId("timezone-note")).toContainText("Times are shown in your time zone, America/New York");
  const time = pick(await freeTimes(request, second));
  const slot = page.getByTestId(`slot-${time}`);
  await expect(slot).toContainText(newYork(second, time));
  await expect(slot).toContainText(`${time12h(time)} our time`);
  await shoot(page, "manage-reschedule-timezone");

  await slot.click();
  await expect(page).toHaveURL(/tz=America\/New_York/);
  await expect(page.getByTestId("new-time")).toContainText(newYork(second, time));
  await expect(page.getByTestId("new-time")).toContainText(`America/New_York (${time12h(time)} our time)`);
  await expect(page.getByLabel("Your time zone")).toHaveValue("America/New_York");
  await page.getByRole("button", { name: "Confirm new time" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your meeting has moved." })).toBeVisible();
  await expect(page.getByTestId("manage-time")).toContainText(time12h(time));
});
