import { z } from "zod";
import { addLeadNote, leadTimeline, listLeads, requireLead, toLeadJson, updateLead } from "~/domain/leads/leads.server";
import {
  LeadDetailJsonSchema,
  LeadJsonSchema,
  LeadListQuerySchema,
  LeadNoteSchema,
  LeadPatchSchema,
  TimelineEntrySchema,
} from "~/domain/leads/schemas";
import { endpoint } from "~/http/api/endpoint.server";
import { named, PaginationSchema, pickErrors, successWith } from "~/http/api/schemas";
import { paginationOf } from "~/lib/pagination";

named(LeadJsonSchema, "Lead");
named(LeadDetailJsonSchema, "LeadWithTimeline");
named(TimelineEntrySchema, "LeadTimelineEntry");

/** The lead inbox (issue 26 items 4 and 5): Sales (and Owners, Admins) change leads; Marketing reads them. */
export const endpoints = [
  endpoint({
    method: "GET",
    path: "/api/leads",
    summary:
      "Leads, one per person, newest first: filter by status, owner (`none` = unassigned), kind, first-touch source and campaign, arrival dates; search name, email or company",
    tag: "Leads",
    access: "admin",
    permission: "read:lead:any",
    query: LeadListQuerySchema,
    responses: {
      200: {
        description: "Leads",
        schema: successWith(z.array(LeadJsonSchema)).extend({ pagination: PaginationSchema }),
      },
      ...pickErrors(400, 401, 403),
    },
    async handler({ query }) {
      const { leads, total } = await listLeads(query);
      return { success: true, data: leads.map(toLeadJson), pagination: paginationOf(query.page, query.limit, total) };
    },
  }),
  endpoint({
    method: "GET",
    path: "/api/leads/:id",
    summary: "One lead with its timeline (arrivals, status and owner changes, notes, emails sent, the SLA notice)",
    tag: "Leads",
    access: "admin",
    permission: "read:lead:any",
    responses: {
      200: { description: "The lead", schema: successWith(LeadDetailJsonSchema) },
      ...pickErrors(401, 403, 404),
    },
    async handler({ params }) {
      const lead = await requireLead(params.id);
      return { success: true, data: { ...toLeadJson(lead), timeline: await leadTimeline(lead) } };
    },
  }),
  endpoint({
    method: "PATCH",
    path: "/api/leads/:id",
    summary:
      "Change a lead's status (lost and disqualified need a `reason`) or owner (an active Sales member); a guarded, audited change: a lead changed meanwhile answers 409",
    tag: "Leads",
    access: "admin",
    permission: "update:lead:any",
    body: LeadPatchSchema,
    responses: {
      200: { description: "Updated", schema: successWith(LeadJsonSchema) },
      ...pickErrors(400, 401, 403, 404, 409),
    },
    async handler({ params, body, actor }) {
      return { success: true, data: toLeadJson(await updateLead(actor, params.id, body)) };
    },
  }),
  endpoint({
    method: "POST",
    path: "/api/leads/:id/notes",
    summary: "Add a note to a lead's timeline (the team's first touch when it is the first)",
    tag: "Leads",
    access: "admin",
    permission: "update:lead:any",
    body: LeadNoteSchema,
    responses: {
      201: { description: "Added", schema: successWith(TimelineEntrySchema) },
      ...pickErrors(400, 401, 403, 404),
    },
    async handler({ params, body, actor }) {
      return Response.json({ success: true, data: await addLeadNote(actor, params.id, body.text) }, { status: 201 });
    },
  }),
];
