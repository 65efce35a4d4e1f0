import { data } from "react-router";
import { actorOf } from "~/domain/accounts/actor";
import { markAttendance } from "~/domain/meetings/attendance.server";
import { actionFailure } from "~/http/action-failure.server";
import { requireAdmin } from "~/http/guards.server";
import type { DecisionResult } from "./status-action.server";

export const ATTENDANCE_TEXTS = {
  notSaved: "Attendance not saved.",
  attended: (name: string) => `Marked attended: the demo with ${name} is completed.`,
  noShow: (name: string) => `Marked no-show: ${name} has been emailed a link to book another time.`,
  choose: "Choose Attended or No-show.",
} as const;

/**
 * Attended / No-show on a meeting's page (form fields `intent=attendance`, `meetingId`,
 * `attended` = "yes" or "no"; one button each, no JavaScript needed). A refusal (not ended, too
 * late, already marked) is said in the page's message with its reason.
 */
export async function saveAttendance(request: Request) {
  const actor = actorOf(await requireAdmin(request));
  const form = await request.formData();
  const meetingId = String(form.get("meetingId") ?? "").slice(0, 64);
  const answer = String(form.get("attended") ?? "");
  const result = (status: number, fields: Partial<DecisionResult>) =>
    data<DecisionResult>(
      { ok: false, message: ATTENDANCE_TEXTS.notSaved, reason: null, meetingId, ...fields },
      { status },
    );
  if (!meetingId) return result(400, { reason: "Unknown meeting." });
  if (answer !== "yes" && answer !== "no") return result(400, { reason: ATTENDANCE_TEXTS.choose });
  try {
    const meeting = await markAttendance(actor, meetingId, answer === "yes");
    return result(200, {
      ok: true,
      message: answer === "yes" ? ATTENDANCE_TEXTS.attended(meeting.name) : ATTENDANCE_TEXTS.noShow(meeting.name),
    });
  } catch (error) {
    const { status, reason } = actionFailure(error);
    return result(status, { reason });
  }
}
