import { and, count, desc, eq, gt, isNull, lt, min, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { db } from "~/db/client.server";
import { type Guard, guardedBatch, rowMatches } from "~/db/guarded.server";
import { type CODE_PURPOSES, verificationCodes } from "~/db/schema";
import { deliverSoon, emailStatement } from "~/domain/email/outbox.server";
import { composeEmail } from "~/emails/render.server";
import { BRAND } from "~/lib/brand";
import { hmacSha256Hex, timingSafeEqual } from "~/lib/crypto.server";
import { HOUR, MINUTE, SECOND } from "~/lib/durations";
import { AppError } from "~/lib/errors";
import { type CodeClient, codeSecret } from "./secret.server";

export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** PRODUCT.md "Email one-time codes". */
export const CODE_RULES = {
  digits: 6,
  lifetime: 10 * MINUTE,
  maxWrongGuesses: 5,
  resendAfter: 60 * SECOND,
  perEmailPerHour: 5,
  perIpPerHour: 20,
  /** Rows older than this are purged by the scheduled job (they no longer count for any limit). */
  keepFor: 24 * HOUR,
} as const;

export const CODE_MESSAGES = {
  invalid: (left: number) => `Invalid code. You have ${left} attempt${left === 1 ? "" : "s"} left.`,
  lastWrong: "Invalid code. Too many incorrect attempts: please request a new code.",
  tooManyGuesses: "Too many incorrect attempts. Please request a new code.",
  expired: "This code has expired. Please request a new one.",
  used: "This code has already been used. Please request a new one.",
  none: "No code was requested for this email. Please request a new one.",
  notSent: (reason: string) => `No code could be sent to this email yet. ${reason}`,
  wait: (seconds: number) => `Please wait ${seconds} seconds before requesting a new code.`,
  emailLimit: (minutes: number) =>
    `Too many codes were requested for this email. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  ipLimit: (minutes: number) =>
    `Too many codes were requested from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
} as const;

/** A uniformly random 6-digit code from the CSPRNG (rejection sampling avoids modulo bias). */
export function generateCode(): string {
  const range = 10 ** CODE_RULES.digits;
  const limit = 2 ** 32 - (2 ** 32 % range);
  const buffer = new Uint32Array(1);
  let value: number;
  do {
    crypto.getRandomValues(buffer);
    value = buffer[0] ?? limit;
  } while (value >= limit);
  return String(value % range).padStart(CODE_RULES.digits, "0");
}

/** The stored form of a code: an HMAC bound to the email and the purpose. */
export function hashCode(email: string, purpose: CodePurpose, code: string, local = false) {
  return hmacSha256Hex(codeSecret(local), `otp:${purpose}:${email}:${code}`);
}

const ceilSeconds = (ms: number) => Math.max(1, Math.ceil(ms / SECOND));

type Limits = { cooldown: number; emailLimit: number; ipLimit: number };

/** Milliseconds before each limit lets a new code through (0 = open). */
async function limitsFor(email: string, purpose: CodePurpose, ip: string, now: Date): Promise<Limits> {
  const client = db();
  const hourAgo = new Date(now.getTime() - HOUR);
  const [latest, byEmail, byIp] = await client.batch([
    client
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1),
    client
      .select({ n: count(), oldest: min(verificationCodes.createdAt) })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.email, email), gt(verificationCodes.createdAt, hourAgo))),
    client
      .select({ n: count(), oldest: min(verificationCodes.createdAt) })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.ip, ip), gt(verificationCodes.createdAt, hourAgo))),
  ]);
  const at = now.getTime();
  const last = latest[0]?.createdAt?.getTime();
  const emailRow = byEmail[0];
  const ipRow = byIp[0];
  // `min()` over a timestamp column comes back as the raw stored number.
  const oldest = (value: unknown) => (value instanceof Date ? value.getTime() : Number(value ?? at));
  return {
    cooldown: last !== undefined ? Math.max(0, last + CODE_RULES.resendAfter - at) : 0,
    emailLimit:
      emailRow && emailRow.n >= CODE_RULES.perEmailPerHour ? Math.max(0, oldest(emailRow.oldest) + HOUR - at) : 0,
    // Without a known client IP (local runs) there is nothing to count per IP.
    ipLimit: ip && ipRow && ipRow.n >= CODE_RULES.perIpPerHour ? Math.max(0, oldest(ipRow.oldest) + HOUR - at) : 0,
  };
}

