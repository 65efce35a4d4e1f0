import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { type Guard, guardedBatch, rowMatches } from "~/db/guarded.server";
import { admins, passwordResets } from "~/db/schema";
import { auditStatement } from "~/domain/audit/audit.server";
import { deliverSoon, emailStatement, type OutgoingEmail } from "~/domain/email/outbox.server";
import { composeEmail } from "~/emails/render.server";
import { BRAND } from "~/lib/brand";
import { siteUrl } from "~/lib/config.server";
import { randomToken, sha256Hex } from "~/lib/crypto.server";
import { HOUR, MINUTE, SECOND } from "~/lib/durations";
import { AppError } from "~/lib/errors";
import { hashPassword } from "./password.server";
import { EmailSchema, NewPasswordSchema } from "./schemas";
import { revokeOtherSessionsStatements } from "./sessions.server";

/** Decision 020: a link is good for 30 minutes, once; requests are limited per email like codes. */
export const RESET_RULES = {
  lifetime: 30 * MINUTE,
  resendAfter: 60 * SECOND,
  perEmailPerHour: 5,
  /** The token's size: 32 random bytes = 256 bits. */
  tokenBytes: 32,
} as const;

export const RESET_MESSAGES = {
  requested: (email: string) =>
    `If an admin account exists for ${email}, we have emailed it a link to set a new password. The link is valid for 30 minutes and works once.`,
  wait: (seconds: number) => `Please wait ${seconds} seconds before asking for another reset link.`,
  emailLimit: (minutes: number) =>
    `Too many reset links were requested for this email. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  unknown: "This reset link is not valid. Check that you copied the whole link, or ask for a new one.",
  expired: "This reset link has expired (links are valid for 30 minutes). Please ask for a new one.",
  used: "This reset link was already used. Please ask for a new one if you still need it.",
  done: "Your password was changed and every session was signed out. Sign in with your new password.",
} as const;

export const ResetRequestSchema = z.object({ email: EmailSchema });

export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: RESET_MESSAGES.unknown }).min(1, RESET_MESSAGES.unknown).max(200, RESET_MESSAGES.unknown),
    password: NewPasswordSchema,
    confirmPassword: z.string({ error: "Please repeat the new password." }).max(128),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two passwords do not match.",
  });

const ceilSeconds = (ms: number) => Math.max(1, Math.ceil(ms / SECOND));

/** The 429 for a request over the per-email limits, or null. Same for known and unknown emails. */
async function limitError(email: string, now: Date) {
  const client = db();
  const hourAgo = new Date(now.getTime() - HOUR);
  const recent = await client
    .select({ createdAt: passwordResets.createdAt })
    .from(passwordResets)
    .where(and(eq(passwordResets.email, email), gt(passwordResets.createdAt, hourAgo)))
    .orderBy(desc(passwordResets.createdAt))
    .limit(RESET_RULES.perEmailPerHour)
    .all();
  const at = now.getTime();
  const latest = recent[0]?.createdAt.getTime();
  if (latest !== undefined && latest + RESET_RULES.resendAfter > at) {
    const seconds = ceilSeconds(latest + RESET_RULES.resendAfter - at);
    return new AppError(429, RESET_MESSAGES.wait(seconds), { retryAfter: seconds });
  }
  if (recent.length >= RESET_RULES.perEmailPerHour) {
    const oldest = recent[recent.length - 1]?.createdAt.getTime() ?? at;
    const seconds = ceilSeconds(oldest + HOUR - at);
    return new AppError(429, RESET_MESSAGES.emailLimit(Math.ceil(seconds / 60)), { retryAfter: seconds });
  }
  return null;
}

export async function resetEmail(
  admin: { name: string; email: string },
  link: string,
  key: string,
): Promise<OutgoingEmail> {
  return composeEmail(
    {
      kind: "admin.password-reset",
      to: admin.email,
      idempotencyKey: key,
      // The link is a secret like a code: a real transport's stored copy is redacted once sent.
      sensitive: true,
      subject: `Reset your ${BRAND.name} admin password`,
    },
    {
      preview: "Open the link to choose a new password. It is valid for 30 minutes and works once.",
      heading: "Reset your admin password",
      greeting: `Hello ${admin.name},`,
      blocks: [
        { p: `Someone (we hope you) asked to set a new password for your ${BRAND.name} admin account.` },
        { button: { label: "Choose a new password", href: link } },
        { p: "The link is valid for 30 minutes and works once." },
        { note: ["If the link does not open, copy this address into your browser: ", { href: link, label: link }] },
        { note: "If you did not ask for this, ignore this email: your password stays as it is." },
      ],
    },
  );
}

export async function changedEmail(
  admin: { id: string; name: string; email: string },
  now: Date,
): Promise<OutgoingEmail> {
  return composeEmail(
    {
      kind: "admin.password-changed",
      to: admin.email,
      idempotencyKey: `admin.password-changed:${admin.id}:${now.getTime()}`,
      subject: `Your ${BRAND.name} admin password was changed`,
    },
    {
      preview: "Your password was changed with a reset link and every session was signed out.",
      heading: "Your admin password was changed",
      greeting: `Hello ${admin.name},`,
      blocks: [
        {
          p: `The password of your ${BRAND.name} admin account was just changed with a reset link, and every session was signed out.`,
        },
        { note: "If this was not you, contact another administrator at once." },
      ],
    },
  );
}

/**
 * "Forgot password?": emails a single-use link valid 30 minutes to the admin with this email.
 * The answer is the same whether or not the email has an account (or a disabled one, which gets
 * no email): a row is stored either way
 * (without an admin and without an email for an unknown one) so the limits — 60 s between
 * requests, 5 per email per hour — behave the same. Limits, row, voiding of older links and
 * the email are one guarded batch (decision 013), so parallel requests cannot pass the limits.
 */
/** The link a reset email carries: on the configured site only, whatever Host the request named (decision 040). */
export const resetLink = (token: string) => `${siteUrl()}/admin/reset-password?token=${encodeURIComponent(token)}`;

export async function requestPasswordReset(input: { email: string; ip?: string }, now = new Date()) {
  const email = input.email;
  const refused = await limitError(email, now);
  if (refused) throw refused;
  const client = db();
  const admin = await client
    .select({
      id: admins.id,
      name: admins.name,
      email: admins.email,
      status: admins.status,
      disabledAt: admins.disabledAt,
    })
    .from(admins)
    .where(eq(admins.email, email))
    .get();
  const token = randomToken(RESET_RULES.tokenBytes);
  const tokenHash = await sha256Hex(token);
  const id = crypto.randomUUID();
  // A rejected or disabled account (decision 070) is treated like an unknown address: the same
  // answer and limits, a row without an account, no email. Re-enabling comes first, then a reset.
  const reachable = admin && admin.status !== "rejected" && !admin.disabledAt ? admin : null;
  const message = reachable ? await resetEmail(reachable, resetLink(token), `admin.password-reset:${id}`) : null;
  const at = now.getTime();
  const withinLimits: Guard = {
    name: "reset limits",
    holds: sql`NOT EXISTS (SELECT 1 FROM password_resets WHERE email = ${email} AND created_at > ${at - RESET_RULES.resendAfter})
      AND (SELECT count(*) FROM password_resets WHERE email = ${email} AND created_at > ${at - HOUR}) < ${RESET_RULES.perEmailPerHour}`,
  };
  await guardedBatch(
    withinLimits,
    [
      // An older unused link stops working when a new one is sent.
      client
        .update(passwordResets)
        .set({ expiresAt: now })
        .where(and(eq(passwordResets.email, email), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now))),
      client.insert(passwordResets).values({
        id,
        email,
        adminId: reachable?.id ?? null,
        tokenHash,
        ip: (input.ip ?? "").slice(0, 64),
        expiresAt: new Date(at + RESET_RULES.lifetime),
        createdAt: now,
      }),
      ...(message ? [emailStatement(message)] : []),
    ],
    async () => (await limitError(email, now)) ?? new AppError(429, RESET_MESSAGES.wait(60), { retryAfter: 60 }),
  );
  if (message) await deliverSoon([message.idempotencyKey]);
  return { message: RESET_MESSAGES.requested(email) };
}

type ResetState = "valid" | "unknown" | "expired" | "used";

async function findReset(token: string) {
  if (!token || token.length > 200) return undefined;
  const tokenHash = await sha256Hex(token);
  return db().select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).get();
}

function stateOf(row: typeof passwordResets.$inferSelect | undefined, now: Date): ResetState {
  if (!row?.adminId) return "unknown";
  if (row.usedAt) return "used";
  if (row.expiresAt <= now) return "expired";
  return "valid";
}

const refusalFor = (state: Exclude<ResetState, "valid">) =>
  state === "unknown"
    ? new AppError(404, RESET_MESSAGES.unknown, { reason: state })
    : new AppError(410, RESET_MESSAGES[state], { reason: state });

/** What the reset page shows for a token: the form, or why the link no longer works. */
export async function resetLinkState(token: string, now = new Date()) {
  const row = await findReset(token);
  const state = stateOf(row, now);
  return { state, message: state === "valid" ? null : RESET_MESSAGES[state] };
}

/**
 * Uses a reset link: the new password (registration's rules), the link marked used, every
 * session and refresh token revoked, the login lock cleared, an audit record and a "your
 * password was changed" email — one guarded batch whose guard is "this link, unused,
 * unexpired": of parallel uses of one link exactly one succeeds.
 */
export async function resetPassword(input: { token: string; password: string }, now = new Date()) {
  const row = await findReset(input.token);
  const state = stateOf(row, now);
  if (state !== "valid" || !row?.adminId) throw refusalFor(state === "valid" ? "unknown" : state);
  const client = db();
  const admin = await client.select().from(admins).where(eq(admins.id, row.adminId)).get();
  // A link sent before the member was disabled no longer works either.
  if (!admin || admin.disabledAt) throw refusalFor("unknown");
  const passwordHash = await hashPassword(input.password);
  const notice = await changedEmail(admin, now);
  await guardedBatch(
    rowMatches(
      "reset link usable",
      passwordResets,
      and(eq(passwordResets.id, row.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)),
    ),
    [
      client.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.id, row.id)),
      client
        .update(admins)
        .set({ passwordHash, failedLogins: 0, failedWindowStart: null, lockedUntil: null, updatedAt: now })
        .where(eq(admins.id, admin.id)),
      ...revokeOtherSessionsStatements(admin.id, null, now),
      auditStatement({ id: admin.id, email: admin.email }, "account.password_reset", "admin", admin.id, null, null),
      emailStatement(notice),
    ],
    async () => {
      const current = await client.select().from(passwordResets).where(eq(passwordResets.id, row.id)).get();
      const again = stateOf(current, now);
      return refusalFor(again === "valid" ? "used" : again);
    },
  );
  await deliverSoon([notice.idempotencyKey]);
  return { email: admin.email };
}

/** Scheduled job helper: reset rows older than a day count for no limit. */
export async function purgeOldResets(now: Date) {
  const result = await db()
    .delete(passwordResets)
    .where(sql`${passwordResets.createdAt} < ${now.getTime() - 24 * HOUR}`);
  return result.meta.changes ?? 0;
}
