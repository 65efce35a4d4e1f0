import { data } from "react-router";
import { meetingCalendarFile } from "~/domain/meetings/emails.server";
import { manageUrl, meetingByToken } from "~/domain/meetings/tokens.server";
import { siteUrl } from "~/lib/config.server";
import type { Route } from "./+types/manage-calendar";

/**
 * GET /demo/manage/{token}/calendar.ics: the booking as a calendar file, from the manage page's
 * "Add to calendar" (Apple Calendar and any other app). Only a booking still ahead has one; the
 * file carries the UID and SEQUENCE of the emailed invitations, so it updates their event.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const meeting = await meetingByToken(params.token);
  if (!meeting) throw data("Not found", { status: 404 });
  if (meeting.status !== "scheduled" && meeting.status !== "confirmed") {
    throw data("This booking is no longer ahead.", { status: 410 });
  }
  const manage = manageUrl(siteUrl(), params.token);
  return new Response(meetingCalendarFile(meeting, new Date(), manage), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="flowlane-demo.ics"',
      // The address holds the visitor's token: no shared cache keeps it.
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
