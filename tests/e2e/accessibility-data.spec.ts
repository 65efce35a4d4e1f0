import type { Page } from "@playwright/test";
import { longDateLabel } from "../../app/domain/calendar/month";
import { axeFindings } from "./axe";
import { approvedAccount } from "./console-helpers";
import { chooseTheme, expect, signInAsAdmin, test, uniqueEmail, uniqueMark } from "./fixtures";
import { freeTimes, openDays } from "./slots";

/*
 * Accessibility with real data (issue 23): the states an empty database never shows. Each test
 * makes the data it checks (a fully booked day, filtered lists) and the fixtures remove it.
 */

/** Serious and critical findings, and any landmark that cannot be told apart from another. */
const findings = (page: Page) => axeFindings(page, ["landmark-unique"]);

test.describe("a fully booked day in the booking calendar", () => {
  test("is announced, readable (contrast) and passes axe in both themes", async ({ request, axePage }) => {
    test.setTimeout(90_000);
    // The last bookable day of the window: the other tests pick days at random, rarely this one.
    const days = await openDays(request);
    const date = days.at(-1)?.date;
    if (!date) throw new Error("no bookable day in the window");
    // Book every free time of it; a time another test takes meanwhile is full anyway.
    for (let round = 0; round < 3; round++) {
      const times = await freeTimes(request, date);
      if (times.length === 0) break;
      for (const time of times) {
        const booked = await request.post("/api/meetings", {
          data: { name: "Full Day", email: uniqueEmail("fullday"), company: "Booked Out", date, timeSlot: time },
        });
        expect([201, 409]).toContain(booked.status());
      }
    }
    expect(await freeTimes(request, date)).toEqual([]);

    for (const theme of ["light", "dark"] as const) {
      const page = await axePage();
      await chooseTheme(page, theme);
      await page.goto(`/demo?month=${date.slice(0, 7)}`);
      await expect(page.locator("html")).toHaveClass(new RegExp(theme));
      const cell = page.getByText(`${longDateLabel(date)}: fully booked`);
      await expect(cell).toBeAttached();
      await expect(page.locator(`[data-date="${date}"]`)).toHaveCount(0);
      const problems = await findings(page);
      expect(problems, problems.join("\n")).toEqual([]);
      await page.context().close();
    }
  });
});

test.describe("console lists with filters applied", () => {
  test("each search landmark has its own name, the top bar's search has a button, axe passes", async ({
    request,
    axePage,
  }) => {
    test.setTimeout(90_000);
    const account = await approvedAccount(request, "Fia Filter");
    const mark = uniqueMark("filters");
    const page = await axePage();
    await signInAsAdmin(page, account);
    for (const path of [
      `/admin/dashboard/meetings?status=scheduled&q=${mark}`,
      `/admin/dashboard/meetings/callbacks?status=pending&q=${mark}`,
      `/admin/dashboard/blog?status=draft&q=${mark}`,
      `/admin/dashboard/users?status=active&plan=trial&q=${mark}`,
      `/admin/dashboard/search?q=${mark}`,
    ]) {
      await page.goto(path);
      const names = await page
        .getByRole("search")
        .evaluateAll((forms) => forms.map((form) => form.getAttribute("aria-label") ?? ""));
      expect(names.length, path).toBeGreaterThanOrEqual(1);
      expect(
        names.every((name) => name.trim() !== ""),
        `${path}: ${names}`,
      ).toBe(true);
      expect(new Set(names).size, `${path}: ${names}`).toBe(names.length);
      const topBar = page.getByRole("search", { name: "Console" });
      await expect(topBar.getByRole("button", { name: "Look up meetings and users" })).toBeVisible();
      const problems = await findings(page);
      expect(problems, `${path}\n${problems.join("\n")}`).toEqual([]);
    }
    // The top bar's button searches (without JavaScript too: a GET form).
    await page.getByRole("searchbox", { name: "Search meetings and users" }).fill(mark);
    await page.getByRole("button", { name: "Look up meetings and users" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/dashboard/search\\?q=${mark}$`));
    await page.context().close();
  });
});
