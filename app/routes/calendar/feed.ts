import { data } from "react-router";
import { feedFor } from "~/domain/calendar/calendar-sync.server";
import type { Route } from "./+types/feed";

/**
 * GET /calendar/feeds/{token}.ics: a host's demo meetings as a calendar to subscribe to (issue 27
 * item 5, decision 086). The token is the only credential, so an unknown, rotated or revoked one
 * answers the same 404 as a missing page, and no shared cache keeps an answer.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const token = params.file.endsWith(".ics") ? params.file.slice(0, -".ics".length) : "";
  const feed = token ? await feedFor(token) : null;
  if (feed === null) throw data("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(feed, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="flowlane-demos.ics"',
      // Calendar apps poll; a private cache may keep it five minutes, a shared one never.
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    },
  });
}
