import { open, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { approvedAccount } from "./console-helpers";
import { adminToken, expect, signInAsAdmin, test, uniqueEmail, uniqueMark } from "./fixtures";
import { freeSlot, time12h } from "./slots";

/**
 * Issue 27 item 4 (decision 076), with JavaScript on and off: two visitors book the same slot
 * through the booking page and both are confirmed, each with a different host.
 *
 * The test makes its own two hosts (Marketing members, who take no demos until switched on). Other tests book weekdays meanwhile and count on the
 * house calendar's capacity of one demo a slot, which any host taking demos replaces: so the
 * first host keeps the house's hours (one demo a slot, as before) and the second works only the
 * one slot this test books (a date override), the only slot with two free hosts. The js and
 * no-js runs take turns (a lock file), so their first hosts never double the capacity, and each
 * switches its hosts off before the next one starts.
 */

test.describe.configure({ timeout: 90_000 });
test.use({ timezoneId: "Asia/Kolkata", extraHTTPHeaders: { "CF-Timezone": "Asia/Kolkata" } });

const HOUSE_HOURS = [1, 2, 3, 4, 5].map((day) => ({ day, start: "09:00", end: "18:00" }));
const plus30 = (time: string) => {
  const [h, m] = time.split(":").map(Number) as [number, number];
  const minutes = h * 60 + m + 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
};

/** One run at a time across the Playwright workers of this e2e server (a lock file, taken over when stale). */
async function oneAtATime<T>(run: () => Promise<T>): Promise<T> {
  const path = join(tmpdir(), `flowlane-e2e-${process.env.E2E_PORT ?? "default"}-round-robin.lock`);
  for (;;) {
    try {
      await (await open(path, "wx")).close();
      break;
    } catch {
      const age = await stat(path).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > 60_000) await rm(path, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await run();
  } finally {
    await rm(path, { force: true });
  }
}

async function bookOnPage(page: Page, date: string, time: string, name: string, email: string) {
  await page.goto(`/demo?date=${date}&time=${time}`);
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Company").fill(`${name} Ltd`);
  return async () => {
    await page.getByRole("button", { name: "Schedule Meeting" }).click();
    await expect(page.getByRole("heading", { name: "Meeting Scheduled!" })).toBeVisible();
    await expect(page.getByTestId("confirmed-time")).toContainText(time12h(time));
  };
}

test("two visitors book the same slot and get two different hosts", async ({ page, request, otherPage }) => {
  const tag = uniqueMark("rr");
  const hosts = await Promise.all([
    approvedAccount(request, `Rhea ${tag}`, "marketing"),
    approvedAccount(request, `Ravi ${tag}`, "marketing"),
  ]);
  const auth = { Authorization: `Bearer ${await adminToken(request)}` };
  const setHost = async (id: string, takesDemos: boolean, weeklyHours: typeof HOUSE_HOURS) => {
    const saved = await request.put(`/api/scheduling/hosts/${id}`, {
      headers: auth,
      data: { takesDemos, timeZone: "Asia/Kolkata", weeklyHours, dailyCap: null },
    });
    expect(saved.status()).toBe(200);
  };
  const [rhea, ravi] = hosts as [(typeof hosts)[0], (typeof hosts)[0]];

  await oneAtATime(async () => {
    await setHost(rhea.id, true, HOUSE_HOURS);
    try {
      const { date, time } = await freeSlot(request);
      await setHost(ravi.id, true, []);
      const override = await request.post(`/api/scheduling/hosts/${ravi.id}/overrides`, {
        headers: auth,
        data: { from: date, to: date, hours: [{ start: time, end: plus30(time) }] },
      });
      expect(override.status()).toBe(201);

      // Both open the details step of the same slot before either books.
      const second = await otherPage({
        timezoneId: "Asia/Kolkata",
        extraHTTPHeaders: { "CF-Timezone": "Asia/Kolkata" },
      });
      const first = await bookOnPage(page, date, time, `Vera ${tag}`, uniqueEmail("rr-one"));
      const then = await bookOnPage(second, date, time, `Vikram ${tag}`, uniqueEmail("rr-two"));
      await first();
      await then();
    } finally {
      await setHost(rhea.id, false, HOUSE_HOURS);
      await setHost(ravi.id, false, []);
    }
  });

  // Demo Meetings, everyone's: the two bookings, each with its own host.
  await page.context().clearCookies();
  await signInAsAdmin(page);
  await page.goto(`/admin/dashboard/meetings?host=all&q=${encodeURIComponent(tag)}`);
  const cards = page.getByTestId("meeting-card");
  await expect(cards).toHaveCount(2);
  const labels = (await cards.getByTestId("meeting-host").allTextContents()).map((t) => t.trim());
  expect(labels).toHaveLength(2);
  expect(new Set(labels).size).toBe(2);
  expect(labels.every((label) => label.startsWith("Host: "))).toBe(true);
});
