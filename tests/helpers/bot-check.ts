import { createChallenge, issueFormToken, MIN_FORM_MS } from "~/domain/verification/bot-check.server";
import { FORM_TOKEN_FIELD } from "~/lib/bot-check";

/*
 * The bot check's proofs as a real visitor or API client makes them (decision 080), minted with
 * the test configuration's key: no switch turns the check off anywhere.
 */

/** A solved challenge, as an API client sends it in `X-Bot-Check`. The number is the test's choice, so no search is needed. */
export async function solvedChallenge({ now = new Date() } = {}) {
  const number = 4242;
  const { algorithm, challenge, salt, signature } = await createChallenge({ now, number });
  return btoa(JSON.stringify({ algorithm, challenge, number, salt, signature }));
}

/** A form page's token, issued `ageMs` ago (by default just long enough for a person). */
export function formToken(ageMs = MIN_FORM_MS + 1_000) {
  return issueFormToken({ now: new Date(Date.now() - ageMs) });
}

/** The fields with a fresh form token: a person who opened the form a few seconds ago. */
export function withFormToken(fields: Record<string, string>, ageMs?: number) {
  return { ...fields, [FORM_TOKEN_FIELD]: formToken(ageMs) };
}
