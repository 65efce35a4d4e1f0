import { data } from "react-router";
import { actorOf } from "~/domain/accounts/actor";
import { updateMeetingStatus } from "~/domain/meetings/meetings.server";
import { MeetingLinkSchema, RejectReasonSchema } from "~/domain/meetings/schemas";
import { MEETING_TEXTS } from "~/domain/meetings/texts";
import { actionFailure } from "~/http/action-failure.server";
import { requireAdmin } from "~/http/guards.server";

export type Decision = "approve" | "reject";

/**
 * The outcome of Approve / Reject for the meeting `meetingId`. A field problem (the link on
 * Approve, the reason on Reject) is said at its field, with what was typed, and not as a banner.
 */
export type DecisionResult = {
  ok: boolean;
  message: string;
  reason: string | null;
  meetingId: string;
  intent?: Decision;
  fieldErrors?: { meetingLink?: string; reason?: string };
  typed?: { meetingLink?: string; reason?: string };
};

const DECISIONS = { approve: "confirmed", reject: "cancelled" } as const;

/**
 * Approve / Reject, shared by the list, the details page and the reject confirmation (form
 * fields `intent`, `meetingId`, and `meetingLink` or `reason`). Failures show the spec's text,
 * with the reason beside it.
 */
export async function decideMeeting(request: Request, fixed: { meetingId?: string; intent?: Decision } = {}) {
  const actor = actorOf(await requireAdmin(request));
  const form = await request.formData();
  // A page about one meeting and one decision (the reject confirmation) says which in its address.
  if (fixed.meetingId) form.set("meetingId", fixed.meetingId);
  if (fixed.intent) form.set("intent", fixed.intent);
  const intent = String(form.get("intent") ?? "");
  const meetingId = String(form.get("meetingId") ?? "").slice(0, 64);
  const target = DECISIONS[intent as Decision];
  const decision = target ? (intent as Decision) : undefined;
  const fail = (status: number, reason: string | null) =>
    data<DecisionResult>(
      { ok: false, message: MEETING_TEXTS.statusUpdateFailed, reason, meetingId, intent: decision },
      { status },
    );
  if (!target || !meetingId) return fail(400, "Unknown action.");
  const typed = {
    meetingLink: String(form.get("meetingLink") ?? "").slice(0, 600),
    reason: String(form.get("reason") ?? "").slice(0, 600),
  };
  const fieldError = (field: "meetingLink" | "reason", message: string) =>
    data<DecisionResult>(
      { ok: false, message, reason: null, meetingId, intent: decision, fieldErrors: { [field]: message }, typed },
      { status: 400 },
    );
  const link = MeetingLinkSchema.safeParse(target === "confirmed" ? form.get("meetingLink") : null);
  if (!link.success) return fieldError("meetingLink", link.error.issues[0]?.message ?? "Meeting link is invalid.");
  const note = RejectReasonSchema.safeParse(target === "cancelled" ? form.get("reason") : null);
  if (!note.success) return fieldError("reason", note.error.issues[0]?.message ?? "Reason is invalid.");
  try {
    const meeting = await updateMeetingStatus(actor, meetingId, target, { meetingLink: link.data, reason: note.data });
    return data<DecisionResult>({
      ok: true,
      message:
        target === "confirmed"
          ? `Approved: the meeting with ${meeting.name} is confirmed and they have been emailed.`
          : `Rejected: the meeting with ${meeting.name} is cancelled and they have been emailed${note.data ? " with your reason" : ""}.`,
      reason: null,
      meetingId,
      intent: decision,
    });
  } catch (error) {
    const { status, reason } = actionFailure(error);
    return fail(status, reason);
  }
}
