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
import { createdAnswer } from "~/http/api/answers";
import { endpointGroup } from "~/http/api/endpoint.server";
import { created, ok } from "~/http/api/schemas";
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

const admin = endpointGroup("Scheduling", "admin");

/** The scheduling rules the team edits (issue 27 items 2 and 9, decision 078). */
export const endpoints = [
  admin.get("/api/scheduling/settings", {
    summary:
      "The scheduling rules in force: minimum notice, booking window, buffers before/after every meeting and the visitor's change cutoff (today's defaults until first saved)",
    permission: "read:scheduling:any",
    responses: ok("The rules", SchedulingSettingsSchema, [401, 403]),
    async handler() {
      return { success: true, data: await getSchedulingSettings() };
    },
  }),
  admin.put("/api/scheduling/settings", {
    summary:
      "Replace the scheduling rules (all five). Audited; the next slot list, booking and visitor change use them",
    permission: "update:scheduling:any",
    body: SchedulingSettingsSchema,
    responses: ok("The rules now in force", SchedulingSettingsSchema, [400, 401, 403]),
    async handler({ body, actor }) {
      return { success: true, data: await updateSchedulingSettings(actor, body) };
    },
  }),
  admin.get("/api/scheduling/hosts", {
    summary:
      "Every active member as a demo host: whether they take demos (Sales by default), their time zone, weekly hours, daily cap and the date overrides not over yet",
    permission: "read:scheduling:any",
    responses: ok("Hosts", z.array(HostSchema), [401, 403]),
    async handler() {
      return { success: true, data: await listHosts() };
    },
  }),
  admin.put("/api/scheduling/hosts/:memberId", {
    summary:
      "Set a member's hosting as a whole: takes demos, time zone, weekly hours (day 1–7, Monday = 1; several intervals a day, in their zone) and daily cap (null = none). Audited",
    permission: "update:scheduling:any",
    body: HostInputSchema,
    responses: ok("The host", HostSchema, [400, 401, 403, 404]),
    async handler({ params, body, actor }) {
      await setHost(actor, params.memberId, body);
      return { success: true, data: await getHost(params.memberId) };
    },
  }),
  admin.post("/api/scheduling/hosts/:memberId/overrides", {
    summary:
      "Add a date override for a host over a date range (their dates): with hours, those hours instead of the weekly ones; without, away",
    permission: "update:scheduling:any",
    body: OverrideInputSchema,
    responses: created("The override", OverrideSchema, [400, 401, 403, 404]),
    async handler({ params, body, actor }) {
      return createdAnswer(await addOverride(actor, params.memberId, body));
    },
  }),
  admin.delete("/api/scheduling/hosts/:memberId/overrides/:id", {
    summary: "Remove a host's date override",
    permission: "update:scheduling:any",
    responses: ok("The removed override", OverrideSchema, [401, 403, 404]),
    async handler({ params, actor }) {
      return { success: true, data: await removeOverride(actor, params.memberId, params.id) };
    },
  }),
  admin.get("/api/scheduling/closures", {
    summary: "The company closures not over yet (business dates), soonest first",
    permission: "read:scheduling:any",
    responses: ok("Closures", z.array(ClosureSchema), [401, 403]),
    async handler() {
      return { success: true, data: await listClosures() };
    },
  }),
  admin.post("/api/scheduling/closures", {
    summary: "Close the company over a date range (business dates): no host takes demos then. Audited",
    permission: "update:scheduling:any",
    body: ClosureInputSchema,
    responses: created("The closure", ClosureSchema, [400, 401, 403, 409]),
    async handler({ body, actor }) {
      return createdAnswer(await addClosure(actor, body));
    },
  }),
  admin.post("/api/scheduling/closures/holidays", {
    summary:
      "Import a year of India's public holidays (optionally a state's own too) as closures; ones already there stay as they are",
    permission: "update:scheduling:any",
    body: HolidayImportSchema,
    responses: created(
      "The closures added",
      z.object({ imported: z.number().int(), closures: z.array(ClosureSchema) }),
      [400, 401, 403],
    ),
    async handler({ body, actor }) {
      const holidays = indiaHolidays(body.year, body.state);
      if (!holidays) throw new AppError(400, HOLIDAY_MESSAGES.year);
      const label = `IN${body.state ? `-${body.state}` : ""} ${body.year}`;
      return createdAnswer(await addHolidayClosures(actor, holidays, label));
    },
  }),
  admin.delete("/api/scheduling/closures/:id", {
    summary: "Remove a company closure",
    permission: "update:scheduling:any",
    responses: ok("The removed closure", ClosureSchema, [401, 403, 404]),
    async handler({ params, actor }) {
      return { success: true, data: await removeClosure(actor, params.id) };
    },
  }),
  // Calendars in sync without OAuth (issue 27 item 5, decision 086): a member their own, Owners and Admins anyone's.
  admin.get("/api/scheduling/hosts/:memberId/calendars", {
    summary:
      "A member's calendar sync: whether their private feed is live, and their own calendar read as busy time (its host only, when last read, any error, how many busy intervals). A member reads their own; Owners and Admins anyone's",
    permission: "read:account:own",
    responses: ok("The member's calendar sync", CalendarSyncSchema, [401, 403, 404]),
    async handler({ params, actor, session }) {
      assertMayManage(actor, session.admin.role, params.memberId);
      return { success: true, data: await getCalendarSync(params.memberId) };
    },
  }),
  admin.put("/api/scheduling/hosts/:memberId/calendars/feed", {
    summary:
      "Issue (or rotate) the member's private calendar feed with `active: true` — the answer holds the new .ics address, shown this once; `active: false` revokes it. The old address answers 404 from then on. Audited",
    permission: "update:account:own",
    body: FeedInputSchema,
    responses: ok("The feed now", FeedAnswerSchema, [400, 401, 403, 404]),
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
  admin.put("/api/scheduling/hosts/:memberId/calendars/busy", {
    summary:
      "Set the secret iCal address of the member's own calendar (https or webcal; a public address), stored at once and read right after the answer (then every 15 minutes by the scheduled job) into busy times the booking never offers; `url: null` removes it and its busy times. Audited without the address",
    permission: "update:account:own",
    body: BusyCalendarInputSchema,
    responses: ok(
      "The member's calendar sync as saved (a new address not read yet: `lastFetchedAt` null)",
      CalendarSyncSchema,
      [400, 401, 403, 404],
    ),
    async handler({ params, body, actor, session }) {
      assertMayManage(actor, session.admin.role, params.memberId);
      await setBusyCalendar(actor, params.memberId, body.url || null);
      // Read after the answer: a calendar read can take seconds (decision 086, amended).
      if (body.url) void readBusyCalendarSoon(params.memberId);
      return { success: true, data: await getCalendarSync(params.memberId) };
    },
  }),
];
