import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import { and, asc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { type Admin, admins, type Passkey, passkeys, twoFactorChallenges, webauthnChallenges } from "~/db/schema";
import { auditStatement } from "~/domain/audit/audit.server";
import { BRAND } from "~/lib/brand";
import { siteUrl } from "~/lib/config.server";
import { base64url, fromBase64url, randomToken, sha256Hex } from "~/lib/crypto.server";
import { MINUTE } from "~/lib/durations";
import { AppError } from "~/lib/errors";
import { DISABLED_ACCOUNT } from "./accounts.server";
import type { Actor } from "./actor";
import { isTwoFactorEnabled, openChallenge, challengeEnded as stepEnded } from "./two-factor.server";
import { PUBLIC_KEY_ALGORITHMS, verifyAuthenticationResponse, verifyRegistrationResponse } from "./webauthn.server";

/** A WebAuthn ceremony must finish within 5 minutes of its options (the browser's own timeout is 60 s). */
export const PASSKEY_CHALLENGE_TTL = 5 * MINUTE;

export const PASSKEY_MESSAGES = {
  challengeEnded: "The passkey request expired or was already used. Please try again.",
  registrationFailed: "The passkey could not be registered. Please try again.",
  alreadyRegistered: "This passkey is already registered.",
  signInFailed: "Passkey sign-in failed. Try again, or sign in with your email and password.",
  notFound: "Passkey not found.",
  lastMethod:
    "You cannot delete your only way to sign in. Set a password or add another passkey first, then delete this one.",
  noPasskey: "This account has no passkey.",
} as const;

/**
 * The relying party is the site itself: its ID is SITE_URL's host and the only origin a
 * ceremony may come from is SITE_URL's origin (decision 066) — never the request's Host.
 */
export function relyingParty() {
  const url = new URL(siteUrl());
  return { id: url.hostname, origin: url.origin, name: `${BRAND.name} admin` };
}

/** Signing in, an ended challenge is a failed sign-in (401); when signed in, a bad request (400). */
const challengeEnded = (status: 400 | 401 = 401) =>
  new AppError(status, PASSKEY_MESSAGES.challengeEnded, { code: "auth.passkey_challenge_ended" });
const signInFailed = () => new AppError(401, PASSKEY_MESSAGES.signInFailed);

const transportsOf = (row: Pick<Passkey, "transports">) =>
  (row.transports ? row.transports.split(",") : []) as AuthenticatorTransport[];

/** The browser's ceremony timeout; the server's challenge lives longer (PASSKEY_CHALLENGE_TTL). */
const CEREMONY_TIMEOUT = MINUTE;

/** Passkeys the browser should offer (allow) or refuse to create again (exclude). */
const descriptors = (rows: Pick<Passkey, "credentialId" | "transports">[]) =>
  rows.map((row) => ({ id: row.credentialId, type: "public-key" as const, transports: transportsOf(row) }));

// --- Challenges -------------------------------------------------------------------

async function storeChallenge(
  challenge: string,
  purpose: "registration" | "authentication",
  adminId: string | null,
  now: Date,
) {
  await db()
    .insert(webauthnChallenges)
    .values({
      challenge,
      purpose,
      adminId,
      expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL),
      createdAt: now,
    });
}

/**
 * Uses a challenge up: one DELETE … RETURNING, so of any number of parallel answers to one
 * challenge exactly one gets it; an expired, used, foreign or unknown challenge gets nothing.
 */
async function takeChallenge(
  challenge: string,
  purpose: "registration" | "authentication",
  adminId: string | null,
  now: Date,
) {
  const row = await db()
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, now),
        adminId === null ? isNull(webauthnChallenges.adminId) : eq(webauthnChallenges.adminId, adminId),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge })
    .get();
  return Boolean(row);
}

/** The challenge a response answers, read from its clientDataJSON (checked again with the rest). */
function challengeOf(credential: { response: { clientDataJSON: string } }, status: 400 | 401 = 401): string {
  try {
    const client = JSON.parse(new TextDecoder().decode(fromBase64url(credential.response.clientDataJSON)));
    if (typeof client?.challenge === "string" && client.challenge.length <= 200) return client.challenge;
  } catch {
    // Not base64url JSON: no challenge of ours.
  }
  throw challengeEnded(status);
}

