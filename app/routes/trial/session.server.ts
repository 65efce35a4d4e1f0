import { deleteSignupDraft, readSignupDraft, saveSignupDraft } from "~/domain/subscriptions/signup-drafts.server";
import { findByUserId } from "~/domain/subscriptions/subscriptions.server";
import { isRawToken, SIGNUP_DRAFT_COOKIE, TRIAL_COOKIE } from "~/http/cookies.server";
import { randomToken } from "~/lib/crypto.server";

/*
 * Which signup the code screen belongs to: the userId in TRIAL_COOKIE (http/cookies.server.ts),
 * signed by React Router's createCookie with the code secret plus a `:trial-cookie` suffix, so
 * its signature can never stand for a code's HMAC or a newsletter token's (decision 024).
 */

export async function trialCookie(request: Request, userId: string) {
  return TRIAL_COOKIE.serialize(request, userId);
}

export function clearTrialCookie(request: Request) {
  return TRIAL_COOKIE.clear(request);
}

/** The signup of this browser, or undefined (no cookie, altered cookie, or unknown user). */
export async function currentSignup(request: Request) {
  const userId = await TRIAL_COOKIE.read(request);
  return userId ? findByUserId(userId) : undefined;
}

/** The token of this browser's signup draft (decision 048), or null. */
async function draftToken(request: Request) {
  const token = await SIGNUP_DRAFT_COOKIE.read(request);
  return token && isRawToken(token) ? token : null;
}

/** The signup as typed so far in this browser, or null. */
export async function currentDraft(request: Request) {
  const token = await draftToken(request);
  return token ? readSignupDraft(token) : null;
}

/** Keeps the fields as this browser's draft; returns the Set-Cookie that names it (a day more). */
export async function keepDraft(request: Request, fields: Record<string, string>) {
  const token = (await draftToken(request)) ?? randomToken();
  await saveSignupDraft(token, fields);
  return SIGNUP_DRAFT_COOKIE.serialize(request, token);
}

/** The signup is stored: its draft goes, and the cookie with it. Returns that Set-Cookie, if any. */
export async function dropDraft(request: Request) {
  const token = await draftToken(request);
  if (!token) return null;
  await deleteSignupDraft(token);
  return SIGNUP_DRAFT_COOKIE.clear(request);
}