/** Each limit in the order it is told, with its spec message for the whole seconds left. */
const REFUSALS: [key: keyof Limits, limit: CodeLimit, message: (seconds: number) => string][] = [
  ["cooldown", "cooldown", (seconds) => CODE_MESSAGES.wait(seconds)],
  ["emailLimit", "email", (seconds) => CODE_MESSAGES.emailLimit(Math.ceil(seconds / 60))],
  ["ipLimit", "ip", (seconds) => CODE_MESSAGES.ipLimit(Math.ceil(seconds / 60))],
];

/**
 * The 429 a refused code request gets, or null when a code may be sent now. When several limits
 * hold (the fifth code of the hour was just sent: the 60 s cooldown and the hourly limit), the
 * one that lasts longest is told: "wait 42 seconds" would be a wait after which the request is
 * refused again (issue 30).
 */
function limitError(limits: Limits): AppError | null {
  let longest: (typeof REFUSALS)[number] | null = null;
  for (const refusal of REFUSALS) {
    if (limits[refusal[0]] > (longest ? limits[longest[0]] : 0)) longest = refusal;
  }
  if (!longest) return null;
  const [key, limit, message] = longest;
  const seconds = ceilSeconds(limits[key]);
  return new AppError(429, message(seconds), { retryAfter: seconds, resendAfter: seconds, limit });
}

function throwIfLimited(limits: Limits) {
  const error = limitError(limits);
  if (error) throw error;
}

export type CodeLimit = "cooldown" | "email" | "ip";

/**
 * What the code screen can truthfully say (decision 020): whether a usable code is out
 * (`live`, with its expiry), and otherwise whether and for how long a limit stops a new one.
 * `refused` is set only when no usable code exists AND a limit stops sending one: the screen
 * then says why and when to try again instead of "we sent a code".
 */
