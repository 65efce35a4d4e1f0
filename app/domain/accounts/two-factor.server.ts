import { decodeBase32IgnorePadding, encodeBase32NoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";
import { and, count, eq, gt, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { renderSVG } from "uqr";
import { db } from "~/db/client.server";
import { type Admin, admins, recoveryCodes, twoFactor, twoFactorChallenges } from "~/db/schema";
import { type AuditActor, auditStatement } from "~/domain/audit/audit.server";
import { deliverSoon, emailStatement, type OutgoingEmail } from "~/domain/email/outbox.server";
import { codeSecret } from "~/domain/verification/secret.server";
import { composeEmail } from "~/emails/render.server";
import { BRAND } from "~/lib/brand";
import { base64url, fromBase64url, hmacSha256Hex, randomToken, sha256Hex, timingSafeEqual } from "~/lib/crypto.server";
import { MINUTE } from "~/lib/durations";
import { AppError } from "~/lib/errors";
import { normalizeTypedCode } from "~/lib/typed-code";
import {
  giveBackProofAttempt,
  LOGIN_THROTTLE,
  lockedError,
  lockedNoticeEmail,
  lockFor,
  proofFailed,
  recordFailedAttempt,
  takeProofAttempt,
} from "./accounts.server";
import type { Actor } from "./actor";
import { verifyPassword } from "./password.server";

/** RFC 6238 as every authenticator app does it: 6 digits, 30-second steps, one step of drift either way. */
export const TOTP = { digits: 6, periodSeconds: 30, window: 1, secretBytes: 20 } as const;
/** The two-factor code step after a correct password (ttl in milliseconds). */
export const CHALLENGE = { ttl: 5 * MINUTE, maxFailures: 5 } as const;
export const RECOVERY_CODE_COUNT = 10;

export const INVALID_CODE = "That code is not valid. Check your authenticator app and try again.";
export const CHALLENGE_ENDED = "The sign-in step expired or was already used. Please sign in again.";
/** The challenge's 5 wrong codes are used up: the attempt is over, not the session (which never began). */
export const TOO_MANY_CODES =
  "This sign-in attempt was stopped after too many wrong codes. Please sign in again with your password.";
const codesUsedUp = () => new AppError(401, TOO_MANY_CODES, { code: "auth.too_many_codes" });

/**
 * Whether the request is a plain-http localhost preview (for the dev key), and for attempts:
 * the client address they count against and the session that makes them (ended on a lock).
 */
export type TwoFactorContext = { now?: Date; local?: boolean; ip?: string; sessionId?: string | null };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// --- TOTP -------------------------------------------------------------------

export const stepAt = (now: Date) => Math.floor(now.getTime() / 1000 / TOTP.periodSeconds);

/** The code of a key at a step (exported for tests). */
export function totpAt(key: Uint8Array, step: number) {
  return generateHOTP(key, BigInt(step), TOTP.digits);
}

/** The step whose code matches (current, one before, one after), or null. */
export function matchStep(key: Uint8Array, code: string, now: Date): number | null {
  const current = stepAt(now);
  for (const step of [current, current - 1, current + 1]) {
    if (timingSafeEqual(totpAt(key, step), code)) return step;
  }
  return null;
}

/** Digits only, as pasted ("123 456", "123-456", full-width digits); anything else is not a code. */
export function normalizeCode(input: string) {
  const code = normalizeTypedCode(input);
  return /^\d{6}$/.test(code) ? code : null;
}

export function formatSecret(secret: string) {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

export function otpauthUrl(key: Uint8Array, email: string) {
  return createTOTPKeyURI(BRAND.name, email, key, TOTP.periodSeconds, TOTP.digits);
}

/** The otpauth URL as an SVG QR code, drawn in currentColor so it follows the theme's text color. */
export function qrSvg(url: string) {
  return renderSVG(url, { ecc: "M", border: 2, whiteColor: "#fff", blackColor: "#000" });
}

// --- Secret at rest: AES-GCM under a key derived from CODE_HMAC_SECRET ----------

async function secretKey(local: boolean) {
  const material = await crypto.subtle.importKey("raw", encoder.encode(codeSecret(local)), "HKDF", false, [
    "deriveKey",
  ]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: encoder.encode("flowlane-totp"), info: encoder.encode("totp-secret-v1") },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

async function encryptSecret(key: Uint8Array, adminId: string, local: boolean) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    // The admin id as associated data: a row copied to another account does not decrypt.
    { name: "AES-GCM", iv, additionalData: encoder.encode(adminId) },
    await secretKey(local),
    encoder.encode(encodeBase32NoPadding(key)),
  );
  return `v1.${base64url(iv)}.${base64url(new Uint8Array(sealed))}`;
}

async function decryptSecret(stored: string, adminId: string, local: boolean): Promise<Uint8Array> {
  const [version, iv, sealed] = stored.split(".");
  if (version !== "v1" || !iv || !sealed) throw new Error("Unknown two-factor secret format");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64url(iv), additionalData: encoder.encode(adminId) },
    await secretKey(local),
    fromBase64url(sealed),
  );
  return decodeBase32IgnorePadding(decoder.decode(plain));
}

