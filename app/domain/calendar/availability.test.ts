import { describe, expect, it } from "vitest";
import { MINUTE } from "~/lib/durations";
import { seededRandom } from "../../../tests/helpers/random";
import {
  addDays,
  BOOKING_MESSAGES,
  type BookingRules,
  bookingDays,
  dateFromEpochDay,
  dateProblem,
  dayOfWeek,
  daysBetween,
  epochDay,
  formatTime12h,
  inTimeZone,
  isValidTimeZone,
  isWeekend,
  localDayMinutes,
  normalizeTime,
  slotStart,
  slotsForDate,
  slotTimes,
  timeProblem,
  todayIn,
  zoneOffsets,
  zonesOver,
} from "./availability";
import { longDateLabel, monthWeeks, shiftMonth } from "./month";
import * as old from "./testing/date-fns-engine";

const KOLKATA: BookingRules = { timeZone: "Asia/Kolkata", workStart: "09:00", workEnd: "18:00" };
const NEW_YORK: BookingRules = { timeZone: "America/New_York", workStart: "09:00", workEnd: "18:00" };
const none = new Set<string>();

/** An instant given as wall-clock time in Kolkata (UTC+5:30, no DST). */
const ist = (date: string, time: string) => slotStart(date, time, "Asia/Kolkata");

describe("calendar dates", () => {
  it("accepts real dates only", () => {
    expect(epochDay("2026-11-23")).not.toBeNull();
    expect(epochDay("2028-02-29")).not.toBeNull();
    for (const bad of ["2027-02-29", "2026-02-30", "2026-13-01", "2026-1-5", "26-11-23", "2026-11-23T00:00", ""]) {
      expect(epochDay(bad), bad).toBeNull();
    }
  });

  it("adds days across month and year ends", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2026-12-31", 60)).toBe("2027-03-01");
  });

  it("takes today from the business timezone, not UTC", () => {
    // 20:00 UTC on Sunday 22 Nov is already 01:30 on Monday 23 Nov in Kolkata.
    expect(todayIn("Asia/Kolkata", new Date("2026-11-22T20:00:00Z"))).toBe("2026-11-23");
    expect(todayIn("America/New_York", new Date("2026-11-23T03:00:00Z"))).toBe("2026-11-22");
    // A zone the runtime does not know is an error, not a date like "NaN-NaN-NaN".
    expect(() => todayIn("Mars/Olympus", new Date())).toThrow(RangeError);
    expect(() => slotStart("2026-11-23", "09:00", "Mars/Olympus")).toThrow(RangeError);
  });

  it("builds Monday-first month grids", () => {
    const weeks = monthWeeks("2026-11");
    expect(weeks[0]).toEqual([null, null, null, null, null, null, "2026-11-01"]); // 1 Nov 2026 is a Sunday
    expect(weeks.at(-1)?.[0]).toBe("2026-11-30");
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(monthWeeks("2028-02").flat().filter(Boolean)).toHaveLength(29);
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2027-01", -1)).toBe("2026-12");
    expect(longDateLabel("2026-11-23")).toBe("Monday, November 23, 2026");
  });
});

