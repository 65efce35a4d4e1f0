import { z } from "zod";
import { BOOKING } from "~/domain/calendar/availability";
import { availableDays, availableSlots } from "~/domain/calendar/calendar.server";
import { BookingDateSchema, BookingDayJsonSchema, SlotJsonSchema } from "~/domain/meetings/schemas";
import { endpoint } from "~/http/api/endpoint.server";
import { pickErrors, successWith } from "~/http/api/schemas";

const DAYS_MESSAGE = `days must be a whole number from 1 to ${BOOKING.windowDays}.`;

export const endpoints = [
  endpoint({
    method: "GET",
    path: "/api/calendar/available-slots",
    summary:
      "The 30-minute slots of a weekday in the booking window (business timezone); slots less than 1 hour ahead or already held are unavailable",
    tag: "Meetings",
    access: "public",
    query: z.object({ date: BookingDateSchema.describe("yyyy-MM-dd") }),
    responses: {
      200: { description: "Slots of the day", schema: successWith(z.array(SlotJsonSchema)) },
      ...pickErrors(400),
    },
    async handler({ query }) {
      return { success: true, data: await availableSlots(query.date) };
    },
  }),
  endpoint({
    method: "GET",
    path: "/api/calendar/available-days",
    summary: `The weekdays from today through today + days (default ${BOOKING.availableDaysDefault}, at most the ${BOOKING.windowDays}-day window) with their free slot counts`,
    tag: "Meetings",
    access: "public",
    query: z.object({
      days: z.coerce
        .number({ error: DAYS_MESSAGE })
        .int(DAYS_MESSAGE)
        .min(1, DAYS_MESSAGE)
        .max(BOOKING.windowDays, DAYS_MESSAGE)
        .default(BOOKING.availableDaysDefault),
    }),
    responses: {
      200: { description: "Bookable days", schema: successWith(z.array(BookingDayJsonSchema)) },
      ...pickErrors(400),
    },
    async handler({ query }) {
      return { success: true, data: await availableDays(query.days) };
    },
  }),
];