// --- Recovery codes ------------------------------------------------------------

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** 10 characters from a 31-letter alphabet without look-alikes (≈ 50 bits), shown as "xxxxx-xxxxx". */
function newRecoveryCode() {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  // 256 % 31 leaves a bias of under 1%: irrelevant for codes checked by an HMAC and used once.
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export function normalizeRecoveryCode(input: string) {
  const code = normalizeTypedCode(input).toLowerCase();
  return /^[a-z0-9]{10}$/.test(code) ? code : null;
}

function hashRecoveryCode(adminId: string, normalized: string, local: boolean) {
  return hmacSha256Hex(codeSecret(local), `recovery:${adminId}:${normalized}`);
}

async function recoveryCodeRows(adminId: string, local: boolean) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const rows = await Promise.all(
    codes.map(async (code) => ({
      adminId,
      codeHash: await hashRecoveryCode(adminId, code.replace("-", ""), local),
    })),
  );
  return { codes, rows };
}

// --- Status --------------------------------------------------------------------

export async function twoFactorStatus(adminId: string) {
  const client = db();
  const row = await client.select().from(twoFactor).where(eq(twoFactor.adminId, adminId)).get();
  const left = row?.enabledAt
    ? ((
        await client
          .select({ n: count() })
          .from(recoveryCodes)
          .where(and(eq(recoveryCodes.adminId, adminId), isNull(recoveryCodes.usedAt)))
          .get()
      )?.n ?? 0)
    : 0;
  return { enabled: Boolean(row?.enabledAt), enabledAt: row?.enabledAt ?? null, recoveryCodesLeft: left };
}

export async function isTwoFactorEnabled(adminId: string) {
  const row = await db()
    .select({ adminId: twoFactor.adminId })
    .from(twoFactor)
    .where(and(eq(twoFactor.adminId, adminId), isNotNull(twoFactor.enabledAt)))
    .get();
  return Boolean(row);
}

// --- Enrolment -----------------------------------------------------------------

/** Starts (or restarts) enrolment: a new secret, not yet in force until confirmed with a code. */
export async function beginSetup(actor: Actor, { local = false }: TwoFactorContext = {}) {
  const key = crypto.getRandomValues(new Uint8Array(TOTP.secretBytes));
  const secretEncrypted = await encryptSecret(key, actor.id, local);
  // Only a row that is not enabled is replaced: an enabled secret changes through disable.
  const row = await db()
    .insert(twoFactor)
    .values({ adminId: actor.id, secretEncrypted })
    .onConflictDoUpdate({
      target: twoFactor.adminId,
      set: { secretEncrypted, lastStep: null, createdAt: new Date() },
      setWhere: isNull(twoFactor.enabledAt),
    })
    .returning({ adminId: twoFactor.adminId })
    .get();
  if (!row) throw new AppError(409, "Two-factor authentication is already on.");
  const secret = encodeBase32NoPadding(key);
  return { secret, otpauthUrl: otpauthUrl(key, actor.email) };
}

/** The secret being set up, to show again (QR and written key) until it is confirmed. */
export async function pendingSetup(actor: Actor, { local = false }: TwoFactorContext = {}) {
  const row = await db()
    .select()
    .from(twoFactor)
    .where(and(eq(twoFactor.adminId, actor.id), isNull(twoFactor.enabledAt)))
    .get();
  if (!row) return null;
  const key = await decryptSecret(row.secretEncrypted, actor.id, local);
  const url = otpauthUrl(key, actor.email);
  return { secret: encodeBase32NoPadding(key), otpauthUrl: url, qrSvg: qrSvg(url) };
}

