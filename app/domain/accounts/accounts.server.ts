import { and, asc, count, eq, isNull, lte, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { guardedBatch, rowMatches } from "~/db/guarded.server";
import { type Admin, admins } from "~/db/schema";
import { auditStatement } from "~/domain/audit/audit.server";
import { deliverSoon, emailStatement, type OutgoingEmail } from "~/domain/email/outbox.server";
import { BRAND } from "~/lib/brand";
import { AppError } from "~/lib/errors";
import { hashPassword, verifyPassword } from "./password.server";
import { revokeOtherSessionsStatements } from "./sessions.server";

const MINUTE = 60 * 1000;
export const LOGIN_THROTTLE = {
  maxFailures: 10,
  window: 15 * MINUTE,
  lockFor: 15 * MINUTE,
} as const;

export const INVALID_LOGIN = "Invalid email or password.";

export type Actor = { id: string; email: string };

export const lockedError = (lockedUntil: Date, now = new Date()) => {
  const retryAfter = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  return new AppError(429, `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minutes.`, {
    retryAfter,
  });
};

/**
 * Counts one failed sign-in step (a wrong password or a wrong two-factor code) in a single
 * atomic statement (decision 013): the count, its window
 * and the lock are computed by SQLite from the stored row, so 30 parallel failures count 30
 * and lock the account. Answers the lock end, if the account is now locked.
 */
export async function recordFailedAttempt(adminId: string, now = new Date()): Promise<Date | null> {
  const at = now.getTime();
  const windowOpen = sql`(${admins.failedWindowStart} IS NOT NULL AND ${admins.failedWindowStart} > ${at - LOGIN_THROTTLE.window})`;
  const failures = sql`(CASE WHEN ${windowOpen} THEN ${admins.failedLogins} + 1 ELSE 1 END)`;
  const row = await db()
    .update(admins)
    .set({
      failedLogins: failures,
      failedWindowStart: sql`CASE WHEN ${windowOpen} THEN ${admins.failedWindowStart} ELSE ${at} END`,
      lockedUntil: sql`CASE WHEN ${failures} >= ${LOGIN_THROTTLE.maxFailures} THEN ${at + LOGIN_THROTTLE.lockFor} ELSE ${admins.lockedUntil} END`,
    })
    .where(eq(admins.id, adminId))
    .returning({ lockedUntil: admins.lockedUntil })
    .get();
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
}

/**
 * Checks a login. Counts failures per account (10 within 15 minutes lock it for 15 minutes).
 * The right password is refused while the account is locked, also when the lock came from
 * requests running at the same time: the success path clears the count only in a statement
 * that also checks the lock.
 */
export async function verifyLogin(email: string, password: string, now = new Date()): Promise<Admin> {
  const client = db();
  const admin = await client.select().from(admins).where(eq(admins.email, email)).get();
  if (!admin) {
    // Same work and same answer as a wrong password, so emails cannot be probed.
    await verifyPassword(password, DUMMY_HASH);
    throw new AppError(401, INVALID_LOGIN);
  }
  if (admin.lockedUntil && admin.lockedUntil > now) throw lockedError(admin.lockedUntil, now);
  if (!(await verifyPassword(password, admin.passwordHash))) {
    await recordFailedAttempt(admin.id, now);
    throw new AppError(401, INVALID_LOGIN);
  }
  if (admin.status === "rejected") {
    throw new AppError(403, "This account was not approved. Contact an administrator.");
  }
  const unlocked = await client
    .update(admins)
    .set({ failedLogins: 0, failedWindowStart: null, lockedUntil: null })
    .where(and(eq(admins.id, admin.id), or(isNull(admins.lockedUntil), lte(admins.lockedUntil, now))))
    .returning()
    .get();
  if (!unlocked) {
    // Locked by failures that arrived while this password was being checked.
    const current = await getAdmin(admin.id);
    throw lockedError(current?.lockedUntil ?? new Date(now.getTime() + LOGIN_THROTTLE.lockFor), now);
  }
  return unlocked;
}

// A valid hash of a random string, verified when the email is unknown.
const DUMMY_HASH = "scrypt$16384$8$5$3q2+7w3q2+7w3q2+7w3q2w==$Ky8c2kVzq8mY3xQ2b0xk7m9s1vQn0b8d7hH1kJ3lM5o=";

/** Registration grants nothing: the account waits for an active admin's approval. */
export async function registerAdmin(input: { email: string; password: string; name: string }) {
  const client = db();
  const existing = await client.select({ id: admins.id }).from(admins).where(eq(admins.email, input.email)).get();
  if (existing) throw new AppError(409, "An account with this email already exists.");
  const passwordHash = await hashPassword(input.password);
  try {
    return await client
      .insert(admins)
      .values({ email: input.email, name: input.name, passwordHash, status: "pending", role: "admin" })
      .returning()
      .get();
  } catch (error) {
    if (String(error).includes("UNIQUE")) throw new AppError(409, "An account with this email already exists.");
    throw error;
  }
}

export async function getAdmin(id: string) {
  return db().select().from(admins).where(eq(admins.id, id)).get();
}

export function toProfile(admin: Pick<Admin, "id" | "name" | "email" | "role" | "status">) {
  return { id: admin.id, name: admin.name, email: admin.email, role: admin.role, status: admin.status };
}

export async function updateProfile(actor: Actor, input: { name: string }) {
  const client = db();
  const before = await getAdmin(actor.id);
  if (!before) throw new AppError(404, "Account not found.");
  const now = new Date();
  const [, , updated] = await client.batch([
    client.update(admins).set({ name: input.name, updatedAt: now }).where(eq(admins.id, actor.id)),
    auditStatement(actor, "account.profile_updated", "admin", actor.id, { name: before.name }, { name: input.name }),
    client.select().from(admins).where(eq(admins.id, actor.id)),
  ]);
  const admin = updated[0];
  if (!admin) throw new AppError(404, "Account not found.");
  return toProfile(admin);
}

/** Changes the password and revokes every other session of the account. */
export async function changePassword(
  actor: Actor,
  sessionId: string | null,
  input: { currentPassword: string; newPassword: string },
) {
  const admin = await getAdmin(actor.id);
  if (!admin) throw new AppError(404, "Account not found.");
  if (!(await verifyPassword(input.currentPassword, admin.passwordHash))) {
    throw new AppError(400, "Current password is incorrect.", {
      details: [{ field: "currentPassword", message: "Current password is incorrect." }],
    });
  }
  if (input.currentPassword === input.newPassword) {
    throw new AppError(400, "The new password must differ from the current one.", {
      details: [{ field: "newPassword", message: "The new password must differ from the current one." }],
    });
  }
  const now = new Date();
  const client = db();
  await client.batch([
    client
      .update(admins)
      .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: now })
      .where(eq(admins.id, admin.id)),
    ...revokeOtherSessionsStatements(admin.id, sessionId, now),
    auditStatement(actor, "account.password_changed", "admin", admin.id, null, null),
  ]);
}

