import { and, asc, count, eq, exists, gt, isNull, lte, not, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { db } from "~/db/client.server";
import { guardedBatch, rowMatches } from "~/db/guarded.server";
import { type Admin, admins, loginFailures } from "~/db/schema";
import { auditStatement } from "~/domain/audit/audit.server";
import { deliverSoon, emailStatement, type OutgoingEmail } from "~/domain/email/outbox.server";
import { consentStatement } from "~/domain/privacy/consents.server";
import { composeEmail } from "~/emails/render.server";
import { BRAND } from "~/lib/brand";
import { siteUrl } from "~/lib/config.server";
import { DAY, MINUTE } from "~/lib/durations";
import { AppError } from "~/lib/errors";
import type { TeamRole } from "~/lib/team-roles";
import type { Actor } from "./actor";
import { hashPassword, verifyPassword } from "./password.server";
import { mayManageOwnership, OWNER_ONLY } from "./permissions";
import { ROLE_REQUIRED } from "./schemas";
import { revokeLoginStatements, revokeOtherSessionsStatements } from "./sessions.server";

/**
 * Decision 020: 10 failures within 15 minutes from one client address lock that account for
 * that address only; 50 from anywhere lock the account everywhere. Either lock lasts 15 minutes.
 */
export const LOGIN_THROTTLE = {
  maxFailures: 10,
  maxAccountFailures: 50,
  window: 15 * MINUTE,
  lockFor: 15 * MINUTE,
} as const;

export const INVALID_LOGIN = "Invalid email or password.";

export const lockedError = (lockedUntil: Date, now = new Date()) => {
  const retryAfter = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  return new AppError(429, `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minutes.`, {
    retryAfter,
  });
};

/**
 * One more failed proof on the account, counted in one statement: a new window when the last
 * one closed, and the lock once the count reaches the account's limit.
 */
function accountFailure(adminId: string, at: number) {
  const windowOpen = sql`(${admins.failedWindowStart} IS NOT NULL AND ${admins.failedWindowStart} > ${at - LOGIN_THROTTLE.window})`;
  const failures = sql`(CASE WHEN ${windowOpen} THEN ${admins.failedLogins} + 1 ELSE 1 END)`;
  return db()
    .update(admins)
    .set({
      failedLogins: failures,
      failedWindowStart: sql`CASE WHEN ${windowOpen} THEN ${admins.failedWindowStart} ELSE ${at} END`,
      lockedUntil: sql`CASE WHEN ${failures} >= ${LOGIN_THROTTLE.maxAccountFailures} THEN ${at + LOGIN_THROTTLE.lockFor} ELSE ${admins.lockedUntil} END`,
    })
    .where(eq(admins.id, adminId));
}

/**
 * Counts one failed sign-in step (a wrong password, or a wrong two-factor code) in two single
 * atomic statements (decisions 013, 020), one for the account (ceiling 50) and one for the
 * account and client address (ceiling 10): each count, its window and its lock are computed by
 * SQLite from the stored row, so 30 parallel failures count 30. Answers the account-wide lock
 * end, if the account is now locked everywhere.
 */
export async function recordFailedAttempt(adminId: string, now = new Date(), ip = ""): Promise<Date | null> {
  const at = now.getTime();
  const client = db();
  // Inside the upsert the stored row's columns are named by the table: the new count below.
  const pairOpen = sql`(login_failures.window_start > ${at - LOGIN_THROTTLE.window})`;
  const pairFailures = sql`(CASE WHEN ${pairOpen} THEN login_failures.failures + 1 ELSE 1 END)`;
  const [account] = await client.batch([
    accountFailure(adminId, at).returning({ lockedUntil: admins.lockedUntil }),
    client
      .insert(loginFailures)
      .values({ adminId, ip, failures: 1, windowStart: now, lockedUntil: null })
      .onConflictDoUpdate({
        target: [loginFailures.adminId, loginFailures.ip],
        set: {
          failures: pairFailures,
          windowStart: sql`CASE WHEN ${pairOpen} THEN login_failures.window_start ELSE ${at} END`,
          lockedUntil: sql`CASE WHEN ${pairFailures} >= ${LOGIN_THROTTLE.maxFailures} THEN ${at + LOGIN_THROTTLE.lockFor} ELSE login_failures.locked_until END`,
        },
      }),
  ]);
  const lockedUntil = account[0]?.lockedUntil;
  return lockedUntil && lockedUntil > now ? lockedUntil : null;
}

/** The end of the lock that applies to this account from this address, if any. */
export async function lockFor(admin: Pick<Admin, "id" | "lockedUntil">, ip: string, now: Date) {
  const pair = await db()
    .select({ lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(and(eq(loginFailures.adminId, admin.id), eq(loginFailures.ip, ip)))
    .get();
  const ends = [admin.lockedUntil, pair?.lockedUntil].filter((d): d is Date => Boolean(d && d > now));
  return ends.length ? new Date(Math.max(...ends.map((d) => d.getTime()))) : null;
}

/** What a disabled member reads when signing in (decision 070). */
export const DISABLED_ACCOUNT = "This account is disabled. Ask an Owner or Admin of your team to enable it.";

/**
 * Checks a login from client address `ip` (Cloudflare's CF-Connecting-IP; "" when unknown).
 * Failures count per account and address (10 in 15 minutes lock that pair for 15 minutes) and
 * per account (50 lock it everywhere). The right password is refused while either lock holds,
 * also when the lock came from requests running at the same time: the success path clears
 * the counts in one guarded batch whose guards are "not locked".
 */
export async function verifyLogin(email: string, password: string, now = new Date(), ip = ""): Promise<Admin> {
  const client = db();
  const address = ip.trim().slice(0, 64);
  const admin = await client.select().from(admins).where(eq(admins.email, email)).get();
  if (!admin) {
    // Same work and same answer as a wrong password, so emails cannot be probed.
    await verifyPassword(password, DUMMY_HASH);
    throw new AppError(401, INVALID_LOGIN);
  }
  const locked = await lockFor(admin, address, now);
  if (locked) throw lockedError(locked, now);
  if (!(await verifyPassword(password, admin.passwordHash))) {
    await recordFailedAttempt(admin.id, now, address);
    throw new AppError(401, INVALID_LOGIN);
  }
  if (admin.status === "rejected") {
    throw new AppError(403, "This account was not approved. Contact an administrator.");
  }
  // A disabled member (decision 070) learns why only after the right password, like a rejected one.
  if (admin.disabledAt) throw new AppError(403, DISABLED_ACCOUNT);
  const [unlocked] = await guardedBatch(
    [
      rowMatches(
        "account not locked",
        admins,
        and(eq(admins.id, admin.id), or(isNull(admins.lockedUntil), lte(admins.lockedUntil, now))),
      ),
      {
        name: "address not locked",
        holds: not(
          exists(
            client
              .select({ one: sql`1` })
              .from(loginFailures)
              .where(
                and(
                  eq(loginFailures.adminId, admin.id),
                  eq(loginFailures.ip, address),
                  gt(loginFailures.lockedUntil, now),
                ),
              ),
          ),
        ),
      },
    ],
    [
      client
        .update(admins)
        .set({ failedLogins: 0, failedWindowStart: null, lockedUntil: null })
        .where(eq(admins.id, admin.id))
        .returning(),
      client.delete(loginFailures).where(and(eq(loginFailures.adminId, admin.id), eq(loginFailures.ip, address))),
    ],
    async () => {
      // Locked by failures that arrived while this password was being checked.
      const current = (await getAdmin(admin.id)) ?? admin;
      return lockedError(
        (await lockFor(current, address, now)) ?? new Date(now.getTime() + LOGIN_THROTTLE.lockFor),
        now,
      );
    },
  );
  const row = (unlocked as Admin[])[0];
  if (!row) throw new AppError(401, INVALID_LOGIN);
  return row;
}

// --- Proofs from a signed-in session ------------------------------------------------------

/** An attempt taken at the (account, address) counter: the count it made and the window it is in. */
export type ProofAttempt = { adminId: string; ip: string; failures: number; windowStart: Date };

/**
 * A signed-in proof — the current password to change it; password and code to turn two-factor
 * off or to replace the recovery codes — is an attempt at the account like a sign-in (decision
 * 041). It is taken before it is checked, in the same (account, address) counter as failed
 * sign-ins: one atomic upsert that matches nothing once the pair is locked or has used its 10
 * in the window, so 50 parallel guesses reach the check 10 times at most. Refused: a 429.
 */
export async function takeProofAttempt(adminId: string, ip: string, now = new Date()): Promise<ProofAttempt> {
  const at = now.getTime();
  const address = ip.trim().slice(0, 64);
  const admin = await getAdmin(adminId);
  if (!admin) throw new AppError(404, "Account not found.");
  const locked = await lockFor(admin, address, now);
  if (locked) throw lockedError(locked, now);
  const open = sql`(login_failures.window_start > ${at - LOGIN_THROTTLE.window})`;
  const row = await db()
    .insert(loginFailures)
    .values({ adminId, ip: address, failures: 1, windowStart: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: [loginFailures.adminId, loginFailures.ip],
      set: {
        failures: sql`CASE WHEN ${open} THEN login_failures.failures + 1 ELSE 1 END`,
        windowStart: sql`CASE WHEN ${open} THEN login_failures.window_start ELSE ${at} END`,
      },
      setWhere: sql`(login_failures.locked_until IS NULL OR login_failures.locked_until <= ${at}) AND NOT (${open} AND login_failures.failures >= ${LOGIN_THROTTLE.maxFailures})`,
    })
    .returning({ failures: loginFailures.failures, windowStart: loginFailures.windowStart })
    .get();
  if (!row) {
    // The pair used its attempts (or locked) while this one was on its way: it waits like the others.
    const current = (await getAdmin(adminId)) ?? admin;
    throw lockedError((await lockFor(current, address, now)) ?? new Date(at + LOGIN_THROTTLE.lockFor), now);
  }
  return { adminId, ip: address, failures: row.failures, windowStart: row.windowStart };
}

/** A proof that held gives its attempt back: only failures count, as at sign-in. */
export async function giveBackProofAttempt(attempt: ProofAttempt) {
  await db()
    .update(loginFailures)
    .set({ failures: sql`${loginFailures.failures} - 1` })
    .where(
      and(
        eq(loginFailures.adminId, attempt.adminId),
        eq(loginFailures.ip, attempt.ip),
        eq(loginFailures.windowStart, attempt.windowStart),
        gt(loginFailures.failures, 0),
      ),
    );
}

/**
 * A proof that failed. It stays counted for the pair, counts for the account (the ceiling of
 * 50 that locks it everywhere), and with `also` in the same batch (a wrong code's two-factor
 * count). The attempt that used the pair's last one locks the pair, ends the session that made
 * them and emails the owner, in one batch; the error to answer is returned.
 */
export async function proofFailed(
  attempt: ProofAttempt,
  failure: AppError,
  { sessionId, now = new Date(), what, also = [] }: ProofFailure,
): Promise<AppError> {
  const client = db();
  const at = now.getTime();
  const [account] = await client.batch([accountFailure(attempt.adminId, at).returning(), ...also]);
  const admin = account[0];
  const accountLocked = Boolean(admin?.lockedUntil && admin.lockedUntil > now);
  if (!admin || (attempt.failures < LOGIN_THROTTLE.maxFailures && !accountLocked)) return failure;
  const lockedUntil = new Date(at + LOGIN_THROTTLE.lockFor);
  const until = accountLocked && admin.lockedUntil ? admin.lockedUntil : lockedUntil;
  const notice = await lockedNoticeEmail(admin, { by: "session", what, until, now });
  await client.batch([
    client
      .update(loginFailures)
      .set({ lockedUntil })
      .where(and(eq(loginFailures.adminId, attempt.adminId), eq(loginFailures.ip, attempt.ip))),
    ...(sessionId ? revokeLoginStatements(sessionId, now) : []),
    auditStatement(admin, "account.locked", "admin", admin.id, null, { what, lockedUntil: lockedUntil.toISOString() }),
    emailStatement(notice),
  ]);
  await deliverSoon([notice.idempotencyKey]);
  return lockedError(until, now);
}

type ProofFailure = {
  /** The session that made the attempt: ended when its failures lock the account. */
  sessionId: string | null;
  now?: Date;
  /** What was being proved, for the owner's email and the audit log. */
  what: string;
  /** Statements counted in the same batch (a wrong code's two-factor count). */
  also?: BatchItem<"sqlite">[];
};

/**
 * The owner learns of a lock that failed proofs caused: from a signed-in session (`session`:
 * that session was ended), or wrong two-factor codes after a correct password (`codes`).
 */
export async function lockedNoticeEmail(
  admin: Pick<Admin, "id" | "name" | "email">,
  { by, what, until, now }: { by: "session" | "codes"; what: string; until: Date; now: Date },
): Promise<OutgoingEmail> {
  const line =
    by === "session"
      ? `Too many wrong attempts to ${what} were made from a signed-in session of your ${BRAND.name} admin account. That session was ended, and sign-in is locked until ${until.toISOString()}.`
      : `Too many wrong two-factor codes were entered after the correct password of your ${BRAND.name} admin account. Sign-in is locked until ${until.toISOString()}.`;
  const advice =
    by === "session"
      ? "If this was not you, someone may have your session or your password: sign in, change your password and end your other sessions in Settings → Security."
      : "If this was not you, someone knows your password: sign in, change it and end your other sessions in Settings → Security.";
  return composeEmail(
    {
      kind: "account.locked",
      to: admin.email,
      // One email per lock, however many requests end at it.
      idempotencyKey: `account.locked:${admin.id}:${Math.floor(until.getTime() / 60_000)}`,
      subject: `${BRAND.name} admin: too many wrong attempts, account locked`,
    },
    {
      preview: line,
      heading: "Too many wrong attempts",
      greeting: `Hello ${admin.name},`,
      blocks: [
        { p: line },
        { details: [["Time", now.toISOString()]] },
        { button: { label: "Sign in", href: `${siteUrl()}/admin` } },
        { note: advice },
      ],
    },
  );
}

/** Scheduled job: per-address failure rows whose window and lock are over count for nothing. */
export async function purgeLoginFailures(now: Date): Promise<number> {
  const dayAgo = now.getTime() - DAY;
  const result = await db()
    .delete(loginFailures)
    .where(
      and(
        lte(loginFailures.windowStart, new Date(dayAgo)),
        or(isNull(loginFailures.lockedUntil), lte(loginFailures.lockedUntil, now)),
      ),
    );
  return result.meta.changes ?? 0;
}

// A valid hash of a random string, verified when the email is unknown.
const DUMMY_HASH = "scrypt$16384$8$5$3q2+7w3q2+7w3q2+7w3q2w==$Ky8c2kVzq8mY3xQ2b0xk7m9s1vQn0b8d7hH1kJ3lM5o=";

export const REGISTERED_MESSAGE =
  "Registration received. An administrator must approve the account before it can be used, and we will email you when it is decided. If this email already had an account, we emailed its owner instead.";

/** The email the owner of an already registered address gets instead of an answer that says so. */
export async function alreadyRegisteredEmail(
  admin: Pick<Admin, "id" | "name" | "email">,
  siteUrl: string,
  now: Date,
): Promise<OutgoingEmail> {
  const hour = Math.floor(now.getTime() / (60 * MINUTE));
  return composeEmail(
    {
      kind: "team.register-existing",
      to: admin.email,
      // At most one such email an hour per account, however often someone tries.
      idempotencyKey: `team.register-existing:${admin.id}:${hour}`,
      subject: `Someone tried to register your ${BRAND.name} admin email`,
    },
    {
      preview: `Someone tried to register ${admin.email} again. Nothing was changed.`,
      heading: "Someone tried to register your admin email",
      greeting: `Hello ${admin.name},`,
      blocks: [
        {
          p: `Someone (perhaps you) tried to register a new ${BRAND.name} admin account with ${admin.email}, which already has one. Nothing was changed.`,
        },
        { button: { label: "Sign in", href: `${siteUrl}/admin` } },
        { p: ["Forgot your password? ", { href: `${siteUrl}/admin/forgot-password`, label: "Choose a new one" }, "."] },
        { note: "If this was not you, you can ignore this email." },
      ],
    },
  );
}

/**
 * Registration grants nothing: the account waits for an active admin's approval. It answers
 * the same for a new and an existing email (decision 020): for an existing one nothing is
 * stored, its owner gets an email instead, and the answer carries a profile of the same shape
 * (a fresh id, status pending). The password is hashed either way, so both take as long.
 */
export async function registerAdmin(
  input: { email: string; password: string; name: string },
  { now = new Date() }: { now?: Date } = {},
) {
  const client = db();
  const passwordHash = await hashPassword(input.password);
  const existing = await client.select().from(admins).where(eq(admins.email, input.email)).get();
  const lookalike = () => ({
    profile: {
      id: crypto.randomUUID(),
      name: input.name,
      email: input.email,
      role: null,
      status: "pending" as const,
    },
    created: null,
  });
  const warnOwner = async (owner: Admin) => {
    const message = await alreadyRegisteredEmail(owner, siteUrl(), now);
    await emailStatement(message);
    await deliverSoon([message.idempotencyKey]);
  };
  if (existing) {
    await warnOwner(existing);
    return lookalike();
  }
  const id = crypto.randomUUID();
  const [[created]] = await client.batch([
    client
      .insert(admins)
      .values({ id, email: input.email, name: input.name, passwordHash, status: "pending", role: null })
      .onConflictDoNothing({ target: admins.email })
      .returning(),
    // The ledger's row of the registration notice, only when this request made the account (decision 087).
    consentStatement({
      email: input.email,
      purpose: "console-account",
      form: "admin-registration",
      at: now,
      onlyIf: sql`EXISTS (SELECT 1 FROM ${admins} WHERE ${admins.id} = ${id})`,
    }),
  ]);
  if (created) return { profile: toProfile(created), created };
  // Registered by a parallel request meanwhile: the same answer again.
  const raced = await client.select().from(admins).where(eq(admins.email, input.email)).get();
  if (raced) await warnOwner(raced);
  return lookalike();
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

/**
 * Changes the password and revokes every other session of the account. The current password
 * is a proof (decision 041): taken before it is checked, a wrong one counted with failed
 * sign-ins from `ip`, and the 10th in 15 minutes ends this session, locks and emails the owner.
 */
export async function changePassword(
  actor: Actor,
  sessionId: string | null,
  input: { currentPassword: string; newPassword: string },
  { ip = "", now = new Date() }: { ip?: string; now?: Date } = {},
) {
  const admin = await getAdmin(actor.id);
  if (!admin) throw new AppError(404, "Account not found.");
  const attempt = await takeProofAttempt(admin.id, ip, now);
  if (!(await verifyPassword(input.currentPassword, admin.passwordHash))) {
    throw await proofFailed(
      attempt,
      new AppError(400, "Current password is incorrect.", {
        details: [{ field: "currentPassword", message: "Current password is incorrect." }],
      }),
      { sessionId, now, what: "change the password" },
    );
  }
  await giveBackProofAttempt(attempt);
  if (input.currentPassword === input.newPassword) {
    throw new AppError(400, "The new password must differ from the current one.", {
      details: [{ field: "newPassword", message: "The new password must differ from the current one." }],
    });
  }
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

/**
 * Team approval: an Owner or Admin approves a pending registration with a role, or rejects it
 * (never their own). Only an Owner approves a new Owner (decision 064).
 */
export async function decideRegistration(
  actor: Actor,
  adminId: string,
  decision: "approve" | "reject",
  { now = new Date(), role = null }: { now?: Date; role?: TeamRole | null } = {},
) {
  if (actor.id === adminId) throw new AppError(403, "You cannot approve or reject your own account.");
  if (decision === "approve" && !role) {
    throw new AppError(400, ROLE_REQUIRED, { details: [{ field: "role", message: ROLE_REQUIRED }] });
  }
  if (role === "owner" && !mayManageOwnership((await getAdmin(actor.id))?.role)) throw new AppError(403, OWNER_ONLY);
  const client = db();
  const target = await getAdmin(adminId);
  if (!target) throw new AppError(404, "Account not found.");
  if (target.status !== "pending") {
    throw new AppError(409, `This registration was already ${target.status === "active" ? "approved" : "rejected"}.`);
  }
  const status = decision === "approve" ? "active" : "rejected";
  const email = await decisionEmail(target, decision, `${siteUrl()}/admin`);
  // One guarded change (decision 013): the decision, its audit record and its email, or nothing.
  await guardedBatch(
    rowMatches("registration pending", admins, and(eq(admins.id, adminId), eq(admins.status, "pending"))),
    [
      client
        .update(admins)
        .set({
          status,
          role: decision === "approve" ? role : null,
          approvedBy: actor.id,
          approvedAt: now,
          updatedAt: now,
        })
        .where(eq(admins.id, adminId)),
      auditStatement(
        actor,
        decision === "approve" ? "team.approved" : "team.rejected",
        "admin",
        adminId,
        { status: "pending", role: null },
        { status, role: decision === "approve" ? role : null },
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
  return { ...toProfile(target), status, role: decision === "approve" ? role : null };
}

/** Tells the registrant the outcome; one message per account whatever happens. */
export async function decisionEmail(
  target: Admin,
  decision: "approve" | "reject",
  signInUrl?: string,
): Promise<OutgoingEmail> {
  const approved = decision === "approve";
  const title = approved
    ? `Your ${BRAND.name} admin account was approved`
    : `Your ${BRAND.name} admin registration was not approved`;
  return composeEmail(
    {
      kind: approved ? "team.approved" : "team.rejected",
      to: target.email,
      subject: title,
      idempotencyKey: `team-decision:${target.id}`,
    },
    {
      preview: title,
      heading: approved ? "Your admin account was approved" : "Your admin registration was not approved",
      greeting: `Hello ${target.name},`,
      blocks: approved
        ? [
            { p: `An administrator approved your ${BRAND.name} admin account. You can now sign in to the console.` },
            ...(signInUrl ? [{ button: { label: "Sign in", href: signInUrl } }] : []),
          ]
        : [
            {
              p: `Your registration for the ${BRAND.name} admin console was not approved. If you think this is a mistake, contact an administrator.`,
            },
          ],
    },
  );
}