/** Confirms enrolment with a code from the app; returns the recovery codes (shown once). */
export async function enableTwoFactor(actor: Actor, input: { code: string }, ctx: TwoFactorContext = {}) {
  const { now = new Date(), local = false } = ctx;
  const client = db();
  const row = await client
    .select()
    .from(twoFactor)
    .where(and(eq(twoFactor.adminId, actor.id), isNull(twoFactor.enabledAt)))
    .get();
  if (!row) {
    if (await isTwoFactorEnabled(actor.id)) throw new AppError(409, "Two-factor authentication is already on.");
    throw new AppError(409, "Start the setup first.");
  }
  const code = normalizeCode(input.code);
  const key = await decryptSecret(row.secretEncrypted, actor.id, local);
  const step = code ? matchStep(key, code, now) : null;
  if (step === null) throw codeError(INVALID_CODE);
  // Enabling and the step claim are one conditional update: of parallel confirmations one wins.
  const claimed = await client
    .update(twoFactor)
    .set({ enabledAt: now, lastStep: step, failedCodes: 0, failedWindowStart: null })
    .where(
      and(
        eq(twoFactor.adminId, actor.id),
        isNull(twoFactor.enabledAt),
        eq(twoFactor.secretEncrypted, row.secretEncrypted),
      ),
    )
    .returning({ adminId: twoFactor.adminId })
    .get();
  if (!claimed) throw new AppError(409, "Two-factor authentication is already on.");
  const { codes, rows } = await recoveryCodeRows(actor.id, local);
  const email = await noticeEmail(actor, "enabled", now);
  await client.batch([
    client.delete(recoveryCodes).where(eq(recoveryCodes.adminId, actor.id)),
    client.insert(recoveryCodes).values(rows),
    auditStatement(actor, "account.2fa_enabled", "admin", actor.id, { enabled: false }, { enabled: true }),
    emailStatement(email),
  ]);
  await deliverSoon([email.idempotencyKey]);
  return { recoveryCodes: codes };
}

/**
 * Password and a current code (not a recovery code) prove it is the owner at the keyboard. The
 * proof is an attempt at the account (decision 041): taken before anything is checked, a
 * failure counted with failed sign-ins (and a wrong code with the wrong codes of the code
 * step), and the 10th in 15 minutes ends the session that made them, locks and emails the owner.
 */
async function confirmOwner(
  actor: Actor,
  input: { password: string; code: string },
  ctx: TwoFactorContext,
  what: string,
) {
  const { now = new Date(), local = false, ip = "", sessionId = null } = ctx;
  const client = db();
  const [admin, row] = await Promise.all([
    client.select().from(admins).where(eq(admins.id, actor.id)).get(),
    client
      .select()
      .from(twoFactor)
      .where(and(eq(twoFactor.adminId, actor.id), isNotNull(twoFactor.enabledAt)))
      .get(),
  ]);
  if (!admin) throw new AppError(404, "Account not found.");
  if (!row) throw new AppError(409, "Two-factor authentication is off.");
  const attempt = await takeProofAttempt(admin.id, ip, now);
  const failed = { sessionId, now, what };
  if (!(await verifyPassword(input.password, admin.passwordHash))) {
    throw await proofFailed(
      attempt,
      new AppError(400, "Current password is incorrect.", {
        details: [{ field: "password", message: "Current password is incorrect." }],
      }),
      failed,
    );
  }
  const code = normalizeCode(input.code);
  const key = await decryptSecret(row.secretEncrypted, actor.id, local);
  const step = code ? matchStep(key, code, now) : null;
  if (step === null || !(await claimStep(actor.id, step))) {
    throw await proofFailed(attempt, codeError(INVALID_CODE), { ...failed, also: [wrongCodeStatement(actor.id, now)] });
  }
  await giveBackProofAttempt(attempt);
}

