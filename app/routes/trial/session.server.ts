import { createCookie } from "react-router";
import { findByUserId } from "~/domain/subscriptions/subscriptions.server";
import { codeSecret, unsignValue } from "~/domain/verification/secret.server";
import { clearCookie, cookieName, isLocalHttp, readCookie } from "~/lib/cookies.server";

/** Which signup the code screen belongs to: the userId, signed, in an HttpOnly cookie. */
const TRIAL_COOKIE = "flowlane_trial";
const TRIAL_COOKIE_MAX_AGE = 24 * 60 * 60; // 1 day, in seconds

/**
 * React Router's signed cookie (decision record 024): same name, path and attributes as
 * before. Its key is the code secret with a purpose suffix, so a trial cookie's signature can
 * never stand for a code's HMAC or a newsletter token's.
 */
function trialSession(request: Request) {
  const local = isLocalHttp(request);
  return createCookie(cookieName(request, TRIAL_COOKIE), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: !local,
    maxAge: TRIAL_COOKIE_MAX_AGE,
    secrets: [`${codeSecret(local)}:trial-cookie`],
  });
}

export async function trialCookie(request: Request, userId: string) {
  return trialSession(request).serialize(userId);
}

export function clearTrialCookie(request: Request) {
  return clearCookie(request, TRIAL_COOKIE);
}

/**
 * The signup of this browser, or undefined (no cookie, altered cookie, or unknown user).
 * A cookie issued before decision 024 (`userId.hex HMAC`, at most a day old) is still read
 * with the old check; that branch can go once they have all expired.
 */
export async function currentSignup(request: Request) {
  const userId = await trialSession(request).parse(request.headers.get("Cookie"));
  if (typeof userId === "string" && userId) return findByUserId(userId);
  const raw = readCookie(request, cookieName(request, TRIAL_COOKIE));
  const legacy = raw ? await unsignValue(raw, isLocalHttp(request)) : null;
  return legacy ? findByUserId(legacy) : undefined;
}
