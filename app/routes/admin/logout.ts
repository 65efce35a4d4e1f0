import { href, redirect } from "react-router";
import { getSession, SESSION_COOKIE } from "~/domain/accounts/guards.server";
import { revokeSession } from "~/domain/accounts/sessions.server";
import { clearCookie } from "~/lib/cookies.server";
import { refuseCrossSite } from "~/lib/same-site.server";
import type { Route } from "./+types/logout";

/** Logout revokes the session on the server, then drops the cookie. */
export async function action({ request }: Route.ActionArgs) {
  refuseCrossSite(request);
  const session = await getSession(request);
  if (session) await revokeSession(session.sessionId);
  return redirect(`${href("/admin")}?signedOut=1`, {
    headers: { "Set-Cookie": clearCookie(request, SESSION_COOKIE) },
  });
}

export function loader() {
  return redirect(href("/admin"));
}
