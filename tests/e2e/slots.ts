import { type APIRequestContext, expect, type Page } from "@playwright/test";

/**
 * Free demo slots read from the public API. Tests pick them at random, so tests running in
 * parallel against one database rarely meet; a test that still loses a slot retries its booking.
 */
export const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)] as T;

/** Bookable days with a free slot, from tomorrow on (today's slots expire while a test runs). */
export async function openDays(request: APIRequestContext) {
  const days = (await (await request.get("/api/calendar/available-days?days=60")).json()).data as {
    date: string;
    available: boolean;
  }[];
  return days.slice(1).filter((d) => d.available);
}

/** The free times of one date. */
export async function freeTimes(request: APIRequestContext, date: string) {
  const slots = (await (await request.get(`/api/calendar/available-slots?date=${date}`)).json()).data as {
    time: string;
    available: boolean;
  }[];
  return slots.filter((s) => s.available).map((s) => s.time);
}

/** A random free slot at least a day ahead. */
export async function freeSlot(request: APIRequestContext) {
  const { date } = pick(await openDays(request));
  return { date, time: pick(await freeTimes(request, date)) };
}

/**
 * A demo booked through the public API on a random free slot (another one when the slot was
 * taken meanwhile, answered 409): the booking as the API answers it.
 */
export async function bookByApi(
  request: APIRequestContext,
  fields: { name: string; email: string } & Record<string, unknown>,
  { headers, tries = 10 }: { headers?: Record<string, string>; tries?: number } = {},
) {
  for (let attempt = 0; attempt < tries; attempt++) {
    const { date, time } = await freeSlot(request);
    const response = await request.post("/api/meetings", {
      data: { meetingType: "demo", ...fields, date, timeSlot: time },
      headers,
    });
    if (response.status() === 201)
      return (await response.json()).data as { id: string; date: string; timeSlot: string };
    expect(response.status(), await response.text()).toBe(409);
  }
  throw new Error(`no free slot after ${tries} tries`);
}

/** "14:30" as the pages show it: "2:30 PM". */
export const time12h = (time: string) => {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
};

/** Pages the booking calendar forward (up to three months) until `date` is on it, then picks it. */
export async function chooseDate(page: Page, date: string) {
  const month = page.getByTestId("calendar-month");
  for (let i = 0; i < 3 && (await page.locator(`[data-date="${date}"]`).count()) === 0; i++) {
    const shown = await month.textContent();
    await page.getByRole("link", { name: "Next month" }).click();
    await expect(month).not.toHaveText(shown ?? "");
  }
  await page.locator(`[data-date="${date}"]`).click();
}

/**
 * On the booking page: a free slot chosen (when one was taken meanwhile, `demoPath` again and
 * another), then booked for the visitor through the form, up to the confirmation.
 */
export async function bookFreeSlotOnPage(
  page: Page,
  request: APIRequestContext,
  visitor: { name: string; email: string; company: string },
  demoPath = "/demo",
) {
  for (let attempt = 0; ; attempt++) {
    const { date, time } = await freeSlot(request);
    await chooseDate(page, date);
    const slot = page.getByTestId(`slot-${time}`);
    if ((await slot.count()) === 0 && attempt < 5) {
      await page.goto(demoPath);
      continue;
    }
    await slot.click();
    break;
  }
  await page.getByLabel("Name").fill(visitor.name);
  await page.getByLabel("Email").fill(visitor.email);
  await page.getByLabel("Company").fill(visitor.company);
  await page.getByRole("button", { name: "Schedule Meeting" }).click();
  await expect(page.getByRole("heading", { name: "Meeting Scheduled!" })).toBeVisible();
}
