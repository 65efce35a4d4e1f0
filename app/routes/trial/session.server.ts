import { findByUserId } from "~/domain/subscriptions/subscriptions.server";
import { signValue, unsignValue } from "~/domain/verification/secret.server";
import { clearCookie, cookieName, isLocalHttp, readCookie, serializeCookie } from "~/lib/cookies.server";

/** Which signup the code screen belongs to: the userId, signed, in an HttpOnly cookie. */
const TRIAL_COOKIE = "flowlane_trial";
const TRIAL_COOKIE_MAX_AGE = 24 * 60 * 60; // 1 day, in seconds

export async function trialCookie(request: Request, userId: string) {
  return serializeCookie(request, TRIAL_COOKIE, await signValue(userId, isLocalHttp(request)), {
    maxAge: TRIAL_COOKIE_MAX_AGE,
  });
}

export function clearTrialCookie(request: Request) {
  return clearCookie(request, TRIAL_COOKIE);
}

/** The signup of this browser, or undefined (no cookie, altered cookie, or unknown user). */
export async function currentSignup(request: Request) {
  const raw = readCookie(request, cookieName(request, TRIAL_COOKIE));
  if (!raw) return undefined;
  const userId = await unsignValue(raw, isLocalHttp(request));
  return userId ? findByUserId(userId) : undefined;
}
