import { href, redirect } from "react-router";
import { revokeSession } from "~/domain/accounts/sessions.server";
import { SESSION_COOKIE } from "~/http/cookies.server";
import { getSession } from "~/http/guards.server";
import { refuseCrossSite } from "~/http/same-site.server";
import type { Route } from "./+types/logout";

/** Logout revokes the session on the server, then drops the cookie. */
export async function action({ request }: Route.ActionArgs) {
  refuseCrossSite(request);
  const session = await getSession(request);
  if (session) await revokeSession(session.sessionId);
  return redirect(`${href("/admin")}?signedOut=1`, {
    headers: { "Set-Cookie": await SESSION_COOKIE.clear(request) },
  });
}

export function loader() {
  return redirect(href("/admin"));
}