export async function listPendingAdmins() {
  return db().select().from(admins).where(eq(admins.status, "pending")).orderBy(asc(admins.createdAt)).all();
}

export async function countPendingAdmins() {
  const row = await db().select({ n: count() }).from(admins).where(eq(admins.status, "pending")).get();
  return row?.n ?? 0;
}

export async function listAdmins() {
  return db().select().from(admins).orderBy(asc(admins.createdAt)).all();
}

/** Team approval: an active admin approves or rejects a pending registration (never their own). */
export async function decideRegistration(
  actor: Actor,
  adminId: string,
  decision: "approve" | "reject",
  { now = new Date(), signInUrl }: { now?: Date; signInUrl?: string } = {},
) {
  if (actor.id === adminId) throw new AppError(403, "You cannot approve or reject your own account.");
  const client = db();
  const target = await getAdmin(adminId);
  if (!target) throw new AppError(404, "Account not found.");
  if (target.status !== "pending") {
    throw new AppError(409, `This registration was already ${target.status === "active" ? "approved" : "rejected"}.`);
  }
  const status = decision === "approve" ? "active" : "rejected";
  const email = decisionEmail(target, decision, signInUrl);
  // One guarded change (decision 013): the decision, its audit record and its email, or nothing.
  await guardedBatch(
    rowMatches("registration pending", admins, and(eq(admins.id, adminId), eq(admins.status, "pending"))),
    [
      client
        .update(admins)
        .set({ status, approvedBy: actor.id, approvedAt: now, updatedAt: now })
        .where(eq(admins.id, adminId)),
      auditStatement(
        actor,
        decision === "approve" ? "team.approved" : "team.rejected",
        "admin",
        adminId,
        { status: "pending" },
        { status },
      ),
      emailStatement(email),
    ],
    async () => {
      const current = await getAdmin(adminId);
      if (!current) return new AppError(404, "Account not found.");
      return new AppError(
        409,
        `This registration was already ${current.status === "active" ? "approved" : "rejected"}.`,
      );
    },
  );
  await deliverSoon([email.idempotencyKey]);
  return { ...toProfile(target), status };
}

/** Tells the registrant the outcome; one message per account whatever happens. */
function decisionEmail(target: Admin, decision: "approve" | "reject", signInUrl?: string): OutgoingEmail {
  const approved = decision === "approve";
  const where = signInUrl ? `: ${signInUrl}` : ".";
  return {
    kind: approved ? "team.approved" : "team.rejected",
    to: target.email,
    subject: approved
      ? `Your ${BRAND.name} admin account was approved`
      : `Your ${BRAND.name} admin registration was not approved`,
    text: approved
      ? `Hello ${target.name},\n\nAn administrator approved your ${BRAND.name} admin account. You can now sign in to the console${where}\n`
      : `Hello ${target.name},\n\nYour registration for the ${BRAND.name} admin console was not approved. If you think this is a mistake, contact an administrator.\n`,
    idempotencyKey: `team-decision:${target.id}`,
  };
}