export async function disableTwoFactor(
  actor: Actor,
  input: { password: string; code: string },
  ctx: TwoFactorContext = {},
) {
  const now = ctx.now ?? new Date();
  await confirmOwner(actor, input, ctx, "turn two-factor sign-in off");
  const client = db();
  const email = await noticeEmail(actor, "disabled", now);
  await client.batch([
    client.delete(twoFactor).where(eq(twoFactor.adminId, actor.id)),
    client.delete(recoveryCodes).where(eq(recoveryCodes.adminId, actor.id)),
    client.delete(twoFactorChallenges).where(eq(twoFactorChallenges.adminId, actor.id)),
    auditStatement(actor, "account.2fa_disabled", "admin", actor.id, { enabled: true }, { enabled: false }),
    emailStatement(email),
  ]);
  await deliverSoon([email.idempotencyKey]);
}

export async function regenerateRecoveryCodes(
  actor: Actor,
  input: { password: string; code: string },
  ctx: TwoFactorContext = {},
) {
  const { now = new Date(), local = false } = ctx;
  await confirmOwner(actor, input, ctx, "replace the recovery codes");
  const client = db();
  const { codes, rows } = await recoveryCodeRows(actor.id, local);
  const email = await noticeEmail(actor, "recovery_codes_regenerated", now);
  await client.batch([
    client.delete(recoveryCodes).where(eq(recoveryCodes.adminId, actor.id)),
    client.insert(recoveryCodes).values(rows),
    auditStatement(actor, "account.2fa_recovery_codes_regenerated", "admin", actor.id, null, null),
    emailStatement(email),
  ]);
  await deliverSoon([email.idempotencyKey]);
  return { recoveryCodes: codes };
}

/**
 * Replay guard: a step is accepted only if it is later than the last accepted one, in one
 * conditional update — the same code sent twice (or in parallel) succeeds once.
 */
async function claimStep(adminId: string, step: number) {
  const row = await db()
    .update(twoFactor)
    .set({ lastStep: step, failedCodes: 0, failedWindowStart: null })
    .where(
      and(
        eq(twoFactor.adminId, adminId),
        isNotNull(twoFactor.enabledAt),
        or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step)),
      ),
    )
    .returning({ adminId: twoFactor.adminId })
    .get();
  return Boolean(row);
}

function codeError(message: string) {
  return new AppError(400, message, { details: [{ field: "code", message }] });
}

// --- Sign-in challenge -----------------------------------------------------------

/** After a correct password: a single-use token for the code step, valid 5 minutes. */
export async function createChallenge(adminId: string, now = new Date()) {
  const token = randomToken();
  await db()
    .insert(twoFactorChallenges)
    .values({
      id: await sha256Hex(token),
      adminId,
      expiresAt: new Date(now.getTime() + CHALLENGE.ttl),
      createdAt: now,
    });
  return token;
}

export type ChallengeAnswer = { code?: string; recoveryCode?: string };

/** The second step ended (used, expired, out of attempts or unknown): a code or a passkey answers nothing. */
export const challengeEnded = () => new AppError(401, CHALLENGE_ENDED, { code: "auth.challenge_ended" });

/** The challenge row `id` (the token's SHA-256) while its step is still open to an answer. */
export const openChallenge = (id: string, now: Date) =>
  and(
    eq(twoFactorChallenges.id, id),
    isNull(twoFactorChallenges.usedAt),
    gt(twoFactorChallenges.expiresAt, now),
    lt(twoFactorChallenges.failedAttempts, CHALLENGE.maxFailures),
  );

/** Why a challenge took no attempt: its codes are used up (say so), or it ended otherwise. */
async function challengeRefusal(id: string, now: Date) {
  const challenge = await db()
    .select({
      usedAt: twoFactorChallenges.usedAt,
      expiresAt: twoFactorChallenges.expiresAt,
      attempts: twoFactorChallenges.failedAttempts,
    })
    .from(twoFactorChallenges)
    .where(eq(twoFactorChallenges.id, id))
    .get();
  const open = challenge && !challenge.usedAt && challenge.expiresAt > now;
  return open && challenge.attempts >= CHALLENGE.maxFailures ? codesUsedUp() : challengeEnded();
}

/** Whether the account's two-factor window (15 minutes from its first wrong code) is still open. */
const codeWindowOpen = (at: number) =>
  sql`(${twoFactor.failedWindowStart} IS NOT NULL AND ${at} - ${twoFactor.failedWindowStart} < ${LOGIN_THROTTLE.window})`;

