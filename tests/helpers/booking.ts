import { addDays, isWeekend, todayIn } from "~/domain/calendar/availability";
import { bookMeeting } from "~/domain/meetings/meetings.server";
import type { BookingInput } from "~/domain/meetings/schemas";

/** The n-th weekday after today in the business time zone, so every slot of it is still ahead. */
export function weekday(n: number, timeZone = "Asia/Kolkata") {
  let date = todayIn(timeZone, new Date());
  for (let found = 0; found < n; ) {
    date = addDays(date, 1);
    if (!isWeekend(date)) found++;
  }
  return date;
}

/**
 * A demo booking made through the domain, as the booking form makes it: the fields a test names,
 * the rest empty (no phone, company or notes, no visitor time zone) and, unless named, an email
 * of its own so no two bookings share a client's limits.
 */
export function bookDemo(fields: Pick<BookingInput, "date" | "timeSlot"> & Partial<BookingInput>) {
  return bookMeeting({
    name: "Test Booker",
    email: `booker-${crypto.randomUUID().slice(0, 8)}@example.com`,
    phone: "",
    company: "",
    notes: "",
    meetingType: "demo",
    visitorTimezone: null,
    ...fields,
  });
}
