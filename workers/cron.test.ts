import { describe, expect, it } from "vitest";
import { nextCronTime } from "./cron";

const at = (iso: string) => new Date(iso);

describe("nextCronTime", () => {
  it("fires every 5 minutes on the 5-minute marks, strictly after the given time", () => {
    expect(nextCronTime("*/5 * * * *", at("2026-11-22T21:41:30Z"))).toEqual(at("2026-11-22T21:45:00Z"));
    expect(nextCronTime("*/5 * * * *", at("2026-11-22T21:45:00Z"))).toEqual(at("2026-11-22T21:50:00Z"));
    expect(nextCronTime("*/5 * * * *", at("2026-11-22T23:58:00Z"))).toEqual(at("2026-11-23T00:00:00Z"));
  });

  it("handles fixed times, ranges, lists and days of the week (UTC)", () => {
    expect(nextCronTime("30 9 * * *", at("2026-11-22T10:00:00Z"))).toEqual(at("2026-11-23T09:30:00Z"));
    expect(nextCronTime("0 8-10/2 * * *", at("2026-11-22T08:00:00Z"))).toEqual(at("2026-11-22T10:00:00Z"));
    expect(nextCronTime("0 0 1,15 * *", at("2026-11-02T00:00:00Z"))).toEqual(at("2026-11-15T00:00:00Z"));
    // 2026-11-22 is a Sunday: the next Monday is the 23rd; 7 also means Sunday.
    expect(nextCronTime("0 12 * * 1", at("2026-11-22T13:00:00Z"))).toEqual(at("2026-11-23T12:00:00Z"));
    expect(nextCronTime("0 12 * * 7", at("2026-11-22T11:00:00Z"))).toEqual(at("2026-11-22T12:00:00Z"));
  });

  it("refuses malformed expressions", () => {
    expect(() => nextCronTime("*/5 * * *", new Date())).toThrow(/5 fields/);
    expect(() => nextCronTime("61 * * * *", new Date())).toThrow(/invalid/);
    expect(() => nextCronTime("*/0 * * * *", new Date())).toThrow(/invalid/);
  });
});
