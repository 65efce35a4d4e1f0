import { data } from "react-router";
import { actorOf } from "~/domain/accounts/actor";
import { setMeetingLink } from "~/domain/meetings/meeting-link.server";
import { MeetingLinkSchema } from "~/domain/meetings/schemas";
import { MEETING_LINK_TEXTS } from "~/domain/meetings/texts";
import { requireAdmin } from "~/http/guards.server";
import { isAppError } from "~/lib/errors";
import type { LinkResult } from "./link-texts";

/** The intent of a posted console form, read from a copy so the handler can still read the body. */
export async function formIntent(request: Request) {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  return String(form?.get("intent") ?? "");
}

/**
 * Adds or changes the video link of a confirmed meeting (form fields `meetingId`, `meetingLink`,
 * `intent=link`), shared by the list and the details page. A bad link is shown at the field; a
 * refusal (not confirmed, over, changed meanwhile) in the page's message with its reason.
 */
export async function saveMeetingLink(request: Request) {
  const actor = actorOf(await requireAdmin(request));
  const form = await request.formData();
  const meetingId = String(form.get("meetingId") ?? "").slice(0, 64);
  const result = (status: number, fields: Partial<LinkResult>) =>
    data<LinkResult>(
      {
        intent: "link",
        ok: false,
        message: MEETING_LINK_TEXTS.notSaved,
        reason: null,
        linkError: null,
        meetingId,
        ...fields,
      },
      { status },
    );
  if (!meetingId) return result(400, { reason: "Unknown meeting." });
  const link = MeetingLinkSchema.safeParse(form.get("meetingLink"));
  if (!link.success || !link.data) {
    return result(400, {
      linkError: link.success
        ? MEETING_LINK_TEXTS.required
        : (link.error.issues[0]?.message ?? MEETING_LINK_TEXTS.required),
    });
  }
  try {
    const { meeting, emailed } = await setMeetingLink(actor, meetingId, link.data);
    return result(200, {
      ok: true,
      message: emailed
        ? `Link saved: ${meeting.name} has been emailed the video link.`
        : `The meeting with ${meeting.name} already has this link: nothing was sent.`,
    });
  } catch (error) {
    if (isAppError(error)) {
      const field = error.extra.details?.find((d) => d.field === "meetingLink");
      return result(error.status, field ? { linkError: field.message } : { reason: error.message });
    }
    console.error(error);
    return result(500, {});
  }
}