/** Scheduled clean-up of challenges nobody answered. */
export async function purgePasskeyChallenges(now: Date) {
  const result = await db().delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  return result.meta.changes ?? 0;
}

// --- Reading ------------------------------------------------------------------------

/** For "has a second factor" (two-factor by role): whether the account has at least one passkey. */
export async function hasPasskey(adminId: string) {
  const row = await db().select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.adminId, adminId)).get();
  return Boolean(row);
}

export type PasskeySummary = {
  id: string;
  name: string;
  deviceType: "singleDevice" | "multiDevice";
  backedUp: boolean;
  transports: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
};

const summary = (row: Passkey): PasskeySummary => ({
  id: row.id,
  name: row.name,
  deviceType: row.deviceType,
  backedUp: row.backedUp,
  transports: transportsOf(row),
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
});

export async function listPasskeys(adminId: string): Promise<PasskeySummary[]> {
  const rows = await db()
    .select()
    .from(passkeys)
    .where(eq(passkeys.adminId, adminId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(summary);
}

// --- Registration -------------------------------------------------------------------

/** Options for `navigator.credentials.create()`: a discoverable credential with user verification. */
export async function registrationOptions(actor: Actor & { name?: string }, now = new Date()) {
  const rp = relyingParty();
  const existing = await db()
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.adminId, actor.id));
  const options = {
    challenge: randomToken(32),
    rp: { name: rp.name, id: rp.id },
    // The account's id as the user handle: stable, and no personal data on the authenticator.
    user: {
      id: base64url(new TextEncoder().encode(actor.id)),
      name: actor.email,
      displayName: actor.name ?? actor.email,
    },
    pubKeyCredParams: PUBLIC_KEY_ALGORITHMS.map((alg) => ({ alg, type: "public-key" as const })),
    timeout: CEREMONY_TIMEOUT,
    // We trust the person's device, not its maker: no attestation is asked for or checked.
    attestation: "none",
    // The same authenticator twice is refused by the browser, before any prompt.
    excludeCredentials: descriptors(existing),
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
  } satisfies PublicKeyCredentialCreationOptionsJSON;
  await storeChallenge(options.challenge, "registration", actor.id, now);
  return options;
}

/**
 * Options for the passkey an invitee creates their account with (decision 065): the account does
 * not exist yet, so the challenge belongs to no account (single use and short-lived all the same)
 * and the user handle is the id the account will have.
 */
export async function newAccountRegistrationOptions(
  user: { id: string; email: string; name: string },
  now = new Date(),
) {
  const rp = relyingParty();
  const options = {
    challenge: randomToken(32),
    rp: { name: rp.name, id: rp.id },
    user: { id: base64url(new TextEncoder().encode(user.id)), name: user.email, displayName: user.name || user.email },
    pubKeyCredParams: PUBLIC_KEY_ALGORITHMS.map((alg) => ({ alg, type: "public-key" as const })),
    timeout: CEREMONY_TIMEOUT,
    attestation: "none",
    excludeCredentials: [],
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
  } satisfies PublicKeyCredentialCreationOptionsJSON;
  await storeChallenge(options.challenge, "registration", null, now);
  return options;
}

/**
 * Checks the answer to `newAccountRegistrationOptions` (its challenge used up) and returns the
 * passkey row for the account `adminId` about to be created; the caller inserts it with the account.
 */
export async function newAccountPasskey(adminId: string, input: { credential: unknown }, now = new Date()) {
  const credential = input.credential as RegistrationResponseJSON;
  const challenge = challengeOf(credential, 400);
  if (!(await takeChallenge(challenge, "registration", null, now))) throw challengeEnded(400);
  return passkeyRow(adminId, credential, challenge, undefined, now);
}

/** Verifies a registration answer to `challenge` and makes the passkey row it stands for. */
async function passkeyRow(
  adminId: string,
  credential: RegistrationResponseJSON,
  challenge: string,
  requested: string | undefined,
  now: Date,
): Promise<Passkey> {
  const rp = relyingParty();
  let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    info = await verifyRegistrationResponse(credential, { challenge, origin: rp.origin, rpId: rp.id });
  } catch {
    throw new AppError(400, PASSKEY_MESSAGES.registrationFailed);
  }
  return {
    id: crypto.randomUUID(),
    adminId,
    credentialId: info.credentialId,
    publicKey: base64url(info.publicKey),
    counter: info.counter,
    transports: (credential.response.transports ?? []).join(","),
    deviceType: info.deviceType,
    backedUp: info.backedUp,
    name: requested?.trim() || `Passkey added ${now.toISOString().slice(0, 10)}`,
    createdAt: now,
    lastUsedAt: null,
  };
}