/** Counts one wrong code for the account (after the fact: for proofs already taken elsewhere). */
function wrongCodeStatement(adminId: string, now: Date) {
  const at = now.getTime();
  return db()
    .update(twoFactor)
    .set({
      failedCodes: sql`CASE WHEN ${codeWindowOpen(at)} THEN ${twoFactor.failedCodes} + 1 ELSE 1 END`,
      failedWindowStart: sql`CASE WHEN ${codeWindowOpen(at)} THEN ${twoFactor.failedWindowStart} ELSE ${at} END`,
    })
    .where(eq(twoFactor.adminId, adminId));
}

/**
 * The code step. Every answer is an attempt taken before it is checked (decision 041), by one
 * atomic statement each: on the challenge (5, then sign in again), and on the account's
 * two-factor counter (10 in 15 minutes, which a correct password does not reset); a statement
 * that matches nothing refuses the answer unchecked, so parallel guesses cannot exceed either.
 * A wrong answer also counts with the account's failed sign-ins (the password step's lock,
 * per address too); the one that uses the account's 10th locks it and emails the owner. A
 * correct answer clears the two-factor count and uses the challenge up.
 */
export async function verifyChallenge(token: string, answer: ChallengeAnswer, ctx: TwoFactorContext = {}) {
  const { now = new Date(), local = false, ip = "" } = ctx;
  const client = db();
  const at = now.getTime();
  if (!token || token.length > 200) throw challengeEnded();
  const id = await sha256Hex(token);
  const challenge = await client
    .update(twoFactorChallenges)
    .set({ failedAttempts: sql`${twoFactorChallenges.failedAttempts} + 1` })
    .where(openChallenge(id, now))
    .returning({ adminId: twoFactorChallenges.adminId, attempts: twoFactorChallenges.failedAttempts })
    .get();
  if (!challenge) throw await challengeRefusal(id, now);
  const admin = await client.select().from(admins).where(eq(admins.id, challenge.adminId)).get();
  if (!admin || admin.status === "rejected") throw challengeEnded();
  const address = ip.trim().slice(0, 64);
  const locked = await lockFor(admin, address, now);
  if (locked) throw lockedError(locked, now);
  const row = await client
    .update(twoFactor)
    .set({
      failedCodes: sql`CASE WHEN ${codeWindowOpen(at)} THEN ${twoFactor.failedCodes} + 1 ELSE 1 END`,
      failedWindowStart: sql`CASE WHEN ${codeWindowOpen(at)} THEN ${twoFactor.failedWindowStart} ELSE ${at} END`,
    })
    .where(
      and(
        eq(twoFactor.adminId, admin.id),
        isNotNull(twoFactor.enabledAt),
        sql`NOT (${codeWindowOpen(at)} AND ${twoFactor.failedCodes} >= ${LOGIN_THROTTLE.maxFailures})`,
      ),
    )
    .returning()
    .get();
  if (!row) {
    // Two-factor turned off meanwhile ends the step; otherwise the account used its 10 codes.
    if (!(await isTwoFactorEnabled(admin.id))) throw challengeEnded();
    throw lockedError((await lockAfterWrongCodes(admin, now)) ?? new Date(at + LOGIN_THROTTLE.lockFor), now);
  }

  let accepted = false;
  let usedRecoveryCode = false;
  if (answer.recoveryCode !== undefined && answer.recoveryCode !== "") {
    const normalized = normalizeRecoveryCode(answer.recoveryCode);
    if (normalized) {
      const codeHash = await hashRecoveryCode(admin.id, normalized, local);
      const used = await client
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(
          and(eq(recoveryCodes.adminId, admin.id), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)),
        )
        .returning({ id: recoveryCodes.id })
        .get();
      accepted = usedRecoveryCode = Boolean(used);
    }
  } else {
    const code = normalizeCode(answer.code ?? "");
    const key = await decryptSecret(row.secretEncrypted, admin.id, local);
    const step = code ? matchStep(key, code, now) : null;
    accepted = step !== null && (await claimStep(admin.id, step));
  }

  if (!accepted) {
    await recordFailedAttempt(admin.id, now, address);
    if (row.failedCodes >= LOGIN_THROTTLE.maxFailures) {
      const until = await lockAfterWrongCodes(admin, now);
      if (until) throw lockedError(until, now);
    }
    // The challenge's last wrong code ends the attempt: say so now, not at the next try.
    throw challenge.attempts >= CHALLENGE.maxFailures ? codesUsedUp() : new AppError(401, INVALID_CODE);
  }
  // Single use: of parallel answers to one challenge, only the one that marks it used signs in.
  const claimed = await client
    .update(twoFactorChallenges)
    .set({ usedAt: now })
    .where(
      and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.usedAt), gt(twoFactorChallenges.expiresAt, now)),
    )
    .returning({ id: twoFactorChallenges.id })
    .get();
  if (!claimed) throw challengeEnded();
  // A correct code (claimStep) already cleared the count; a recovery code proves as much.
  if (usedRecoveryCode) {
    await client
      .update(twoFactor)
      .set({ failedCodes: 0, failedWindowStart: null })
      .where(eq(twoFactor.adminId, admin.id));
    await recoveryCodeUsed(admin, now);
  }
  return admin;
}

