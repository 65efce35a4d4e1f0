import { SchedulingSettingsSchema } from "~/domain/calendar/scheduling-settings";
import { getSchedulingSettings, updateSchedulingSettings } from "~/domain/calendar/scheduling-settings.server";
import { endpoint } from "~/http/api/endpoint.server";
import { pickErrors, successWith } from "~/http/api/schemas";

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
];
