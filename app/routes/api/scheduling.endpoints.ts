import { z } from "zod";
import {
  assertMayManage,
  BusyCalendarInputSchema,
  CalendarSyncSchema,
  getCalendarSync,
  issueFeed,
  readBusyCalendarSoon,
  revokeFeed,
  setBusyCalendar,
} from "~/domain/calendar/calendar-sync.server";
import { HOLIDAY_MESSAGES, HOLIDAY_STATES, HOLIDAY_YEARS, indiaHolidays } from "~/domain/calendar/holidays";
import {
  ClosureInputSchema,
  ClosureSchema,
  HostInputSchema,
  HostSchema,
  OverrideInputSchema,
  OverrideSchema,
} from "~/domain/calendar/hosts";
import {
  addClosure,
  addHolidayClosures,
  addOverride,
  getHost,
  listClosures,
  listHosts,
  removeClosure,
  removeOverride,
  setHost,
} from "~/domain/calendar/hosts.server";
import { SchedulingSettingsSchema } from "~/domain/calendar/scheduling-settings";
import { getSchedulingSettings, updateSchedulingSettings } from "~/domain/calendar/scheduling-settings.server";
import { endpoint } from "~/http/api/endpoint.server";
import { pickErrors, successWith } from "~/http/api/schemas";
import { AppError } from "~/lib/errors";

const STATE_CODES = HOLIDAY_STATES.map(([code]) => code) as [string, ...string[]];

/** `POST /api/scheduling/closures/holidays`: a year of India's public holidays, optionally a state's too. */
const HolidayImportSchema = z.object({
  year: z
    .number({ error: HOLIDAY_MESSAGES.year })
    .int(HOLIDAY_MESSAGES.year)
    .refine((year) => HOLIDAY_YEARS.includes(year), HOLIDAY_MESSAGES.year),
  state: z.enum(STATE_CODES, { error: HOLIDAY_MESSAGES.state }).nullable().optional(),
});

const FeedInputSchema = z.object({
  active: z.boolean({ error: "Send active: true to issue a new feed address, false to revoke it." }),
});
const FeedAnswerSchema = z
  .object({
    active: z.boolean(),
    issuedAt: z.iso.datetime().nullable(),
    url: z.url().nullable().describe("The new address when one was just issued (shown this once), else null"),
  })
  .meta({ id: "CalendarFeed" });