/**
 * The account used its 10 codes: it locks for 15 minutes (unless already locked) and the owner
 * is emailed, once per lock — whoever sent the codes knows the password. Answers the lock's end.
 */
async function lockAfterWrongCodes(admin: Admin, now: Date): Promise<Date | null> {
  const client = db();
  const until = new Date(now.getTime() + LOGIN_THROTTLE.lockFor);
  const locked = await client
    .update(admins)
    .set({ lockedUntil: until, failedLogins: 0, failedWindowStart: null })
    .where(and(eq(admins.id, admin.id), or(isNull(admins.lockedUntil), lte(admins.lockedUntil, now))))
    .returning({ lockedUntil: admins.lockedUntil })
    .get();
  if (!locked) return (await client.select().from(admins).where(eq(admins.id, admin.id)).get())?.lockedUntil ?? null;
  const notice = await lockedNoticeEmail(admin, { by: "codes", what: "sign in", until, now });
  await client.batch([
    auditStatement(admin, "account.locked", "admin", admin.id, null, {
      what: "two-factor codes",
      lockedUntil: until.toISOString(),
    }),
    emailStatement(notice),
  ]);
  await deliverSoon([notice.idempotencyKey]);
  return until;
}

async function recoveryCodeUsed(admin: Admin, now: Date) {
  const client = db();
  const email = await noticeEmail(admin, "recovery_code_used", now);
  await client.batch([
    auditStatement(admin, "account.2fa_recovery_code_used", "admin", admin.id, null, null),
    emailStatement(email),
  ]);
  await deliverSoon([email.idempotencyKey]);
}

/** Scheduled clean-up of challenges that can no longer be answered. */
export async function purgeChallenges(now: Date) {
  const result = await db().delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, now));
  return result.meta.changes ?? 0;
}

// --- Notices -------------------------------------------------------------------------

const NOTICES = {
  enabled: ["Two-factor sign-in was turned on", "Two-factor sign-in was turned on for your account."],
  disabled: ["Two-factor sign-in was turned off", "Two-factor sign-in was turned off for your account."],
  recovery_codes_regenerated: [
    "New recovery codes were created",
    "New two-factor recovery codes were created for your account; the old ones no longer work.",
  ],
  recovery_code_used: [
    "A recovery code was used to sign in",
    "Someone signed in to your account with one of your two-factor recovery codes.",
  ],
} as const;

export async function noticeEmail(
  actor: AuditActor & { email: string },
  event: keyof typeof NOTICES,
  now: Date,
): Promise<OutgoingEmail> {
  const [subject, line] = NOTICES[event];
  return composeEmail(
    {
      kind: `account.2fa_${event}`,
      to: actor.email,
      subject: `${BRAND.name} admin: ${subject}`,
      idempotencyKey: `2fa:${actor.id}:${event}:${now.getTime()}:${crypto.randomUUID()}`,
    },
    {
      preview: line,
      heading: subject,
      blocks: [
        { p: line },
        { details: [["Time", now.toISOString()]] },
        { note: "If this was not you, sign in, change your password and contact another administrator at once." },
      ],
    },
  );
}
