import { describe, expect, it } from "vitest";
import { weekday } from "../../../tests/helpers/booking";
import { addMeeting } from "../../../tests/helpers/console-data";
import { addDays, isWeekend } from "./availability";
import { availabilityInput, availableDays, availableSlots, bookingRules, bookingWindow } from "./calendar.server";

const _TZ = "Asia/Kolkata";

describe("the engine's input", () => {
  it("only scheduled and confirmed meetings hold a slot, read fresh on every request (no isolate cache)", async () => {
    const date = "2031-02-03";
    const rules = bookingRules();
    await addMeeting({ date, timeSlot: "10:00", status: "scheduled" });
    await addMeeting({ date, timeSlot: "11:00", status: "confirmed" });
    await addMeeting({ date, timeSlot: "12:00", status: "cancelled" });
    await addMeeting({ date, timeSlot: "13:00", status: "completed" });
    await addMeeting({ date: "2031-02-05", timeSlot: "10:00", status: "scheduled" });
    const input = await availabilityInput("2031-02-03", "2031-02-04", rules);
    expect(input.meetings.map((m) => m.time).sort()).toEqual(["10:00", "11:00"]);
    await addMeeting({ date, timeSlot: "15:00", status: "scheduled" });
    const again = await availabilityInput(date, date, rules);
    expect(again.meetings.map((m) => m.time).sort()).toEqual(["10:00", "11:00", "15:00"]);
  });
});

describe("available slots and days", () => {
  it("a held slot is shown taken and the rest of the day stays free", async () => {
    const date = weekday(3);
    const free = await availableSlots(date);
    const first = free.find((slot) => slot.available)!;
    await addMeeting({ date, timeSlot: first.time, status: "scheduled" });
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
    expect(window.input.meetings.some((m) => m.date === date && m.time === "10:00")).toBe(true);
    expect(window.last >= date).toBe(true);
  });
});