/** The scheduling rules the team edits (issue 27 items 2 and 9, decision 078). */
export const endpoints = [
  endpoint({
    method: "GET",
    path: "/api/scheduling/settings",
    summary:
      "The scheduling rules in force: minimum notice, booking window, buffers before/after every meeting and the visitor's change cutoff (today's defaults until first saved)",
    tag: "Scheduling",
    access: "admin",
    permission: "read:scheduling:any",
    responses: {
      200: { description: "The rules", schema: successWith(SchedulingSettingsSchema) },
      ...pickErrors(401, 403),
    },
    async handler() {
      return { success: true, data: await getSchedulingSettings() };
    },
  }),
  endpoint({
    method: "PUT",
    path: "/api/scheduling/settings",
    summary:
      "Replace the scheduling rules (all five). Audited; the next slot list, booking and visitor change use them",
    tag: "Scheduling",
    access: "admin",
    permission: "update:scheduling:any",
    body: SchedulingSettingsSchema,
    responses: {
      200: { description: "The rules now in force", schema: successWith(SchedulingSettingsSchema) },
      ...pickErrors(400, 401, 403),
    },
    async handler({ body, actor }) {
      return { success: true, data: await updateSchedulingSettings(actor, body) };
    },
  }),
  endpoint({
    method: "GET",
    path: "/api/scheduling/hosts",
    summary:
      "Every active member as a demo host: whether they take demos (Sales by default), their time zone, weekly hours, daily cap and the date overrides not over yet",
    tag: "Scheduling",
    access: "admin",
    permission: "read:scheduling:any",
    responses: {
      200: { description: "Hosts", schema: successWith(z.array(HostSchema)) },
      ...pickErrors(401, 403),
    },
    async handler() {
      return { success: true, data: await listHosts() };
    },
  }),
  endpoint({
    method: "PUT",
    path: "/api/scheduling/hosts/:memberId",
    summary:
      "Set a member's hosting as a whole: takes demos, time zone, weekly hours (day 1–7, Monday = 1; several intervals a day, in their zone) and daily cap (null = none). Audited",
    tag: "Scheduling",
    access: "admin",
    permission: "update:scheduling:any",
    body: HostInputSchema,
    responses: {
      200: { description: "The host", schema: successWith(HostSchema) },
      ...pickErrors(400, 401, 403, 404),
    },
    async handler({ params, body, actor }) {
      await setHost(actor, params.memberId, body);
      return { success: true, data: await getHost(params.memberId) };
    },
  }),
  endpoint({
    method: "POST",
    path: "/api/scheduling/hosts/:memberId/overrides",
    summary:
      "Add a date override for a host over a date range (their dates): with hours, those hours instead of the weekly ones; without, away",
    tag: "Scheduling",
    access: "admin",
    permission: "update:scheduling:any",
    body: OverrideInputSchema,
    responses: {
      201: { description: "The override", schema: successWith(OverrideSchema) },
      ...pickErrors(400, 401, 403, 404),
    },
    async handler({ params, body, actor }) {
      return Response.json({ success: true, data: await addOverride(actor, params.memberId, body) }, { status: 201 });
    },
  }),
  endpoint({
    method: "DELETE",
    path: "/api/scheduling/hosts/:memberId/overrides/:id",
    summary: "Remove a host's date override",
    tag: "Scheduling",
    access: "admin",
    permission: "update:scheduling:any",
    responses: {
      200: { description: "The removed override", schema: successWith(OverrideSchema) },
      ...pickErrors(401, 403, 404),
    },
    async handler({ params, actor }) {
      return { success: true, data: await removeOverride(actor, params.memberId, params.id) };
    },
  }),
  endpoint({
    method: "GET",
    path: "/api/scheduling/closures",
    summary: "The company closures not over yet (business dates), soonest first",
    tag: "Scheduling",
    access: "admin",
    permission: "read:scheduling:any",
    responses: {
      200: { description: "Closures", schema: successWith(z.array(ClosureSchema)) },
      ...pickErrors(401, 403),
    },
    async handler() {
      return { success: true, data: await listClosures() };
    },
  }),
  endpoint({
    method: "POST",
    path: "/api/scheduling/closures",
    summary: "Close the company over a date range (business dates): no host takes demos then. Audited",
    tag: "Scheduling",
    access: "admin",
    permission: "update:scheduling:any",
    body: ClosureInputSchema,
    responses: {
      201: { description: "The closure", schema: successWith(ClosureSchema) },
      ...pickErrors(400, 401, 403, 409),
    },
    async handler({ body, actor }) {
      return Response.json({ success: true, data: await addClosure(actor, body) }, { status: 201 });
    },
  }),
  endpoint({
    method: "POST",
    path: "/api/scheduling/closures/holidays",
    summary:
      "Import a year of India's public holidays (optionally a state's own too) as closures; ones already there stay as they are",
    tag: "Scheduling",
    access: "admin",
    permission: "update:scheduling:any",
    body: HolidayImportSchema,
    responses: {
      201: {
        description: "The closures added",
        schema: successWith(z.object({ imported: z.number().int(), closures: z.array(ClosureSchema) })),
      },
      ...pickErrors(400, 401, 403),
    },
    async handler({ body, actor }) {
      const holidays = indiaHolidays(body.year, body.state);
      if (!holidays) throw new AppError(400, HOLIDAY_MESSAGES.year);
      const label = `IN${body.state ? `-${body.state}` : ""} ${body.year}`;
      return Response.json({ success: true, data: await addHolidayClosures(actor, holidays, label) }, { status: 201 });
    },
  }),
  endpoint({
    method: "DELETE",
    path: "/api/scheduling/closures/:id",
    summary: "Remove a company closure",
    tag: "Scheduling",
    access: "admin",
    permission: "update:scheduling:any",
    responses: {
      200: { description: "The removed closure", schema: successWith(ClosureSchema) },
      ...pickErrors(401, 403, 404),
    },
    async handler({ params, actor }) {
      return { success: true, data: await removeClosure(actor, params.id) };
    },
  }),
  // Calendars in sync without OAuth (issue 27 item 5, decision 086): a member their own, Owners and Admins anyone's.
  endpoint({
    method: "GET",
    path: "/api/scheduling/hosts/:memberId/calendars",
    summary:
      "A member's calendar sync: whether their private feed is live, and their own calendar read as busy time (its host only, when last read, any error, how many busy intervals). A member reads their own; Owners and Admins anyone's",
    tag: "Scheduling",
    access: "admin",
    permission: "read:account:own",
    responses: {
      200: { description: "The member's calendar sync", schema: successWith(CalendarSyncSchema) },
      ...pickErrors(401, 403, 404),
    },
    async handler({ params, actor, session }) {
      assertMayManage(actor, session.admin.role, params.memberId);
      return { success: true, data: await getCalendarSync(params.memberId) };
    },
  }),
  endpoint({
    method: "PUT",
    path: "/api/scheduling/hosts/:memberId/calendars/feed",
    summary:
      "Issue (or rotate) the member's private calendar feed with `active: true` — the answer holds the new .ics address, shown this once; `active: false` revokes it. The old address answers 404 from then on. Audited",
    tag: "Scheduling",
    access: "admin",
    permission: "update:account:own",
    body: FeedInputSchema,
    responses: {
      200: { description: "The feed now", schema: successWith(FeedAnswerSchema) },
      ...pickErrors(400, 401, 403, 404),
    },
    async handler({ params, body, actor, session }) {
      assertMayManage(actor, session.admin.role, params.memberId);
      if (!body.active) {
        await revokeFeed(actor, params.memberId);
        return { success: true, data: { active: false, issuedAt: null, url: null } };
      }
      const issued = await issueFeed(actor, params.memberId);
      return { success: true, data: { active: true, ...issued } };
    },
  }),
  endpoint({
    method: "PUT",
    path: "/api/scheduling/hosts/:memberId/calendars/busy",
    summary:
      "Set the secret iCal address of the member's own calendar (https or webcal; a public address), stored at once and read right after the answer (then every 15 minutes by the scheduled job) into busy times the booking never offers; `url: null` removes it and its busy times. Audited without the address",
    tag: "Scheduling",
    access: "admin",
    permission: "update:account:own",
    body: BusyCalendarInputSchema,
    responses: {
      200: {
        description: "The member's calendar sync as saved (a new address not read yet: `lastFetchedAt` null)",
        schema: successWith(CalendarSyncSchema),
      },
      ...pickErrors(400, 401, 403, 404),
    },
    async handler({ params, body, actor, session }) {
      assertMayManage(actor, session.admin.role, params.memberId);
      await setBusyCalendar(actor, params.memberId, body.url || null);
      // Read after the answer: a calendar read can take seconds (decision 086, amended).
      if (body.url) void readBusyCalendarSoon(params.memberId);
      return { success: true, data: await getCalendarSync(params.memberId) };
    },
  }),
];
