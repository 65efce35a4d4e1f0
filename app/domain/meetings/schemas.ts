import { z } from "zod";
import { EmailSchema } from "~/domain/accounts/schemas";
import {
  BOOKING_MESSAGES,
  epochDay,
  isRealDate,
  isValidTimeZone,
  minutesOf,
  normalizeTime,
} from "~/domain/calendar/availability";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { pageQuery } from "~/lib/page-query";
import { FIELD_LIMITS, MEETING_LINK_TEXTS } from "./texts";
import { CALLBACK_SOURCES, CALLBACK_STATUSES, MEETING_STATUSES, MEETING_TYPES } from "./values";

/**
 * One schema per form, shared by the page (Conform) and the `/api` endpoints. Rules that
 * depend on the clock or the configured hours (past, weekend, window, grid) are checked by
 * the service with the same messages (BOOKING_MESSAGES).
 */

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters.`;

/** Single-line fields end up in email subjects and calendar entries: no line breaks or control characters. */
const SINGLE_LINE = /^[^\p{Cc}]*$/u;
const singleLine = (label: string) => `${label} must be a single line of text.`;

const requiredText = (label: string, max: number, required = `${label} is required`) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong(label, max))
    .regex(SINGLE_LINE, singleLine(label));

/** Optional text: missing, null and empty all become "". */
const optionalText = (label: string, max: number, { multiline = false } = {}) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, tooLong(label, max))
    .regex(multiline ? /[\s\S]*/ : SINGLE_LINE, singleLine(label))
    .nullish()
    .transform((v) => v ?? "");

const PhoneSchema = z
  .string({ error: "Phone must be text." })
  .trim()
  .max(FIELD_LIMITS.phone, tooLong("Phone", FIELD_LIMITS.phone))
  .regex(/^$|^\+?[\d\s().-]{5,}$/, "Phone number is invalid")
  .nullish()
  .transform((v) => v ?? "");

const HoneypotSchema = z.string().max(1000).nullish();

export const BookingDateSchema = z
  .string({ error: "Date is required" })
  .trim()
  .min(1, "Date is required")
  .refine(isRealDate, BOOKING_MESSAGES.dateMalformed)
  .meta({ format: "date" });

export const TimeSlotSchema = z
  .string({ error: "Time slot is required" })
  .trim()
  .min(1, "Time slot is required")
  .transform(normalizeTime)
  .refine((v) => minutesOf(v) !== null, BOOKING_MESSAGES.timeMalformed);

/** Spec §3 "Meeting booking" and §5 "Booking details". */
export const BookingSchema = z.object({
  name: requiredText("Name", FIELD_LIMITS.name),
  email: EmailSchema,
  phone: PhoneSchema,
  company: optionalText("Company", FIELD_LIMITS.company),
  notes: optionalText("Notes", FIELD_LIMITS.notes, { multiline: true }),
  meetingType: z.enum(MEETING_TYPES, { error: 'meetingType must be "demo".' }).default("demo"),
  date: BookingDateSchema,
  timeSlot: TimeSlotSchema,
  /** The visitor's IANA timezone, to show the meeting in their own time. */
  visitorTimezone: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isValidTimeZone(v), "Time zone is not a known IANA time zone."),
  [HONEYPOT_FIELD]: HoneypotSchema,
});
export type BookingInput = z.output<typeof BookingSchema>;

/** Spec §3 "Callback request form" and §5 "Callback form". */
export const CallbackSchema = z.object({
  firstName: requiredText("First name", FIELD_LIMITS.name),
  lastName: requiredText("Last name", FIELD_LIMITS.name),
  email: EmailSchema,
  company: requiredText("Company", FIELD_LIMITS.company),
  phone: PhoneSchema,
  message: optionalText("Message", FIELD_LIMITS.message, { multiline: true }),
  [HONEYPOT_FIELD]: HoneypotSchema,
});
export type CallbackInput = z.output<typeof CallbackSchema>;

/** Spec §3 "Meeting status update". */
export const MeetingLinkSchema = z
  .string({ error: "Meeting link must be text." })
  .trim()
  .max(500, tooLong("Meeting link", 500))
  .refine((v) => v === "" || /^https:\/\/[^\s]+$/.test(v), "Meeting link must be an https:// address.")
  .nullish()
  .transform((v) => v || null);

/** Reject's optional reason, quoted to the visitor in the email (missing, null and blank become null). */
export const RejectReasonSchema = optionalText("Reason", FIELD_LIMITS.rejectReason, { multiline: true }).transform(
  (v) => v || null,
);

export const MeetingStatusUpdateSchema = z.object({
  status: z.enum(MEETING_STATUSES, {
    error: `status must be one of: ${MEETING_STATUSES.join(", ")}.`,
  }),
  /** The video call link, when approving. */
  meetingLink: MeetingLinkSchema,
});

/** PUT /api/meetings/{id}/link: the video link of a confirmed meeting (decision 053). */
export const MeetingLinkUpdateSchema = z.object({
  meetingLink: MeetingLinkSchema.refine((link) => link !== null, MEETING_LINK_TEXTS.required),
});

/** The admin list filter (spec §2: all, scheduled, confirmed, completed); the API also takes cancelled. */
export const MEETING_FILTERS = ["all", "scheduled", "confirmed", "completed"] as const;

/** The longest range `GET /api/meetings?from=&to=` answers, in days. */
export const MEETING_RANGE_DAYS = 62;

export const MeetingListQuerySchema = z
  .object({
    from: BookingDateSchema.optional().describe("yyyy-MM-dd: with `to`, the meetings of these dates in time order"),
    to: BookingDateSchema.optional().describe("yyyy-MM-dd, inclusive"),
    status: z
      .enum(["all", ...MEETING_STATUSES], { error: `status must be all or one of: ${MEETING_STATUSES.join(", ")}.` })
      .default("all"),
    q: z.string().trim().max(100, tooLong("Search", 100)).optional(),
    hostId: z
      .string()
      .max(100, "hostId must be a member's id, or none.")
      .transform((v) => (v === "none" ? "" : v))
      .optional()
      .describe("a member's id: only the meetings they host; `none`: only the house calendar's (no host)"),
    ...pageQuery({ limit: 50, maxLimit: 200 }),
  })
  .refine((v) => (v.from === undefined) === (v.to === undefined), {
    message: "from and to go together.",
    path: ["to"],
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: "to must not be before from.", path: ["to"] })
  .refine((v) => !v.from || !v.to || epochDay(v.to)! - epochDay(v.from)! < MEETING_RANGE_DAYS, {
    message: `from and to may span at most ${MEETING_RANGE_DAYS} days.`,
    path: ["to"],
  });
export type MeetingListQuery = z.output<typeof MeetingListQuerySchema>;

export const CallbackListQuerySchema = z.object({
  status: z.enum(["all", ...CALLBACK_STATUSES]).default("all"),
  q: z.string().trim().max(100, tooLong("Search", 100)).optional(),
  ...pageQuery({ limit: 50, maxLimit: 200 }),
});
export type CallbackListQuery = z.output<typeof CallbackListQuerySchema>;

export const CallbackStatusUpdateSchema = z.object({
  status: z.enum(CALLBACK_STATUSES, { error: `status must be one of: ${CALLBACK_STATUSES.join(", ")}.` }),
});

// ------------------------------------------------------------ response shapes (OpenAPI)

/** Spec §3 "Meeting (admin view)", plus `id` and the times as instants. */
export const MeetingJsonSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  meetingType: z.enum(MEETING_TYPES),
  date: z.string().describe("yyyy-MM-dd in the business timezone"),
  timeSlot: z.string().describe("HH:mm in the business timezone"),
  startsAt: z.string().describe("ISO instant (UTC)"),
  endsAt: z.string().describe("ISO instant (UTC)"),
  status: z.enum(MEETING_STATUSES),
  notes: z.string(),
  visitorTimezone: z.string().nullable(),
  meetingLink: z.string().nullable().describe("video call link, set on approval"),
  sequence: z.number().int().describe("iCalendar SEQUENCE of the latest invitation"),
  createdAt: z.string(),
  updatedAt: z.string(),
  hostId: z.string().nullable().describe("the member who hosts it; null = the house calendar (no host)"),
  attendance: z
    .enum(["attended", "no_show"])
    .nullable()
    .describe("whether the visitor came, as the host marked it after the demo; null = not marked"),
});

/** `POST /api/meetings/{id}/attendance` (issue 27 item 7). */
export const AttendanceSchema = z.object({
  attended: z.boolean({ error: "attended must be true (the visitor came) or false (a no-show)." }),
});

export const CallbackJsonSchema = z.object({
  _id: z.string(),
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string(),
  phone: z.string(),
  message: z.string(),
  status: z.enum(CALLBACK_STATUSES),
  source: z
    .enum(CALLBACK_SOURCES)
    .describe("demo: the /demo callback form; pricing-enterprise: Contact Sales on /pricing"),
  teamSize: z.string().nullable().describe("Enterprise leads: the team size chosen"),
  createdAt: z.string(),
});

export const SlotJsonSchema = z.object({
  time: z.string().describe("HH:mm in the business timezone"),
  available: z.boolean(),
  startsAt: z.string().describe("ISO instant (UTC)"),
});

export const BookingDayJsonSchema = z.object({
  date: z.string(),
  available: z.boolean(),
  availableSlots: z.number().int(),
});
