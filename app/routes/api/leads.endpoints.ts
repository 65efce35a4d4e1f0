import { addLeadNote, leadTimeline, listLeads, requireLead, toLeadJson, updateLead } from "~/domain/leads/leads.server";
import {
  LeadDetailJsonSchema,
  LeadJsonSchema,
  LeadListQuerySchema,
  LeadNoteSchema,
  LeadPatchSchema,
  TimelineEntrySchema,
} from "~/domain/leads/schemas";
import { createdAnswer, pageAnswer } from "~/http/api/answers";
import { endpointGroup } from "~/http/api/endpoint.server";
import { created, named, ok, paged } from "~/http/api/schemas";

named(LeadJsonSchema, "Lead");
named(LeadDetailJsonSchema, "LeadWithTimeline");
named(TimelineEntrySchema, "LeadTimelineEntry");

/** The lead inbox (issue 26 items 4 and 5): Sales (and Owners, Admins) change leads; Marketing reads them. */
const admin = endpointGroup("Leads", "admin");

export const endpoints = [
  admin.get("/api/leads", {
    summary:
      "Leads, one per person, newest first: filter by status, owner (`none` = unassigned), kind, first-touch source and campaign, arrival dates; search name, email or company",
    permission: "read:lead:any",
    query: LeadListQuerySchema,
    responses: paged("Leads", LeadJsonSchema),
    async handler({ query }) {
      const { leads, total } = await listLeads(query);
      return pageAnswer(query, total, leads.map(toLeadJson));
    },
  }),
  admin.get("/api/leads/:id", {
    summary: "One lead with its timeline (arrivals, status and owner changes, notes, emails sent, the SLA notice)",
    permission: "read:lead:any",
    responses: ok("The lead", LeadDetailJsonSchema, [401, 403, 404]),
    async handler({ params }) {
      const lead = await requireLead(params.id);
      return { success: true, data: { ...toLeadJson(lead), timeline: await leadTimeline(lead) } };
    },
  }),
  admin.patch("/api/leads/:id", {
    summary:
      "Change a lead's status (lost and disqualified need a `reason`) or owner (an active Sales member); a guarded, audited change: a lead changed meanwhile answers 409",
    permission: "update:lead:any",
    body: LeadPatchSchema,
    responses: ok("Updated", LeadJsonSchema, [400, 401, 403, 404, 409]),
    async handler({ params, body, actor }) {
      return { success: true, data: toLeadJson(await updateLead(actor, params.id, body)) };
    },
  }),
  admin.post("/api/leads/:id/notes", {
    summary: "Add a note to a lead's timeline (the team's first touch when it is the first)",
    permission: "update:lead:any",
    body: LeadNoteSchema,
    responses: created("Added", TimelineEntrySchema, [400, 401, 403, 404]),
    async handler({ params, body, actor }) {
      return createdAnswer(await addLeadNote(actor, params.id, body.text));
    },
  }),
];
