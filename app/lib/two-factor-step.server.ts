import { href, redirect } from "react-router";
import { CHALLENGE, createChallenge } from "~/domain/accounts/two-factor.server";
import { clearCookie, cookieName, readCookie, serializeCookie } from "./cookies.server";

/** Carries the sign-in challenge from the password step to the code step (HttpOnly, 5 minutes). */
export const CHALLENGE_COOKIE = "flowlane_2fa";
export const CODE_STEP_PATH = href("/admin/2fa");

/** After a correct password for a two-factor account: no session yet, only the code step. */
export async function startCodeStep(request: Request, adminId: string) {
  const token = await createChallenge(adminId);
  return redirect(CODE_STEP_PATH, {
    headers: {
      "Set-Cookie": serializeCookie(request, CHALLENGE_COOKIE, token, { maxAge: CHALLENGE.ttl / 1000 }),
    },
  });
}

export function readChallengeCookie(request: Request) {
  return readCookie(request, cookieName(request, CHALLENGE_COOKIE));
}

export function clearChallengeCookie(request: Request) {
  return clearCookie(request, CHALLENGE_COOKIE);
}
