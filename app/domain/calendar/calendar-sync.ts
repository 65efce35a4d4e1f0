import { z } from "zod";
import { outboundUrlProblem } from "~/domain/integrations/events";

/**
 * Calendars in sync without OAuth (issue 27 item 5, decision 086): the rules, messages and
 * shapes the page, the API and the server share (the service is calendar-sync.server.ts).
 */

export const CALENDAR_SYNC_RULES = {
  /** Whole answer of a calendar address. */
  timeout: 10_000,
  /** Largest calendar file read (a Google calendar with years of history is a few MB). */
  maxBytes: 5 * 1024 * 1024,
  /** Redirects followed, each checked like the address itself. */
  redirects: 3,
  /** A calendar is read again when its last read is this old (the cron runs every 5 minutes). */
  refreshMinutes: 15,
  /** Calendars read per cron run. */
  perRun: 20,
  /** Past meetings kept in the feed. */
  feedPastDays: 30,
  /** Meetings in one feed at most. */
  feedEvents: 1000,
} as const;

export const CALENDAR_SYNC_MESSAGES = {
  url: "Enter your calendar's secret address in iCal format, for example https://calendar.google.com/calendar/ical/…/basic.ics.",
  urlLength: "The address is too long (at most 2,000 characters).",
  https: "The calendar address must use https.",
  credentials: "Put no user name or password in the address.",
  privateAddress:
    "The calendar address must be a public address: private, loopback and link-local addresses (and localhost) are refused.",
  notYours: "You can change only your own calendars.",
  memberNotFound: "This team member was not found.",
  timeout: "The calendar did not answer within 10 seconds.",
  tooLarge: "The calendar is larger than 5 MB.",
  redirects: "The calendar address redirected too many times.",
  status: (status: number) => `The calendar answered HTTP ${status}.`,
  unreachable: "The calendar could not be reached.",
} as const;

/** What a member sees of their calendars (never the feed token nor the whole secret address). */
export const CalendarSyncSchema = z
  .object({
    feed: z
      .object({
        active: z.boolean().describe("Whether a feed address is live"),
        issuedAt: z.iso.datetime().nullable().describe("When the live address was issued"),
      })
      .describe("The private feed of the member's meetings"),
    busyCalendar: z
      .object({
        address: z
          .string()
          .nullable()
          .describe("The address's scheme and host only (the rest is a secret); null = none given"),
        lastFetchedAt: z.iso.datetime().nullable().describe("When it was last read (successfully or not)"),
        error: z.string().nullable().describe("Why the last read failed; null when it worked"),
        busyCount: z.number().int().describe("Busy intervals stored by the last good read"),
      })
      .describe("The member's own calendar, read as busy time"),
  })
  .meta({ id: "CalendarSync" });
export type CalendarSync = z.infer<typeof CalendarSyncSchema>;

export const BusyCalendarInputSchema = z.object({
  url: z
    .string({ error: CALENDAR_SYNC_MESSAGES.url })
    .trim()
    .max(2000, CALENDAR_SYNC_MESSAGES.urlLength)
    .nullable()
    .describe("The secret iCal address of the member's own calendar (https, or webcal); null removes it"),
});

/** webcal:// is https:// (Apple and Outlook hand out webcal links). */
export const normalised = (value: string) => value.replace(/^webcals?:\/\//i, "https://");

/** Where a busy calendar may be read from: the webhooks' rule (decision 074). Answers the problem, or null. */
export const busyUrlProblem = (value: string, options: { local: boolean }) =>
  outboundUrlProblem(normalised(value), options, CALENDAR_SYNC_MESSAGES);
