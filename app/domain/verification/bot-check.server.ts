import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { eq, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { botCheckUses } from "~/db/schema";

import { BOT_CHECK_FIELD, FORM_TOKEN_FIELD } from "~/lib/bot-check";
import { base64url, hmacSha256Hex, randomToken, sha256Hex, timingSafeEqual } from "~/lib/crypto.server";
import { HOUR, MINUTE } from "~/lib/durations";
import { codeSecret } from "./secret.server";

/*
 * The bot check on every public form that sends an email or stores a lead, and on the matching
 * /api endpoints (decision 080). Two proofs, each signed with a key derived from CODE_HMAC_SECRET,
 * so they verify offline, with no third party, under `npm start` as in production:
 *
 * - **Proof of work** (the ALTCHA challenge format): the server signs a challenge
 *   `SHA-256(salt + number)` with an expiry in the salt; the browser's small script (or an API
 *   client) finds `number` and sends it back. Invisible for people with JavaScript.
 * - **The "form issued at" token**, for people without JavaScript: every form page carries a
 *   signed `issuedAt.nonce`; a submission less than `MIN_FORM_MS` after it is refused.
 *
 * Either proof counts once (`bot_check_uses`): the same proof with another submission is refused;
 * with the same submission it is the same request sent again (decision 052), answered as such.
 * With the honeypot and the per-client limits this is the whole check.
 */

/** A person needs longer than this to fill in any of the checked forms (issue 29 item 5). */
export const MIN_FORM_MS = 3_000;
/** A form page's token is good this long: a tab left open over lunch still sends. */
export const FORM_TOKEN_TTL_MS = 12 * HOUR;
/** A challenge is good this long after it was issued. */
export const CHALLENGE_TTL_MS = 20 * MINUTE;
/**
 * The largest secret number: about 25,000 SHA-256 digests on average, a fraction of a second in
 * a browser, a real cost for a bot sending thousands.
 */
export const CHALLENGE_MAX_NUMBER = 50_000;

/** The answers to a refused check (app/lib/bot-check.ts: the e2e specs read them too). */
export { BOT_CHECK_TEXTS } from "~/lib/bot-check";

export type Challenge = {
  algorithm: "SHA-256";
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
};

export type BotCheckRefusal = "missing" | "forged" | "expired" | "too-fast" | "replayed";
export type BotCheckOutcome =
  | { ok: true; proof: "work" | "form-token"; again: boolean }
  | { ok: false; reason: BotCheckRefusal };

const keyOf = (local: boolean) => `${codeSecret(local)}:bot-check`;

/** A new challenge; its number is random, its expiry in the salt and covered by the signature. */
export async function createChallenge({ local = false, now = new Date(), number }: ChallengeOptions = {}) {
  const expires = Math.floor((now.getTime() + CHALLENGE_TTL_MS) / 1000);
  const salt = `${randomToken(12)}?expires=${expires}`;
  const secret = number ?? crypto.getRandomValues(new Uint32Array(1))[0]! % (CHALLENGE_MAX_NUMBER + 1);
  const challenge = await sha256Hex(`${salt}${secret}`);
  return {
    algorithm: "SHA-256",
    challenge,
    maxnumber: CHALLENGE_MAX_NUMBER,
    salt,
    signature: await hmacSha256Hex(keyOf(local), challenge),
  } satisfies Challenge;
}
type ChallengeOptions = { local?: boolean; now?: Date /** Fixed only by tests. */; number?: number };

const encoder = new TextEncoder();
/**
 * The form token's signature, computed synchronously (@oslojs/crypto, decision 024): a render
 * signs one per page without waiting on Web Crypto. A few microseconds for a 40-byte message.
 */
const formTokenMac = (local: boolean, value: string) =>
  encodeHexLowerCase(hmac(SHA256, encoder.encode(keyOf(local)), encoder.encode(`form-issued:${value}`)));

/** A "form issued at" token: `issuedAt.nonce.signature`, issued `now`. */
export function issueFormToken({ local = false, now = new Date() } = {}) {
  const value = `${now.getTime()}.${base64url(crypto.getRandomValues(new Uint8Array(12)))}`;
  return `${value}.${formTokenMac(local, value)}`;
}

type Proofs = {
  /** The solved challenge: base64 of `{algorithm, challenge, number, salt, signature}`. */
  work: string | null;
  /** The form page's signed token. */
  formToken: string | null;
  /** What was submitted with it, as text: the same proof may come back with the same submission only. */
  submission: string;
};

/** Checks a submission's proof (the solved challenge if there is one, else the form token) and uses it up. */
export async function checkBot(
  { work, formToken, submission }: Proofs,
  { local = false, now = new Date() } = {},
): Promise<BotCheckOutcome> {
  if (work) {
    const checked = await checkWork(work, local, now);
    if (!checked.ok) return checked;
    return spendProof(`work:${checked.signature}`, await digestOf(submission, local), checked.expiresAt, "work");
  }
  if (formToken) {
    const checked = await checkFormToken(formToken, local, now);
    if (!checked.ok) return checked;
    return spendProof(`form:${checked.nonce}`, await digestOf(submission, local), checked.expiresAt, "form-token");
  }
  return { ok: false, reason: "missing" };
}

type Checked<T> = ({ ok: true } & T) | { ok: false; reason: BotCheckRefusal };

async function checkWork(
  payload: string,
  local: boolean,
  now: Date,
): Promise<Checked<{ signature: string; expiresAt: Date }>> {
  let solution: Record<string, unknown>;
  try {
    solution = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
  } catch {
    return { ok: false, reason: "forged" };
  }
  const { algorithm, challenge, number, salt, signature } = solution ?? {};
  if (
    algorithm !== "SHA-256" ||
    typeof challenge !== "string" ||
    typeof salt !== "string" ||
    typeof signature !== "string" ||
    typeof number !== "number" ||
    !Number.isSafeInteger(number)
  ) {
    return { ok: false, reason: "forged" };
  }
  if (!timingSafeEqual(signature, await hmacSha256Hex(keyOf(local), challenge))) return { ok: false, reason: "forged" };
  if ((await sha256Hex(`${salt}${number}`)) !== challenge) return { ok: false, reason: "forged" };
  const expires = Number(new URLSearchParams(salt.split("?")[1] ?? "").get("expires"));
  if (!Number.isFinite(expires) || expires <= 0) return { ok: false, reason: "forged" };
  if (expires * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, signature, expiresAt: new Date(expires * 1000) };
}

async function checkFormToken(
  token: string,
  local: boolean,
  now: Date,
): Promise<Checked<{ nonce: string; expiresAt: Date }>> {
  const [issued, nonce, signature, ...rest] = token.split(".");
  if (!issued || !nonce || !signature || rest.length > 0 || !/^\d{1,15}$/.test(issued)) {
    return { ok: false, reason: "forged" };
  }
  if (!timingSafeEqual(signature, formTokenMac(local, `${issued}.${nonce}`))) {
    return { ok: false, reason: "forged" };
  }
  const age = now.getTime() - Number(issued);
  if (age < MIN_FORM_MS) return { ok: false, reason: "too-fast" };
  if (age > FORM_TOKEN_TTL_MS) return { ok: false, reason: "expired" };
  return { ok: true, nonce, expiresAt: new Date(Number(issued) + FORM_TOKEN_TTL_MS) };
}

/**
 * Uses a proof up: the first submission with it inserts its row; a later one passes only when it
 * is the same submission (decision 052's "the same request sent again"). One insert decides
 * between any number of copies arriving at once.
 */
async function spendProof(
  key: string,
  digest: string,
  expiresAt: Date,
  proof: "work" | "form-token",
): Promise<BotCheckOutcome> {
  const first = await db()
    .insert(botCheckUses)
    .values({ key, digest, expiresAt })
    .onConflictDoNothing()
    .returning({ key: botCheckUses.key })
    .get();
  if (first) return { ok: true, proof, again: false };
  const used = await db()
    .select({ digest: botCheckUses.digest })
    .from(botCheckUses)
    .where(eq(botCheckUses.key, key))
    .get();
  return used && timingSafeEqual(used.digest, digest)
    ? { ok: true, proof, again: true }
    : { ok: false, reason: "replayed" };
}

/** Keyed, so a stored digest tells nothing of what was typed (a password among it). */
const digestOf = (submission: string, local: boolean) => hmacSha256Hex(keyOf(local), `submission:${submission}`);

/** A form's fields as one text, the proofs and the honeypot left out: what "the same submission" compares. */
export function submissionText(form: FormData | URLSearchParams, leaveOut: readonly string[] = []): string {
  const skip = new Set([BOT_CHECK_FIELD, FORM_TOKEN_FIELD, ...leaveOut]);
  const entries: [string, string][] = [];
  for (const [name, value] of form) {
    if (!skip.has(name)) entries.push([name, typeof value === "string" ? value : `file:${value.name}:${value.size}`]);
  }
  entries.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  return JSON.stringify(entries);
}

/** The scheduled purge: proofs past their expiry are refused by their signed expiry alone. */
export async function purgeBotCheckUses(now: Date) {
  const result = await db().delete(botCheckUses).where(lt(botCheckUses.expiresAt, now));
  return result.meta.changes ?? 0;
}
