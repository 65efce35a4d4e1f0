import { href, redirect } from "react-router";
import { createChallenge } from "~/domain/accounts/two-factor.server";
import { CHALLENGE_COOKIE } from "./cookies.server";

export const CODE_STEP_PATH = href("/admin/2fa");

/** After a correct password for a two-factor account: no session yet, only the code step. */
export async function startCodeStep(request: Request, adminId: string) {
  const token = await createChallenge(adminId);
  return redirect(CODE_STEP_PATH, {
    headers: { "Set-Cookie": await CHALLENGE_COOKIE.serialize(request, token) },
  });
}

/** The challenge token the password step left in this browser, or null. */
export function readChallengeCookie(request: Request) {
  return CHALLENGE_COOKIE.read(request);
}

export function clearChallengeCookie(request: Request) {
  return CHALLENGE_COOKIE.clear(request);
}
