import { data } from "react-router";
import { actorOf } from "~/domain/accounts/actor";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { updateMeetingStatus } from "~/domain/meetings/meetings.server";
import { MEETING_TEXTS, MeetingLinkSchema } from "~/domain/meetings/schemas";
import { isAppError } from "~/lib/errors";

export type DecisionResult = { ok: boolean; message: string; reason: string | null; meetingId: string };

const DECISIONS = { approve: "confirmed", reject: "cancelled" } as const;

/**
 * Approve / Reject, shared by the list and the details page (form fields `intent` and
 * `meetingId`). Failures show the spec's text, with the reason beside it.
 */
export async function decideMeeting(request: Request) {
  const actor = actorOf(await requireAdmin(request));
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const meetingId = String(form.get("meetingId") ?? "").slice(0, 64);
  const target = DECISIONS[intent as keyof typeof DECISIONS];
  const fail = (status: number, reason: string | null) =>
    data<DecisionResult>({ ok: false, message: MEETING_TEXTS.statusUpdateFailed, reason, meetingId }, { status });
  if (!target || !meetingId) return fail(400, "Unknown action.");
  const link = MeetingLinkSchema.safeParse(target === "confirmed" ? form.get("meetingLink") : null);
  if (!link.success) return fail(400, link.error.issues[0]?.message ?? "Meeting link is invalid.");
  try {
    const meeting = await updateMeetingStatus(actor, meetingId, target, { meetingLink: link.data });
    return data<DecisionResult>({
      ok: true,
      message:
        target === "confirmed"
          ? `Approved: the meeting with ${meeting.name} is confirmed and they have been emailed.`
          : `Rejected: the meeting with ${meeting.name} is cancelled and they have been emailed.`,
      reason: null,
      meetingId,
    });
  } catch (error) {
    if (isAppError(error)) return fail(error.status, error.message);
    console.error(error);
    return fail(500, null);
  }
}
