import { z } from "zod";
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
import { createdAnswer, pageAnswer } from "~/http/api/answers";
import { endpointGroup } from "~/http/api/endpoint.server";
import { created, named, ok, paged } from "~/http/api/schemas";
import { visitorOrigin } from "~/http/visitor-origin.server";
import { paginationOf } from "~/lib/pagination";

named(MeetingJsonSchema, "Meeting");

const open = endpointGroup("Meetings", "public");
const admin = endpointGroup("Meetings", "admin");

export const endpoints = [
  open.post("/api/meetings", {
    summary:
      'Book a 30-minute demo (spec §3 "Meeting booking"); 409 when the slot was just taken. Emails the visitor an .ics invitation and notifies sales',
    botCheck: true,
    body: BookingSchema,
    responses: created("Booked (status scheduled, waiting for approval)", MeetingJsonSchema, [400, 409, 429]),
    async handler({ request, body }) {
      const meeting = await bookMeeting(body, await visitorOrigin(request));
      return createdAnswer(toMeetingJson(meeting));
    },
  }),
  admin.get("/api/meetings", {
    summary:
      "Meetings, newest requests first; filter by status and host (hostId; none = the house calendar), search name or company (case-insensitive). With from and to (yyyy-MM-dd, at most 62 days): the meetings of those dates in time order, for calendars",
    permission: "read:meeting:any",
    query: MeetingListQuerySchema,
    responses: paged("Meetings", MeetingJsonSchema),
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
      return pageAnswer(query, total, meetings.map(toMeetingJson));
    },
  }),
  admin.get("/api/meetings/:id", {
    summary: "One meeting",
    permission: "read:meeting:any",
    responses: ok("The meeting", MeetingJsonSchema, [401, 403, 404]),
    async handler({ params }) {
      return { success: true, data: toMeetingJson(await requireMeeting(params.id)) };
    },
  }),
  admin.put("/api/meetings/:id/status", {
    summary:
      "Approve (confirmed) or reject (cancelled) a scheduled meeting; any other change is refused. Emails the visitor; audited",
    permission: "update:meeting:any",
    body: MeetingStatusUpdateSchema,
    responses: ok("Updated", MeetingJsonSchema, [400, 401, 403, 404, 409]),
    async handler({ params, body, actor }) {
      const meeting = await updateMeetingStatus(actor, params.id, body.status, { meetingLink: body.meetingLink });
      return { success: true, data: toMeetingJson(meeting) };
    },
  }),
  admin.put("/api/meetings/:id/host", {
    summary:
      "Give an active meeting another host, who must take demos and be free then; the visitor's invitation is unchanged and the new host gets the booking's details. Audited",
    permission: "update:scheduling:any",
    body: z.object({
      hostId: z.string({ error: "hostId must be a member's id." }).min(1, "hostId must be a member's id.").max(100),
    }),
    responses: ok("The meeting with its new host", MeetingJsonSchema, [400, 401, 403, 404, 409]),
    async handler({ params, body, actor }) {
      return { success: true, data: toMeetingJson(await reassignMeeting(actor, params.id, body.hostId)) };
    },
  }),
  admin.put("/api/meetings/:id/link", {
    summary:
      "Add or change the video link of a confirmed meeting that has not ended; emails the visitor the link with an updated invitation (the same link again sends nothing). Audited",
    permission: "update:meeting:any",
    body: MeetingLinkUpdateSchema,
    responses: ok("The meeting with its link", MeetingJsonSchema, [400, 401, 403, 404, 409]),
    async handler({ params, body, actor }) {
      const { meeting } = await setMeetingLink(actor, params.id, body.meetingLink);
      return { success: true, data: toMeetingJson(meeting) };
    },
  }),
  admin.post("/api/meetings/:id/attendance", {
    summary:
      "Mark a confirmed demo that has ended (within 7 days) attended or no-show, once; it becomes completed. A no-show emails the visitor a link to book again. Audited; a CRM event (meeting.attended or meeting.no_show)",
    permission: "update:meeting:any",
    body: AttendanceSchema,
    responses: ok("The meeting, marked and completed", MeetingJsonSchema, [400, 401, 403, 404, 409]),
    async handler({ params, body, actor }) {
      return { success: true, data: toMeetingJson(await markAttendance(actor, params.id, body.attended)) };
    },
  }),
];