describe("slot times", () => {
  it("are every 30 minutes from the start of the working day, the last ending at its end", () => {
    const times = slotTimes(KOLKATA);
    expect(times).toHaveLength(18);
    expect(times[0]).toBe("09:00");
    expect(times[1]).toBe("09:30");
    expect(times.at(-1)).toBe("17:30");
    expect(slotTimes({ ...KOLKATA, workEnd: "17:45" }).at(-1)).toBe("17:00");
  });

  it("refuses times off the grid or outside working hours", () => {
    expect(timeProblem("09:00", KOLKATA)).toBeNull();
    expect(timeProblem("17:30", KOLKATA)).toBeNull();
    expect(timeProblem("09:15", KOLKATA)).toBe(BOOKING_MESSAGES.timeOffGrid);
    expect(timeProblem("08:30", KOLKATA)).toBe(BOOKING_MESSAGES.timeOutsideHours("09:00", "17:30"));
    expect(timeProblem("18:00", KOLKATA)).toBe(BOOKING_MESSAGES.timeOutsideHours("09:00", "17:30"));
    expect(timeProblem("25:00", KOLKATA)).toBe(BOOKING_MESSAGES.timeMalformed);
    expect(timeProblem("9am", KOLKATA)).toBe(BOOKING_MESSAGES.timeMalformed);
  });

  it("reads 12-hour labels and formats 24-hour times", () => {
    expect(normalizeTime("2:30 PM")).toBe("14:30");
    expect(normalizeTime("12:00 am")).toBe("00:00");
    expect(normalizeTime("12:30 PM")).toBe("12:30");
    expect(normalizeTime("9:00")).toBe("09:00");
    expect(normalizeTime("13:00 PM")).toBe("13:00 PM");
    expect(formatTime12h("09:00")).toBe("9:00 AM");
    expect(formatTime12h("12:30")).toBe("12:30 PM");
    expect(formatTime12h("17:30")).toBe("5:30 PM");
  });

  it("start at the wall-clock time of the business timezone", () => {
    expect(ist("2026-11-23", "09:00").toISOString()).toBe("2026-11-23T03:30:00.000Z");
    // New York as the business timezone: the same wall-clock time moves in UTC across DST.
    expect(slotStart("2026-03-06", "09:00", "America/New_York").toISOString()).toBe("2026-03-06T14:00:00.000Z");
    expect(slotStart("2026-03-09", "09:00", "America/New_York").toISOString()).toBe("2026-03-09T13:00:00.000Z");
    expect(slotStart("2026-10-30", "09:00", "America/New_York").toISOString()).toBe("2026-10-30T13:00:00.000Z");
    expect(slotStart("2026-11-02", "09:00", "America/New_York").toISOString()).toBe("2026-11-02T14:00:00.000Z");
    // A time the zone skips lands after the gap (02:30 does not exist on 8 March: 03:30 EDT);
    // a time it repeats is the first of the two (01:30 EDT, not 01:30 EST, on 1 November).
    expect(slotStart("2026-03-08", "02:30", "America/New_York").toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(slotStart("2026-11-01", "01:30", "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(slotStart("2026-04-05", "01:45", "Australia/Lord_Howe").toISOString()).toBe("2026-04-04T14:45:00.000Z");
  });
});

describe("bookable dates", () => {
  const now = ist("2026-11-23", "10:00"); // Monday

  it("are weekdays from today through 60 days ahead", () => {
    expect(dateProblem("2026-11-23", KOLKATA, now)).toBeNull();
    expect(dateProblem("2026-11-22", KOLKATA, now)).toBe(BOOKING_MESSAGES.datePast);
    expect(dateProblem("2026-11-28", KOLKATA, now)).toBe(BOOKING_MESSAGES.dateWeekend);
    expect(dateProblem("2026-11-29", KOLKATA, now)).toBe(BOOKING_MESSAGES.dateWeekend);
    expect(dateProblem("2026-11-31", KOLKATA, now)).toBe(BOOKING_MESSAGES.dateMalformed);
  });

  it("end exactly 60 days ahead, across a year end", () => {
    const dec31 = ist("2026-12-31", "11:00"); // Thursday
    expect(addDays("2026-12-31", 60)).toBe("2027-03-01"); // a Monday
    expect(dateProblem("2027-03-01", KOLKATA, dec31)).toBeNull();
    expect(dateProblem("2027-03-02", KOLKATA, dec31)).toBe(BOOKING_MESSAGES.dateTooFar);
    expect(dateProblem("2027-01-01", KOLKATA, dec31)).toBeNull();
    // A minute before midnight the window still ends on 1 March; a minute after, on 2 March.
    expect(dateProblem("2027-03-02", KOLKATA, ist("2026-12-31", "23:59"))).toBe(BOOKING_MESSAGES.dateTooFar);
    expect(dateProblem("2027-03-02", KOLKATA, ist("2027-01-01", "00:01"))).toBeNull();
  });

  it("moves with the business day, not the UTC day", () => {
    // 19:00 UTC on Friday 27 Nov is 00:30 on Saturday in Kolkata: Friday is past.
    const late = new Date("2026-11-27T19:00:00Z");
    expect(dateProblem("2026-11-27", KOLKATA, late)).toBe(BOOKING_MESSAGES.datePast);
    expect(dateProblem("2026-11-30", KOLKATA, late)).toBeNull();
  });
});

describe("available slots", () => {
  it("hide slots less than an hour ahead and held slots", () => {
    const now = ist("2026-11-23", "10:00");
    const slots = slotsForDate("2026-11-23", KOLKATA, now, new Set(["14:00"]));
    const available = (time: string) => slots.find((s) => s.time === time)?.available;
    expect(slots).toHaveLength(18);
    expect(available("09:00")).toBe(false);
    expect(available("10:30")).toBe(false); // 30 minutes ahead
    expect(available("11:00")).toBe(true); // exactly 1 hour ahead
    expect(available("14:00")).toBe(false); // held
    expect(available("14:30")).toBe(true);
    expect(slots[0]?.startsAt).toBe("2026-11-23T03:30:00.000Z");
  });

  it("a minute makes the difference at the 1-hour edge", () => {
    expect(slotsForDate("2026-11-23", KOLKATA, ist("2026-11-23", "10:01"), none)[4]).toMatchObject({
      time: "11:00",
      available: false,
    });
  });

  it("none after hours today, all tomorrow", () => {
    const evening = ist("2026-11-23", "17:00");
    expect(slotsForDate("2026-11-23", KOLKATA, evening, none).some((s) => s.available)).toBe(false);
    expect(slotsForDate("2026-11-24", KOLKATA, evening, none).every((s) => s.available)).toBe(true);
  });

  it("none outside the window", () => {
    const now = ist("2026-11-23", "10:00");
    expect(slotsForDate("2026-11-28", KOLKATA, now, none)).toEqual([]);
    expect(slotsForDate(addDays("2026-11-23", 61), KOLKATA, now, none)).toEqual([]);
    expect(slotsForDate(addDays("2026-11-23", 60), KOLKATA, now, none)).toHaveLength(18); // 22 Jan 2027, a Friday
  });

  it("follow the business timezone's own DST change", () => {
    // Sunday 8 March 2026 is the US change; Monday's 09:00 is an hour earlier in UTC than Friday's.
    const now = slotStart("2026-03-05", "12:00", "America/New_York");
    const friday = slotsForDate("2026-03-06", NEW_YORK, now, none);
    const monday = slotsForDate("2026-03-09", NEW_YORK, now, none);
    expect(friday).toHaveLength(18);
    expect(monday).toHaveLength(18);
    expect(friday[0]?.startsAt).toBe("2026-03-06T14:00:00.000Z");
    expect(monday[0]?.startsAt).toBe("2026-03-09T13:00:00.000Z");
  });
});

describe("available days", () => {
  it("lists weekdays across a month end with their free slot counts", () => {
    const now = ist("2026-11-26", "16:00"); // Thursday
    const days = bookingDays(KOLKATA, now, 7, new Map([["2026-11-30", new Set(["09:00", "09:30"])]]));
    expect(days.map((d) => d.date)).toEqual([
      "2026-11-26",
      "2026-11-27",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
    ]);
    // Thursday at 16:00: 17:00 and 17:30 are still an hour or more ahead.
    expect(days[0]).toEqual({ date: "2026-11-26", available: true, availableSlots: 2 });
    expect(days[1]).toEqual({ date: "2026-11-27", available: true, availableSlots: 18 });
    expect(days[2]).toEqual({ date: "2026-11-30", available: true, availableSlots: 16 });
  });

  it("never reach past the 60-day window", () => {
    const now = ist("2026-11-23", "08:00");
    const days = bookingDays(KOLKATA, now, 500, new Map());
    expect(days.at(-1)?.date).toBe("2027-01-22");
    expect(days).toHaveLength(45); // 61 days from a Monday: 8 weeks and 5 days
  });

  it("mark a fully held day unavailable", () => {
    const now = ist("2026-11-23", "08:00");
    const all = new Set(slotTimes(KOLKATA));
    const days = bookingDays(KOLKATA, now, 1, new Map([["2026-11-24", all]]));
    expect(days[1]).toEqual({ date: "2026-11-24", available: false, availableSlots: 0 });
  });
});

describe("the visitor's timezone", () => {
  it("knows real IANA zones", () => {
    expect(isValidTimeZone("Europe/London")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
  });

  it("shows Kolkata slots in New York before and after the US DST change", () => {
    // Friday 6 March: New York is on EST (UTC-5), so 09:00 IST is 22:30 the evening before.
    const before = inTimeZone(ist("2026-03-06", "09:00"), "America/New_York", "2026-03-06");
    expect(before).toMatchObject({ date: "2026-03-05", time: "22:30", label: "10:30 PM", dayShift: -1, zone: "EST" });
    // Monday 9 March: EDT (UTC-4), the same slot is 23:30.
    const after = inTimeZone(ist("2026-03-09", "09:00"), "America/New_York", "2026-03-09");
    expect(after).toMatchObject({ date: "2026-03-08", time: "23:30", dayShift: -1, zone: "EDT" });
    // A later slot lands on the same day.
    expect(inTimeZone(ist("2026-03-09", "17:30"), "America/New_York", "2026-03-09")).toMatchObject({
      time: "08:00",
      dayShift: 0,
    });
  });

  it("shows Kolkata slots in London across the end of March and of October", () => {
    expect(inTimeZone(ist("2026-03-27", "14:00"), "Europe/London").time).toBe("08:30"); // GMT
    expect(inTimeZone(ist("2026-03-30", "14:00"), "Europe/London").time).toBe("09:30"); // BST
    expect(inTimeZone(ist("2026-10-23", "14:00"), "Europe/London").time).toBe("09:30"); // BST
    expect(inTimeZone(ist("2026-10-26", "14:00"), "Europe/London").time).toBe("08:30"); // GMT again
  });

  it("moves across a month end for visitors far east", () => {
    // 17:30 IST on 30 November is 01:00 on 1 December in Auckland (NZDT, UTC+13).
    expect(inTimeZone(ist("2026-11-30", "17:30"), "Pacific/Auckland", "2026-11-30")).toMatchObject({
      date: "2026-12-01",
      time: "01:00",
      dayShift: 1,
    });
  });
});

/**
 * The engine reads each day's zone offset once and does calendar arithmetic on epoch days
 * (decision 038). The date-fns engine it replaced (decision 024, kept in testing/) is the
 * oracle: the same answers over random dates, instants and held slots from a fixed seed.
 */
// The old engine is the slow part (~80 µs a slot): room for a busy 2-core machine.
describe("the same answers as the date-fns engine", { timeout: 120_000 }, () => {
  /** Seeded, so every run checks the same cases. */
  const random = seededRandom;
  const FROM = Date.UTC(2024, 0, 1);
  const TO = Date.UTC(2036, 0, 1);
  const ZONES = ["Asia/Kolkata", "America/New_York", "Europe/London", "Australia/Lord_Howe", "America/Santiago"];
  /** The Sundays of 2026 on which the US, the UK, Lord Howe Island (30 minutes) and Chile change their clocks. */
  const CLOCK_CHANGES = [
    "2026-03-08",
    "2026-03-29",
    "2026-04-05",
    "2026-09-06",
    "2026-10-04",
    "2026-10-25",
    "2026-11-01",
  ];

  it("reads, writes and counts calendar dates alike", () => {
    const next = random(1);
    for (let i = 0; i < 3000; i++) {
      const date = old.dateFromEpochDay(Math.floor((FROM + next() * (TO - FROM)) / 86_400_000));
      const shift = Math.floor(next() * 400) - 200;
      expect(dateFromEpochDay(epochDay(date)!), date).toBe(date);
      expect(epochDay(date), date).toBe(old.epochDay(date));
      expect(addDays(date, shift), date).toBe(old.addDays(date, shift));
      expect(daysBetween(date, old.addDays(date, shift)), date).toBe(shift);
      expect(dayOfWeek(date), date).toBe(old.dayOfWeek(date));
      expect(isWeekend(date), date).toBe(old.isWeekend(date));
    }
    // (Year 0000 is left out: date-fns writes it as 0001, the year 1 BC.)
    for (const day of [-719_162, -1, 0, 1, 2_932_896]) expect(dateFromEpochDay(day)).toBe(old.dateFromEpochDay(day));
    // Strings that look like dates, most of them not real ones.
    for (let i = 0; i < 3000; i++) {
      const digits = (n: number) => String(Math.floor(next() * 10 ** n)).padStart(n, "0");
      const text = `${next() < 0.5 ? "20" : digits(2)}${digits(2)}-${digits(2)}-${digits(2)}`;
      expect(epochDay(text), text).toBe(old.epochDay(text));
    }
  });

  it("takes today and the last bookable date from the business timezone alike", () => {
    const next = random(2);
    for (let i = 0; i < 2000; i++) {
      const now = new Date(FROM + next() * (TO - FROM));
      for (const timeZone of ZONES) {
        expect(todayIn(timeZone, now), `${timeZone} ${now.toISOString()}`).toBe(old.todayIn(timeZone, now));
      }
    }
  });

  it("puts every half hour of random days at the same instant, in Kolkata and in zones with DST", () => {
    const next = random(3);
    const halfHours = Array.from(
      { length: 48 },
      (_, i) => `${String(Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`,
    );
    let compared = 0;
    const randomDays = Array.from({ length: 30 }, () =>
      old.dateFromEpochDay(Math.floor((FROM + next() * (TO - FROM)) / 86_400_000)),
    );
    for (const date of [...CLOCK_CHANGES, ...randomDays]) {
      for (const timeZone of ZONES) {
        for (const time of halfHours) {
          const ours = slotStart(date, time, timeZone).getTime();
          const theirs = old.slotStart(date, time, timeZone).getTime();
          if (ours !== theirs) {
            // Only a time the zone repeats (clocks going back) may differ: the old engine took
            // either occurrence depending on the runtime's own zone; this one takes the first.
            const wall = (ms: number) => {
              const local = inTimeZone(new Date(ms), timeZone);
              return `${local.date} ${local.time}`;
            };
            expect([wall(ours), wall(theirs)], `${timeZone} ${date} ${time}`).toEqual([
              `${date} ${time}`,
              `${date} ${time}`,
            ]);
            expect(ours).toBeLessThan(theirs);
          } else compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(8_800);
  });

  it("gives the weekdays next to a clock change the old slots", () => {
    const days = CLOCK_CHANGES.flatMap((sunday) => [old.addDays(sunday, -2), old.addDays(sunday, 1)]);
    for (const timeZone of ZONES) {
      for (const date of days) {
        const rules = { timeZone, workStart: "00:00", workEnd: "23:59" };
        const now = old.slotStart(old.addDays(date, -1), "00:00", timeZone);
        const ours = slotsForDate(date, rules, now, none);
        const theirs = old.slotsForDate(date, rules, now, none);
        expect(ours.map((s) => s.time)).toEqual(theirs.map((s) => s.time));
        for (const [i, slot] of ours.entries()) {
          const other = theirs[i]!;
          if (slot.startsAt === other.startsAt) {
            expect(slot, `${timeZone} ${date}`).toEqual(other);
            continue;
          }
          // A time the zone repeats: both are that wall-clock time, and this engine takes the first.
          const wall = (iso: string) => inTimeZone(new Date(iso), timeZone).time;
          expect([wall(slot.startsAt), wall(other.startsAt)], `${timeZone} ${date}`).toEqual([slot.time, slot.time]);
          expect(slot.startsAt < other.startsAt).toBe(true);
        }
      }
    }
  });

  it("offers the same slots and days at random instants with random held slots", () => {
    const next = random(4);
    for (let i = 0; i < 25; i++) {
      const now = new Date(FROM + next() * (TO - FROM - 70 * 86_400_000));
      const rules = next() < 0.7 ? KOLKATA : NEW_YORK;
      const today = old.todayIn(rules.timeZone, now);
      const times = old.slotTimes(rules);
      const taken = new Map<string, Set<string>>();
      for (let d = 0; d <= 61; d++) {
        const held = new Set(times.filter(() => next() < 0.2));
        if (next() < 0.05) for (const time of times) held.add(time);
        if (held.size) taken.set(old.addDays(today, d), held);
      }
      const days = Math.floor(next() * 80) - 5;
      expect(bookingDays(rules, now, days, taken), now.toISOString()).toEqual(old.bookingDays(rules, now, days, taken));
      for (const shift of [-1, 0, 1, Math.floor(next() * 62), 60, 61]) {
        const date = old.addDays(today, shift);
        const held = taken.get(date) ?? none;
        expect(dateProblem(date, rules, now), date).toBe(old.dateProblem(date, rules, now));
        expect(slotsForDate(date, rules, now, held), `${date} at ${now.toISOString()}`).toEqual(
          old.slotsForDate(date, rules, now, held),
        );
      }
    }
  });
});

describe("a request's zone offsets, read once (issue 27 item 1)", () => {
  const zones = ["Asia/Kolkata", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Tehran"];
  const from = Date.parse("2026-01-01T00:00:00Z");
  const to = Date.parse("2027-12-31T00:00:00Z");

  it("give the wall clock Intl gives, to the minute, on both sides of every offset change", () => {
    for (const zone of zones) {
      const table = zoneOffsets(zone, from, to);
      const tables = new Map([[zone, table]]);
      // Every change, and a random sample of the two years.
      const random = seededRandom(zone.length);
      const instants = table.changes.flatMap((at) => [-61, -60, -1, 0, 1, 30, 60].map((m) => at + m * MINUTE));
      for (let i = 0; i < 500; i++) instants.push(from + Math.floor((random() * (to - from)) / MINUTE) * MINUTE);
      const inRange = instants.filter((ms) => ms >= from && ms <= to);
      for (const ms of inRange)
        expect(localDayMinutes([ms], zone, tables), `${zone} ${new Date(ms).toISOString()}`).toEqual(
          localDayMinutes([ms], zone),
        );
    }
  });

  it("find each change of the years (none in Kolkata, two a year in New York and London)", () => {
    const changes = (zone: string) => zoneOffsets(zone, from, to).changes.length - 1;
    expect(changes("Asia/Kolkata")).toBe(0);
    expect(changes("America/New_York")).toBe(4);
    expect(changes("Europe/London")).toBe(4);
    expect(zoneOffsets("America/New_York", from, to).changes).toContain(Date.parse("2026-03-08T07:00:00Z"));
    expect(zoneOffsets("Europe/London", from, to).changes).toContain(Date.parse("2026-10-25T01:00:00Z"));
  });

  it("leave the slots and days of the window as they were", () => {
    const random = seededRandom(27);
    for (const rules of [KOLKATA, NEW_YORK, { ...KOLKATA, timeZone: "Europe/London" }]) {
      for (let i = 0; i < 40; i++) {
        const now = new Date(from + Math.floor(random() * (to - from - 70 * 86_400_000)));
        const today = epochDay(todayIn(rules.timeZone, now)) as number;
        const tables = zonesOver([rules.timeZone], today, today + 60);
        expect(bookingDays(rules, now, 60, new Map(), tables)).toEqual(bookingDays(rules, now, 60, new Map()));
        const date = dateFromEpochDay(today + Math.floor(random() * 60));
        expect(slotsForDate(date, rules, now, none, tables)).toEqual(slotsForDate(date, rules, now, none));
      }
    }
  });
});
