import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import { MINUTE } from "~/lib/durations";
import { seededRandom } from "../../tests/helpers/random";
import { formatZoned } from "./zoned-format";

/** Seeded, so every run checks the same cases. */
const random = seededRandom;

/** Every pattern the console, the blog and the Overview's trends format an instant with. */
const PATTERNS = [
  "MMM d, yyyy, HH:mm",
  "MMM d, yyyy",
  "MMMM d, yyyy",
  "MMM d, yyyy, h:mm a",
  "EEE, MMM d, yyyy, h:mm a",
  "HH:mm",
  "yyyy-MM-dd'T'HH:mm",
  "MMM d",
  "MMM yyyy",
];
const ZONES = ["Asia/Kolkata", "UTC", "America/New_York", "Europe/London", "Australia/Lord_Howe", "America/Santiago"];

describe("formatZoned", { timeout: 120_000 }, () => {
  it("writes what date-fns writes for a TZDate, at 3,000 random instants 1990–2040 in six zones", () => {
    const next = random(38);
    const from = Date.UTC(1990, 0, 1);
    const to = Date.UTC(2040, 0, 1);
    for (let i = 0; i < 3000; i++) {
      const instant = Math.floor(from + next() * (to - from));
      const zone = ZONES[i % ZONES.length]!;
      for (const pattern of PATTERNS) {
        expect(formatZoned(instant, zone, pattern), `${new Date(instant).toISOString()} ${zone} ${pattern}`).toBe(
          format(new TZDate(instant, zone), pattern),
        );
      }
    }
  });

  it("writes what date-fns writes every 15 minutes around the 2026 clock changes, and at midnight and noon", () => {
    // The UK and the US in March and October/November, Lord Howe's 30-minute change, Chile's.
    const days = ["2026-03-08", "2026-03-29", "2026-10-25", "2026-11-01", "2026-04-05", "2026-10-04", "2026-09-06"];
    for (const day of days) {
      const start = Date.parse(`${day}T00:00:00Z`) - 24 * 60 * MINUTE;
      for (let t = start; t < start + 72 * 60 * MINUTE; t += 15 * MINUTE) {
        for (const zone of ZONES) {
          for (const pattern of ["MMM d, yyyy, h:mm a", "yyyy-MM-dd'T'HH:mm"]) {
            expect(formatZoned(t, zone, pattern)).toBe(format(new TZDate(t, zone), pattern));
          }
        }
      }
    }
    expect(formatZoned(Date.parse("2026-11-22T18:30:00Z"), "Asia/Kolkata", "MMM d, yyyy, h:mm a")).toBe(
      "Nov 23, 2026, 12:00 AM",
    );
    expect(formatZoned(Date.parse("2026-11-22T06:30:00Z"), "Asia/Kolkata", "EEE, MMM d, yyyy, h:mm a")).toBe(
      "Sun, Nov 22, 2026, 12:00 PM",
    );
  });

  it("refuses a pattern it would write differently from date-fns", () => {
    for (const pattern of ["hh:mm", "MMM do", "yy", "ddd", "X", "EEEE"]) {
      expect(() => formatZoned(0, "UTC", pattern), pattern).toThrow(/not supported/);
    }
  });
});
