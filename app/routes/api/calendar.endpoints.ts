import { z } from "zod";
import { BOOKING } from "~/domain/calendar/availability";
import { availableDays, availableSlots } from "~/domain/calendar/calendar.server";
import { BookingDateSchema, BookingDayJsonSchema, SlotJsonSchema } from "~/domain/meetings/schemas";
import { endpointGroup } from "~/http/api/endpoint.server";
import { ok } from "~/http/api/schemas";

const DAYS_MESSAGE = `days must be a whole number from 1 to ${BOOKING.windowDays}.`;

const open = endpointGroup("Meetings", "public");

export const endpoints = [
  open.get("/api/calendar/available-slots", {
    summary:
      "The 30-minute slots of a weekday in the booking window (business timezone); slots less than 1 hour ahead or already held are unavailable",
    query: z.object({ date: BookingDateSchema.describe("yyyy-MM-dd") }),
    responses: ok("Slots of the day", z.array(SlotJsonSchema), [400]),
    async handler({ query }) {
      return { success: true, data: await availableSlots(query.date) };
    },
  }),
  open.get("/api/calendar/available-days", {
    summary: `The weekdays from today through today + days (default ${BOOKING.availableDaysDefault}, at most the ${BOOKING.windowDays}-day window) with their free slot counts`,
    query: z.object({
      days: z.coerce
        .number({ error: DAYS_MESSAGE })
        .int(DAYS_MESSAGE)
        .min(1, DAYS_MESSAGE)
        .max(BOOKING.windowDays, DAYS_MESSAGE)
        .default(BOOKING.availableDaysDefault),
    }),
    responses: ok("Bookable days", z.array(BookingDayJsonSchema), [400]),
    async handler({ query }) {
      return { success: true, data: await availableDays(query.days) };
    },
  }),
];
