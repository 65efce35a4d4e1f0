import { describe, expect, it } from "vitest";
import { isMonth, longDateLabel, monthLabel, monthOf, monthWeeks, shiftMonth } from "./month";
import * as old from "./testing/date-fns-month";

describe("month grid", () => {
  it("has Monday-first weeks of seven with days outside the month empty", () => {
    const weeks = monthWeeks("2026-11");
    expect(weeks[0]).toEqual([null, null, null, null, null, null, "2026-11-01"]); // 1 Nov 2026 is a Sunday
    expect(weeks.at(-1)).toEqual(["2026-11-30", null, null, null, null, null, null]);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
  });

  it("knows month lengths, leap years and a month starting on Monday", () => {
    expect(monthWeeks("2028-02").flat().filter(Boolean)).toHaveLength(29);
    expect(monthWeeks("2027-02").flat().filter(Boolean)).toHaveLength(28);
    expect(monthWeeks("2100-02").flat().filter(Boolean)).toHaveLength(28); // not a leap year
    expect(monthWeeks("2027-02")).toHaveLength(4); // 1 Feb 2027 is a Monday: four full weeks
    expect(monthWeeks("2027-02")[0]?.[0]).toBe("2027-02-01");
    expect(monthWeeks("2026-03").at(-1)?.[1]).toBe("2026-03-31"); // the clock change in March does not move a day
  });

  it("steps months across year ends", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2027-01", -1)).toBe("2026-12");
    expect(shiftMonth("2026-11", 14)).toBe("2028-01");
    expect(shiftMonth("2026-11", 0)).toBe("2026-11");
  });

  it("refuses what is not a month", () => {
    for (const bad of ["2026-13", "2026-00", "2026-1", "26-11", "2026-11-01", ""]) {
      expect(isMonth(bad), bad).toBe(false);
      expect(() => monthWeeks(bad), bad).toThrow();
      expect(() => shiftMonth(bad, 1), bad).toThrow();
    }
  });

  it("labels months and dates in English", () => {
    expect(monthOf("2026-11-23")).toBe("2026-11");
    expect(monthLabel("2026-11")).toBe("November 2026");
    expect(longDateLabel("2026-11-23")).toBe("Monday, November 23, 2026");
    expect(longDateLabel("2028-02-29")).toBe("Tuesday, February 29, 2028");
    expect(() => longDateLabel("2027-02-29")).toThrow();
  });
});

describe("the same grid as date-fns gave (decision 038)", () => {
  it("for every month from 1990 to 2040, and steps of up to 13 months either way", () => {
    for (let year = 1990; year <= 2040; year++) {
      for (let m = 1; m <= 12; m++) {
        const month = `${year}-${String(m).padStart(2, "0")}`;
        expect(monthWeeks(month), month).toEqual(old.monthWeeks(month));
        for (let by = -13; by <= 13; by += 2) expect(shiftMonth(month, by), month).toBe(old.shiftMonth(month, by));
      }
    }
  });
});
