import { z } from "zod";
import { clientAddress } from "~/domain/limits/client-limits.server";
import { markAttendance } from "~/domain/meetings/attendance.server";
import { setMeetingLink } from "~/domain/meetings/meeting-link.server";
import {
  bookMeeting,
  listMeetings,
  meetingsBetween,
  reassignMeeting,
  requireMeeting,
  toMeetingJson,
  updateMeetingStatus,
} from "~/domain/meetings/meetings.server";
import {
  AttendanceSchema,
  BookingSchema,
  MeetingJsonSchema,
  MeetingLinkUpdateSchema,
  MeetingListQuerySchema,
  MeetingStatusUpdateSchema,
} from "~/domain/meetings/schemas";
import { endpoint } from "~/http/api/endpoint.server";
import { named, PaginationSchema, pickErrors, successWith } from "~/http/api/schemas";
import { requestAttribution } from "~/http/attribution.server";
import { paginationOf } from "~/lib/pagination";

named(MeetingJsonSchema, "Meeting");

export const endpoints = [
  endpoint({
    method: "POST",
    path: "/api/meetings",
    summary:
      'Book a 30-minute demo (spec §3 "Meeting booking"); 409 when the slot was just taken. Emails the visitor an .ics invitation and notifies sales',
    tag: "Meetings",
    access: "public",
    botCheck: true,
    body: BookingSchema,
    responses: {
      201: { description: "Booked (status scheduled, waiting for approval)", schema: successWith(MeetingJsonSchema) },
      ...pickErrors(400, 409, 429),
    },
    async handler({ request, body }) {
      const meeting = await bookMeeting(body, {
        clientAddress: clientAddress(request),
        attribution: await requestAttribution(request),
      });
      return Response.json({ success: true, data: toMeetingJson(meeting) }, { status: 201 });
    },
  }),
  endpoint({
    method: "GET",
    path: "/api/meetings",
    summary:
      "Meetings, newest requests first; filter by status and host (hostId; none = the house calendar), search name or company (case-insensitive). With from and to (yyyy-MM-dd, at most 62 days): the meetings of those dates in time order, for calendars",
    tag: "Meetings",
    access: "admin",
    permission: "read:meeting:any",
    query: MeetingListQuerySchema,
    responses: {
      200: {
        description: "Meetings",
        schema: successWith(z.array(MeetingJsonSchema)).extend({ pagination: PaginationSchema }),
      },
      ...pickErrors(400, 401, 403),
    },
    async handler({ query }) {
      if (query.from && query.to) {
        const rows = (await meetingsBetween(query.from, query.to, query.hostId)).filter(
          (m) => query.status === "all" || m.status === query.status,
        );
        return {
          success: true,
          data: rows.map(toMeetingJson),
          pagination: paginationOf(1, rows.length || 1, rows.length),
        };
      }
      const { meetings, total } = await listMeetings(query);
      return {
        success: true,
        data: meetings.map(toMeetingJson),
        pagination: paginationOf(query.page, query.limit, total),
      };
    },
  }),
  endpoint({
    method: "GET",
    path: "/api/meetings/:id",
    summary: "One meeting",
    tag: "Meetings",
    access: "admin",
    permission: "read:meeting:any",
    responses: {
      200: { description: "The meeting", schema: successWith(MeetingJsonSchema) },
      ...pickErrors(401, 403, 404),
    },
    async handler({ params }) {
      return { success: true, data: toMeetingJson(await requireMeeting(params.id)) };
    },
  }),
  endpoint({
    method: "PUT",
    path: "/api/meetings/:id/status",
    summary:
      "Approve (confirmed) or reject (cancelled) a scheduled meeting; any other change is refused. Emails the visitor; audited",
    tag: "Meetings",
    access: "admin",
    permission: "update:meeting:any",
    body: MeetingStatusUpdateSchema,
    responses: {
      200: { description: "Updated", schema: successWith(MeetingJsonSchema) },
      ...pickErrors(400, 401, 403, 404, 409),
    },
    async handler({ params, body, actor }) {
      const meeting = await updateMeetingStatus(actor, params.id, body.status, { meetingLink: body.meetingLink });
      return { success: true, data: toMeetingJson(meeting) };
    },
  }),
  endpoint({
    method: "PUT",
    path: "/api/meetings/:id/host",
    summary:
      "Give an active meeting another host, who must take demos and be free then; the visitor's invitation is unchanged and the new host gets the booking's details. Audited",
    tag: "Meetings",
    access: "admin",
    permission: "update:scheduling:any",
    body: z.object({
      hostId: z.string({ error: "hostId must be a member's id." }).min(1, "hostId must be a member's id.").max(100),
    }),
    responses: {
      200: { description: "The meeting with its new host", schema: successWith(MeetingJsonSchema) },
      ...pickErrors(400, 401, 403, 404, 409),
    },
    async handler({ params, body, actor }) {
      return { success: true, data: toMeetingJson(await reassignMeeting(actor, params.id, body.hostId)) };
    },
  }),
  endpoint({
    method: "PUT",
    path: "/api/meetings/:id/link",
    summary:
      "Add or change the video link of a confirmed meeting that has not ended; emails the visitor the link with an updated invitation (the same link again sends nothing). Audited",
    tag: "Meetings",
    access: "admin",
    permission: "update:meeting:any",
    body: MeetingLinkUpdateSchema,
    responses: {
      200: { description: "The meeting with its link", schema: successWith(MeetingJsonSchema) },
      ...pickErrors(400, 401, 403, 404, 409),
    },
    async handler({ params, body, actor }) {
      const { meeting } = await setMeetingLink(actor, params.id, body.meetingLink);
      return { success: true, data: toMeetingJson(meeting) };
    },
  }),
  endpoint({
    method: "POST",
    path: "/api/meetings/:id/attendance",
    summary:
      "Mark a confirmed demo that has ended (within 7 days) attended or no-show, once; it becomes completed. A no-show emails the visitor a link to book again. Audited; a CRM event (meeting.attended or meeting.no_show)",
    tag: "Meetings",
    access: "admin",
    permission: "update:meeting:any",
    body: AttendanceSchema,
    responses: {
      200: { description: "The meeting, marked and completed", schema: successWith(MeetingJsonSchema) },
      ...pickErrors(400, 401, 403, 404, 409),
    },
    async handler({ params, body, actor }) {
      return { success: true, data: toMeetingJson(await markAttendance(actor, params.id, body.attended)) };
    },
  }),
];