export async function verifyRegistration(
  actor: Actor,
  input: { name?: string; credential: unknown },
  now = new Date(),
): Promise<PasskeySummary> {
  const credential = input.credential as RegistrationResponseJSON;
  const challenge = challengeOf(credential, 400);
  if (!(await takeChallenge(challenge, "registration", actor.id, now))) throw challengeEnded(400);
  const row = await passkeyRow(actor.id, credential, challenge, input.name, now);
  const { name } = row;
  const client = db();
  // The credential ID is unique (passkeys_credential_unique): a second registration of one
  // authenticator, even in parallel, inserts nothing and so audits nothing.
  const inserted = await client
    .insert(passkeys)
    .values(row)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning({ id: passkeys.id })
    .get();
  if (!inserted) throw new AppError(409, PASSKEY_MESSAGES.alreadyRegistered);
  await auditStatement(actor, "account.passkey_added", "passkey", row.id, null, {
    name,
    deviceType: row.deviceType,
    backedUp: row.backedUp,
  });
  return summary(row);
}

// --- Naming and removal ---------------------------------------------------------------

export async function renamePasskey(actor: Actor, id: string, name: string) {
  const client = db();
  const before = await client
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.adminId, actor.id)))
    .get();
  if (!before) throw new AppError(404, PASSKEY_MESSAGES.notFound);
  const [updated] = await client.batch([
    client
      .update(passkeys)
      .set({ name })
      .where(and(eq(passkeys.id, id), eq(passkeys.adminId, actor.id)))
      .returning(),
    auditStatement(actor, "account.passkey_renamed", "passkey", id, { name: before.name }, { name }),
  ]);
  const row = updated[0];
  if (!row) throw new AppError(404, PASSKEY_MESSAGES.notFound);
  return summary(row);
}

/** Whether the account can sign in with a password: a stored scrypt hash (an empty one is no password). */
const hasPasswordSql = (adminId: string) =>
  sql`EXISTS (SELECT 1 FROM ${admins} WHERE ${admins.id} = ${adminId} AND ${admins.passwordHash} LIKE 'scrypt$%')`;

/**
 * Deletes a passkey unless it is the account's last way to sign in (decision 066): the rule is
 * "a password or at least one other passkey remains", checked inside the DELETE itself, so two
 * parallel deletes of an account's last two passkeys cannot both pass.
 */
export async function deletePasskey(actor: Actor, id: string) {
  const client = db();
  const others = sql`(SELECT count(*) FROM ${passkeys} AS p WHERE p.admin_id = ${actor.id}) > 1`;
  const deleted = await client
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.adminId, actor.id), sql`(${hasPasswordSql(actor.id)} OR ${others})`))
    .returning()
    .get();
  if (!deleted) {
    const exists = await client
      .select({ id: passkeys.id })
      .from(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.adminId, actor.id)))
      .get();
    if (!exists) throw new AppError(404, PASSKEY_MESSAGES.notFound);
    throw new AppError(409, PASSKEY_MESSAGES.lastMethod);
  }
  await auditStatement(actor, "account.passkey_deleted", "passkey", id, { name: deleted.name }, null);
}

// --- Signing in -----------------------------------------------------------------------

/**
 * Options for `navigator.credentials.get()`. Without an account (the sign-in form) any
 * discoverable passkey may answer; at the second step after a password only that account's.
 */
export async function authenticationOptions({
  adminId = null,
  now = new Date(),
}: {
  adminId?: string | null;
  now?: Date;
} = {}) {
  const allow = adminId
    ? await db()
        .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.adminId, adminId))
    : [];
  if (adminId && allow.length === 0) throw new AppError(409, PASSKEY_MESSAGES.noPasskey);
  const options = {
    challenge: randomToken(32),
    rpId: relyingParty().id,
    allowCredentials: descriptors(allow),
    userVerification: "required",
    timeout: CEREMONY_TIMEOUT,
  } satisfies PublicKeyCredentialRequestOptionsJSON;
  await storeChallenge(options.challenge, "authentication", adminId, now);
  return options;
}

