import { describe, expect, it } from "vitest";
import { weekday } from "../../../tests/helpers/booking";
import { addMeeting } from "../../../tests/helpers/console-data";
import { addDays, isWeekend } from "./availability";
import {
  availableDays,
  availableSlots,
  bookingWindow,
  forgetHeldSlots,
  heldSlotsOn,
  takenSlots,
} from "./calendar.server";

const _TZ = "Asia/Kolkata";

describe("held slots", () => {
  it("only scheduled and confirmed meetings hold a slot", async () => {
    const date = "2031-02-03";
    await addMeeting({ date, timeSlot: "10:00", status: "scheduled" });
    await addMeeting({ date, timeSlot: "11:00", status: "confirmed" });
    await addMeeting({ date, timeSlot: "12:00", status: "cancelled" });
    await addMeeting({ date, timeSlot: "13:00", status: "completed" });
    await addMeeting({ date: "2031-02-05", timeSlot: "10:00", status: "scheduled" });
    const taken = await takenSlots("2031-02-03", "2031-02-04");
    expect([...taken.keys()]).toEqual([date]);
    expect([...(taken.get(date) ?? [])].sort()).toEqual(["10:00", "11:00"]);
  });

  it("a date's held slots are shared for a moment, and a write in the isolate forgets them at once", async () => {
    const date = "2031-03-03";
    const now = Date.now();
    expect([...(await heldSlotsOn(date, now))]).toEqual([]);
    await addMeeting({ date, timeSlot: "15:00", status: "scheduled" });
    // Within the moment the shared answer stands (the booking itself is decided by the UNIQUE index)…
    expect([...(await heldSlotsOn(date, now))]).toEqual([]);
    forgetHeldSlots(date);
    expect([...(await heldSlotsOn(date, now))]).toEqual(["15:00"]);
  });

  it("20 concurrent misses each read the database and agree; the answer is kept, not their queries", async () => {
    const date = "2031-04-07";
    await addMeeting({ date, timeSlot: "09:30", status: "confirmed" });
    forgetHeldSlots(date);
    const now = Date.now();
    const answers = await Promise.all(Array.from({ length: 20 }, () => heldSlotsOn(date, now)));
    // No request awaits another's query (decision 037): each got its own answer.
    expect(new Set(answers).size).toBe(20);
    for (const answer of answers) expect([...answer]).toEqual(["09:30"]);
    // The moment after, the kept answer serves without a query.
    const kept = await heldSlotsOn(date, now);
    expect(answers).toContain(kept);
    expect(await heldSlotsOn(date, now)).toBe(kept);
  });

  it("an answer whose query was under way when the isolate wrote the date is not kept", async () => {
    const date = "2031-05-05";
    const now = Date.now();
    const reading = heldSlotsOn(date, now); // its query is under way…
    forgetHeldSlots(date); // …when a booking in this isolate changes the date
    const read = await reading;
    const next = await heldSlotsOn(date, now);
    expect(next).not.toBe(read); // read again, not the answer from before the write
    expect(await heldSlotsOn(date, now)).toBe(next); // and that one is kept
  });
});

describe("available slots and days", () => {
  it("a held slot is shown taken and the rest of the day stays free", async () => {
    const date = weekday(3);
    const free = await availableSlots(date);
    const first = free.find((slot) => slot.available)!;
    await addMeeting({ date, timeSlot: first.time, status: "scheduled" });
    forgetHeldSlots(date);
    const after = await availableSlots(date);
    expect(after.find((slot) => slot.time === first.time)?.available).toBe(false);
    expect(after.filter((slot) => slot.available)).toHaveLength(free.filter((slot) => slot.available).length - 1);
  });

  it("a weekend, a past date or a malformed date is refused with a 400 that names the date", async () => {
    let saturday = weekday(1);
    while (!isWeekend(saturday)) saturday = addDays(saturday, 1);
    for (const date of [saturday, "2020-01-06", "2031-02-30", "tomorrow"]) {
      await expect(availableSlots(date)).rejects.toMatchObject({
        status: 400,
        extra: { details: [expect.objectContaining({ field: "date" })] },
      });
    }
  });

  it("the day list counts a held slot against its day, and the window holds the same meetings", async () => {
    const date = weekday(4);
    const before = (await availableDays(10)).find((day) => day.date === date);
    expect(before).toBeDefined();
    await addMeeting({ date, timeSlot: "10:00", status: "confirmed" });
    const after = (await availableDays(10)).find((day) => day.date === date);
    expect(after).toEqual({ ...before, availableSlots: before!.availableSlots - 1 });
    const window = await bookingWindow();
    expect(window.taken.get(date)?.has("10:00")).toBe(true);
    expect(window.last >= date).toBe(true);
  });
});
