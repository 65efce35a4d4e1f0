import { findByUserId } from "~/domain/subscriptions/subscriptions.server";
import { unsignValue } from "~/domain/verification/secret.server";
import { isLocalHttp, TRIAL_COOKIE } from "~/lib/cookies.server";

/*
 * Which signup the code screen belongs to: the userId in TRIAL_COOKIE (lib/cookies.server.ts),
 * signed by React Router's createCookie with the code secret plus a `:trial-cookie` suffix, so
 * its signature can never stand for a code's HMAC or a newsletter token's (decision 024).
 */

export async function trialCookie(request: Request, userId: string) {
  return TRIAL_COOKIE.serialize(request, userId);
}

export function clearTrialCookie(request: Request) {
  return TRIAL_COOKIE.clear(request);
}

/**
 * The signup of this browser, or undefined (no cookie, altered cookie, or unknown user).
 * A cookie issued before decision 024 (`userId.hex HMAC`, at most a day old) is still read
 * with the old check; that branch can go once they have all expired.
 */
export async function currentSignup(request: Request) {
  const userId = await TRIAL_COOKIE.read(request);
  if (userId) return findByUserId(userId);
  const raw = TRIAL_COOKIE.raw(request);
  const legacy = raw ? await unsignValue(raw, isLocalHttp(request)) : null;
  return legacy ? findByUserId(legacy) : undefined;
}