/**
 * Checks a passkey's answer and returns its account. The challenge is used up first (single
 * use), then the signature is checked against the stored public key with user verification
 * required — a passkey is two factors at once (something held, unlocked by something known or
 * biometric). The counter moves forward in the same UPDATE that records the use: an answer
 * whose counter does not exceed the stored one (a cloned authenticator) signs nobody in.
 */
export async function verifyAuthentication(
  input: { credential: unknown },
  { adminId = null, now = new Date() }: { adminId?: string | null; now?: Date } = {},
): Promise<{ admin: Admin; passkey: PasskeySummary }> {
  const credential = input.credential as AuthenticationResponseJSON;
  const challenge = challengeOf(credential);
  if (!(await takeChallenge(challenge, "authentication", adminId, now))) throw challengeEnded();
  const client = db();
  const stored = await client.select().from(passkeys).where(eq(passkeys.credentialId, credential.id)).get();
  if (!stored || (adminId && stored.adminId !== adminId)) throw signInFailed();
  const rp = relyingParty();
  let info: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    info = await verifyAuthenticationResponse(
      credential,
      { challenge, origin: rp.origin, rpId: rp.id },
      fromBase64url(stored.publicKey),
    );
  } catch {
    throw signInFailed();
  }
  // Authenticators that keep no counter send 0 every time; one that counts must count up.
  const used = await client
    .update(passkeys)
    .set({
      counter: info.newCounter,
      backedUp: info.backedUp,
      deviceType: info.deviceType,
      lastUsedAt: now,
    })
    .where(
      and(
        eq(passkeys.id, stored.id),
        sql`(${passkeys.counter} < ${info.newCounter} OR (${passkeys.counter} = 0 AND ${info.newCounter} = 0))`,
      ),
    )
    .returning()
    .get();
  if (!used) throw signInFailed();
  const admin = await client.select().from(admins).where(eq(admins.id, stored.adminId)).get();
  if (!admin || admin.status === "rejected") throw signInFailed();
  // A disabled member (decision 070) signs in by no method.
  if (admin.disabledAt) throw new AppError(403, DISABLED_ACCOUNT);
  return { admin, passkey: summary(used) };
}

// --- The second step after a password -------------------------------------------------

/** The account whose open code step (the token the password step gave) a passkey may answer. */
async function openStepAdmin(token: string, now: Date) {
  if (!token || token.length > 200) throw stepEnded();
  const row = await db()
    .select({ adminId: twoFactorChallenges.adminId })
    .from(twoFactorChallenges)
    .where(openChallenge(await sha256Hex(token), now))
    .get();
  if (!row) throw stepEnded();
  return row.adminId;
}

/**
 * How the open second step can be answered: with a code (the account has TOTP) and/or a passkey.
 * An ended step offers codes, so its page looks as always and posting says the step ended.
 */
export async function stepAnswers(token: string, now = new Date()) {
  let adminId: string;
  try {
    adminId = await openStepAdmin(token, now);
  } catch {
    return { codes: true, passkey: false };
  }
  const [codes, passkey] = await Promise.all([isTwoFactorEnabled(adminId), hasPasskey(adminId)]);
  return { codes, passkey };
}

/** Passkey options for the code step: only the passkeys of the account that gave its password. */
export async function stepAuthenticationOptions(token: string, now = new Date()) {
  return authenticationOptions({ adminId: await openStepAdmin(token, now), now });
}

/**
 * A passkey instead of a code at the second step. The answer is one of the step's 5 attempts
 * (counted before it is checked, as a code is); a verified passkey then uses the step up, so of
 * parallel answers one signs in.
 */
export async function verifyStepWithPasskey(token: string, input: { credential: unknown }, now = new Date()) {
  if (!token || token.length > 200) throw stepEnded();
  const client = db();
  const id = await sha256Hex(token);
  const step = await client
    .update(twoFactorChallenges)
    .set({ failedAttempts: sql`${twoFactorChallenges.failedAttempts} + 1` })
    .where(openChallenge(id, now))
    .returning({ adminId: twoFactorChallenges.adminId })
    .get();
  if (!step) throw stepEnded();
  const { admin } = await verifyAuthentication(input, { adminId: step.adminId, now });
  const claimed = await client
    .update(twoFactorChallenges)
    .set({ usedAt: now })
    .where(and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.usedAt)))
    .returning({ id: twoFactorChallenges.id })
    .get();
  if (!claimed) throw stepEnded();
  return admin;
}
