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
