import { describe, expect, it } from "vitest";
import { isoWeekOf, mondayOf, shiftWeek, weekStart, workDays } from "./week";

describe("ISO weeks for the admin calendar", () => {
  it("name the week of a date", () => {
    expect(isoWeekOf("2026-11-23")).toBe("2026-W48");
    expect(isoWeekOf("2026-11-29")).toBe("2026-W48"); // Sunday ends the week
    expect(isoWeekOf("2026-11-30")).toBe("2026-W49");
  });

  it("give the last days of December to next year's week 1 and the first days of January to last year's", () => {
    expect(isoWeekOf("2024-12-30")).toBe("2025-W01");
    expect(isoWeekOf("2027-01-01")).toBe("2026-W53");
    expect(isoWeekOf("2021-01-03")).toBe("2020-W53");
  });

  it("find the Monday of a week", () => {
    expect(weekStart("2026-W48")).toBe("2026-11-23");
    expect(weekStart("2025-W01")).toBe("2024-12-30");
    expect(weekStart("2026-W53")).toBe("2026-12-28");
    expect(mondayOf("2026-03-01")).toBe("2026-02-23");
  });

  it("refuse weeks that do not exist or are malformed", () => {
    expect(weekStart("2025-W53")).toBeNull(); // 2025 has 52 weeks
    expect(weekStart("2026-W00")).toBeNull();
    expect(weekStart("2026-W54")).toBeNull();
    expect(weekStart("2026-48")).toBeNull();
    expect(weekStart("2026-W4")).toBeNull();
  });

  it("step across month and year ends", () => {
    expect(shiftWeek("2026-W48", 1)).toBe("2026-W49");
    expect(workDays("2026-W49")).toEqual(["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"]);
    expect(shiftWeek("2026-W53", 1)).toBe("2027-W01");
    expect(shiftWeek("2027-W01", -1)).toBe("2026-W53");
    expect(shiftWeek("2025-W01", -1)).toBe("2024-W52");
    expect(workDays("2025-W01")).toEqual(["2024-12-30", "2024-12-31", "2025-01-01", "2025-01-02", "2025-01-03"]);
    expect(workDays("2024-W09")).toEqual(["2024-02-26", "2024-02-27", "2024-02-28", "2024-02-29", "2024-03-01"]);
  });
});