export async function codeStatus(email: string, purpose: CodePurpose, ip = "", now = new Date()) {
  const client = db();
  const live = await client
    .select({ expiresAt: verificationCodes.expiresAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose), usable(now)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
    .get();
  const limits = await limitsFor(email, purpose, ip, now);
  const error = limitError(limits);
  const wait = Math.max(limits.cooldown, limits.emailLimit, limits.ipLimit);
  const retryAfter = wait > 0 ? ceilSeconds(wait) : 0;
  const limit = (error?.extra.limit as CodeLimit | undefined) ?? null;
  return {
    live: live ? { expiresAt: live.expiresAt } : null,
    /** Seconds before a new code may be requested (0 = now). */
    retryAfter,
    limit,
    refused: !live && error && limit !== "cooldown" ? { message: error.message, retryAfter, limit } : null,
  };
}

export type CodeStatus = Awaited<ReturnType<typeof codeStatus>>;

/** Seconds until a new code may be requested for this email (0 = now). Shown by the code screen. */
export async function secondsUntilResend(email: string, purpose: CodePurpose, ip = "", now = new Date()) {
  const limits = await limitsFor(email, purpose, ip, now);
  const wait = Math.max(limits.cooldown, limits.emailLimit, limits.ipLimit);
  return wait > 0 ? ceilSeconds(wait) : 0;
}

export async function codeEmail(purpose: CodePurpose, code: string) {
  const minutes = CODE_RULES.lifetime / MINUTE;
  const what = purpose === "trial" ? `your ${BRAND.name} free trial signup` : BRAND.name;
  return composeEmail(
    { kind: `${purpose}.code`, subject: `Your ${BRAND.name} verification code: ${code}` },
    {
      preview: `Your verification code is ${code}. It is valid for ${minutes} minutes.`,
      heading: "Your verification code",
      blocks: [
        { code, lead: `Your verification code for ${what} is` },
        { p: `It is valid for ${minutes} minutes and can be used once.` },
        { note: "If you did not ask for this code, you can ignore this email." },
      ],
    },
  );
}

export type IssuedCode = { id: string; expiresAt: Date; resendAfter: number };

/**
 * Issues a new code for (email, purpose) and emails it. Refused with a 429 (and the seconds to
 * wait) within 60 s of the last code, beyond 5 codes per email per hour or 20 per IP per hour.
 * One guarded batch (decision 013): the limits (checked again inside it, so two concurrent
 * requests cannot both pass), the new code, the voiding of the old one and the queued email
 * land together or not at all. `guards` adds the caller's conditions (e.g. "still unverified").
 */
export async function issueCode(input: {
  email: string;
  purpose: CodePurpose;
  client: CodeClient;
  now?: Date;
  guards?: Guard[];
  refused?: () => AppError | Promise<AppError>;
  /** The caller's own side effects (e.g. an audit record), written exactly when the code is. */
  alsoRun?: BatchItem<"sqlite">[];
  /**
   * false: the code row is stored (so every limit counts it as for any address) but nobody is
   * emailed and nobody can use it — the answer for an address that must not be told apart.
   */
  emailed?: boolean;
}): Promise<IssuedCode & { code: string }> {
  const { email, purpose, client: who, emailed = true } = input;
  const now = input.now ?? new Date();
  throwIfLimited(await limitsFor(email, purpose, who.ip, now));

  const code = generateCode();
  const codeHash = await hashCode(email, purpose, code, who.local);
  const id = crypto.randomUUID();
  const at = now.getTime();
  const expiresAt = at + CODE_RULES.lifetime;
  const hourAgo = at - HOUR;
  const withinLimits: Guard = {
    name: "code limits",
    holds: sql`NOT EXISTS (
        SELECT 1 FROM verification_codes
        WHERE email = ${email} AND purpose = ${purpose} AND created_at > ${at - CODE_RULES.resendAfter}
      )
      AND (SELECT count(*) FROM verification_codes WHERE email = ${email} AND created_at > ${hourAgo})
        < ${CODE_RULES.perEmailPerHour}
      AND (${who.ip} = '' OR (SELECT count(*) FROM verification_codes WHERE ip = ${who.ip} AND created_at > ${hourAgo})
        < ${CODE_RULES.perIpPerHour})`,
  };
  const message = { ...(await codeEmail(purpose, code)), to: email, idempotencyKey: `code:${id}`, sensitive: true };
  const client = db();
  await guardedBatch(
    [...(input.guards ?? []), withinLimits],
    [
      client.insert(verificationCodes).values({
        id,
        email,
        purpose,
        codeHash,
        attempts: 0,
        ip: who.ip,
        expiresAt: new Date(expiresAt),
        createdAt: now,
      }),
      client
        .update(verificationCodes)
        .set({ voidedAt: now })
        .where(
          and(
            eq(verificationCodes.email, email),
            eq(verificationCodes.purpose, purpose),
            ne(verificationCodes.id, id),
            isNull(verificationCodes.consumedAt),
            isNull(verificationCodes.voidedAt),
          ),
        ),
      ...(emailed ? [emailStatement(message)] : []),
      ...(input.alsoRun ?? []),
    ],
    async () => {
      // Another request got there first (or the caller's state changed): say which limit applies.
      throwIfLimited(await limitsFor(email, purpose, who.ip, now));
      if (input.refused) return input.refused();
      return new AppError(429, CODE_MESSAGES.wait(60), { retryAfter: 60, resendAfter: 60, limit: "cooldown" });
    },
  );
  if (emailed) await deliverSoon([message.idempotencyKey]);
  return { id, code, expiresAt: new Date(expiresAt), resendAfter: CODE_RULES.resendAfter / SECOND };
}

type CodeRow = typeof verificationCodes.$inferSelect;

/** Throws the message for a code that can no longer be used (used, void, expired). */
function throwIfUnusable(row: CodeRow, now: Date) {
  if (row.consumedAt) throw new AppError(400, CODE_MESSAGES.used);
  if (row.voidedAt || row.attempts >= CODE_RULES.maxWrongGuesses) {
    throw new AppError(429, CODE_MESSAGES.tooManyGuesses);
  }
  if (row.expiresAt <= now) throw new AppError(400, CODE_MESSAGES.expired);
}

const usable = (now: Date) =>
  and(
    isNull(verificationCodes.consumedAt),
    isNull(verificationCodes.voidedAt),
    gt(verificationCodes.expiresAt, now),
    lt(verificationCodes.attempts, CODE_RULES.maxWrongGuesses),
  );

async function codeById(id: string) {
  return db().select().from(verificationCodes).where(eq(verificationCodes.id, id)).get();
}

/**
 * Checks a code for (email, purpose). A wrong code counts a guess in one atomic statement
 * (the 5th voids the code). The right one is consumed in one guarded batch with `alsoRun`
 * (the caller's own changes): the guard is "this code, unused, unexpired, under its guess
 * limit" plus the caller's `guards`, so the caller's changes happen exactly when the code is
 * consumed — never behind a failure answer, however many guesses arrive at once.
 */
export async function verifyCode(input: {
  email: string;
  purpose: CodePurpose;
  code: string;
  client: Pick<CodeClient, "local"> & { ip?: string };
  now?: Date;
  alsoRun?: BatchItem<"sqlite">[];
  guards?: Guard[];
  refused?: () => AppError | Promise<AppError>;
}) {
  const { email, purpose, code } = input;
  const now = input.now ?? new Date();
  const client = db();
  const latest = await client
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
    .get();
  if (!latest) {
    // Someone refused a code by a limit did not fail to request one: say which limit and when.
    const refused = limitError(await limitsFor(email, purpose, input.client.ip ?? "", now));
    if (refused && refused.extra.limit !== "cooldown") {
      throw new AppError(429, CODE_MESSAGES.notSent(refused.message), refused.extra);
    }
    throw new AppError(400, CODE_MESSAGES.none);
  }
  throwIfUnusable(latest, now);

  const candidate = await hashCode(email, purpose, code, input.client.local);
  if (!timingSafeEqual(candidate, latest.codeHash)) {
    const counted = await client
      .update(verificationCodes)
      .set({
        attempts: sql`${verificationCodes.attempts} + 1`,
        voidedAt: sql`CASE WHEN ${verificationCodes.attempts} + 1 >= ${CODE_RULES.maxWrongGuesses} THEN ${now.getTime()} ELSE NULL END`,
      })
      .where(and(eq(verificationCodes.id, latest.id), usable(now)))
      .returning({ attempts: verificationCodes.attempts })
      .get();
    if (!counted) {
      // Used, voided or expired by a parallel request meanwhile.
      const current = await codeById(latest.id);
      if (current) throwIfUnusable(current, now);
      throw new AppError(429, CODE_MESSAGES.tooManyGuesses);
    }
    const left = CODE_RULES.maxWrongGuesses - counted.attempts;
    throw new AppError(400, left > 0 ? CODE_MESSAGES.invalid(left) : CODE_MESSAGES.lastWrong, { attemptsLeft: left });
  }

  await guardedBatch(
    [
      rowMatches(
        "code usable",
        verificationCodes,
        and(eq(verificationCodes.id, latest.id), eq(verificationCodes.codeHash, candidate), usable(now)),
      ),
      ...(input.guards ?? []),
    ],
    [
      // The guard already holds; the same condition here keeps the consuming statement self-evident.
      client
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(and(eq(verificationCodes.id, latest.id), eq(verificationCodes.codeHash, candidate), usable(now))),
      ...(input.alsoRun ?? []),
    ],
    async () => {
      const current = await codeById(latest.id);
      if (current) throwIfUnusable(current, now);
      return input.refused ? input.refused() : new AppError(409, CODE_MESSAGES.used);
    },
  );
  return { codeId: latest.id };
}

/** Scheduled job: codes older than a day count for no limit and are deleted. */
export async function purgeOldCodes(now: Date): Promise<number> {
  const result = await db()
    .delete(verificationCodes)
    .where(lt(verificationCodes.createdAt, new Date(now.getTime() - CODE_RULES.keepFor)));
  return result.meta.changes ?? 0;
}
