import { and, count, desc, eq, exists, gt, inArray, isNull, lte, not, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import { db } from "~/db/client.server";
import { type Guard, guardedBatch, rowMatches } from "~/db/guarded.server";
import { admins, auditLog, passkeys, type TeamInvitation, teamInvitations } from "~/db/schema";
import { auditStatement } from "~/domain/audit/audit.server";
import { deliverSoon, emailStatement, type OutgoingEmail } from "~/domain/email/outbox.server";
import { composeEmail } from "~/emails/render.server";
import { BRAND } from "~/lib/brand";
import { siteUrl } from "~/lib/config.server";
import { randomToken, sha256Hex } from "~/lib/crypto.server";
import { DAY, HOUR } from "~/lib/durations";
import { AppError } from "~/lib/errors";
import type { TeamRole } from "~/lib/team-roles";
import type { Actor } from "./actor";
import { INVITATION_MESSAGES } from "./invitation-schemas";
import { newAccountPasskey, newAccountRegistrationOptions, PASSKEY_MESSAGES } from "./passkeys.server";
import { hashPassword } from "./password.server";
import { mayManageOwnership, mayManageTeam, ROLE_LABELS } from "./permissions";

/** Decision 065: a link is good for 7 days, once; an inviter sends at most 20 an hour. */
export const INVITATION_RULES = {
  lifetime: 7 * DAY,
  /** Invitations sent (new ones and resends) per inviting member per hour. */
  sendsPerHour: 20,
  /** The token's size: 32 random bytes = 256 bits. */
  tokenBytes: 32,
} as const;

/** The audit actions of sending an invitation: the per-inviter limit counts these. */
const SEND_ACTIONS = ["invitation.created", "invitation.resent"] as const;

/**
 * An invitation's audit record, stamped with the change's own clock: the hourly send limit
 * counts these records, so their times must be the times the rules reason with.
 */
function invitationAudit(
  actor: Actor,
  action: (typeof SEND_ACTIONS)[number] | "invitation.revoked" | "invitation.accepted",
  invitationId: string,
  before: unknown,
  after: unknown,
  now: Date,
) {
  return auditStatement(actor, action, "invitation", invitationId, before, after, now);
}

/** A member who may invite: who they are and their role (the session's). */
export type TeamManager = Actor & { role: TeamRole | null };

/** Refuses (403) a member whose role may not manage the team. */
export function requireTeamManager(manager: TeamManager) {
  if (!mayManageTeam(manager.role)) throw new AppError(403, INVITATION_MESSAGES.forbidden);
}

/** Only an Owner hands out the Owner role; an Admin invites any other role. */
function requireMayGrant(manager: TeamManager, role: TeamRole) {
  requireTeamManager(manager);
  if (role === "owner" && !mayManageOwnership(manager.role)) throw new AppError(403, INVITATION_MESSAGES.ownerOnly);
}

/** The link an invitation email carries: on the configured site only (decision 040). */
export const invitationLink = (token: string) => `${siteUrl()}/admin/invitation?token=${encodeURIComponent(token)}`;

export async function invitationEmail(
  invitation: { email: string; role: TeamRole },
  inviter: { name: string; email: string },
  link: string,
  key: string,
): Promise<OutgoingEmail> {
  const role = ROLE_LABELS[invitation.role];
  return composeEmail(
    {
      kind: "team.invitation",
      to: invitation.email,
      idempotencyKey: key,
      // The link is a secret like a code: a real transport's stored copy is redacted once sent.
      sensitive: true,
      subject: `${inviter.name} invited you to the ${BRAND.name} console`,
    },
    {
      preview: `Join the ${BRAND.name} team as ${role}. The link is valid for 7 days and works once.`,
      heading: `Join the ${BRAND.name} team`,
      greeting: "Hello,",
      blocks: [
        {
          p: `${inviter.name} (${inviter.email}) invited you to the ${BRAND.name} admin console with the role ${role}.`,
        },
        { button: { label: "Accept the invitation", href: link } },
        {
          p: "The link is valid for 7 days and works once. Opening it changes nothing: you choose your name and password on the page, then accept.",
        },
        { note: ["If the link does not open, copy this address into your browser: ", { href: link, label: link }] },
        { note: "If you did not expect this, ignore this email: no account is made unless you accept." },
      ],
    },
  );
}

const noAccountWith = (email: string): Guard => ({
  name: "email has no account",
  holds: sql`NOT EXISTS (SELECT 1 FROM admins WHERE email = ${email})`,
});

const noOpenInvitation = (email: string, now: Date): Guard => ({
  name: "no open invitation",
  holds: sql`NOT EXISTS (SELECT 1 FROM team_invitations WHERE email = ${email}
    AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ${now.getTime()})`,
});

const withinSendLimit = (actorId: string, now: Date): Guard => ({
  name: "invitation send limit",
  holds: sql`(SELECT count(*) FROM audit_log WHERE actor_id = ${actorId}
    AND action IN ('invitation.created', 'invitation.resent')
    AND created_at > ${now.getTime() - HOUR}) < ${INVITATION_RULES.sendsPerHour}`,
});

const isOpen = (now: Date) =>
  and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, now));

/** The 429 for an inviter over the hourly limit, or null. */
async function sendLimitError(actorId: string, now: Date) {
  const hourAgo = new Date(now.getTime() - HOUR);
  const recent = await db()
    .select({ createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(
      and(eq(auditLog.actorId, actorId), inArray(auditLog.action, [...SEND_ACTIONS]), gt(auditLog.createdAt, hourAgo)),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(INVITATION_RULES.sendsPerHour)
    .all();
  if (recent.length < INVITATION_RULES.sendsPerHour) return null;
  const oldest = recent[recent.length - 1]?.createdAt.getTime() ?? now.getTime();
  const seconds = Math.max(1, Math.ceil((oldest + HOUR - now.getTime()) / 1000));
  return new AppError(429, INVITATION_MESSAGES.sendLimit(Math.ceil(seconds / 60)), { retryAfter: seconds });
}

/** Why a new invitation to `email` cannot be sent now, or null. */
async function inviteRefusal(actorId: string, email: string, now: Date) {
  const client = db();
  const account = await client.select({ id: admins.id }).from(admins).where(eq(admins.email, email)).get();
  if (account) return new AppError(409, INVITATION_MESSAGES.hasAccount(email));
  const open = await client
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.email, email), isOpen(now)))
    .get();
  if (open) return new AppError(409, INVITATION_MESSAGES.pending(email));
  return sendLimitError(actorId, now);
}

const inviterOf = async (id: string) =>
  db().select({ name: admins.name, email: admins.email }).from(admins).where(eq(admins.id, id)).get();

export const toInvitation = (row: Pick<TeamInvitation, "id" | "email" | "role" | "expiresAt">) => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
});

/**
 * Invites `email` with `role`: a row holding only the token's hash, the email with the link, an
 * audit record — one guarded batch whose guards are "no account has this email", "no open
 * invitation for it" and "the inviter is within the hourly limit", so parallel invitations of
 * one email make one. An expired invitation of the same email is withdrawn by the new one.
 */
export async function inviteMember(manager: TeamManager, input: { email: string; role: TeamRole }, now = new Date()) {
  requireMayGrant(manager, input.role);
  const refused = await inviteRefusal(manager.id, input.email, now);
  if (refused) throw refused;
  const inviter = await inviterOf(manager.id);
  if (!inviter) throw new AppError(403, INVITATION_MESSAGES.forbidden);
  const client = db();
  const id = crypto.randomUUID();
  const token = randomToken(INVITATION_RULES.tokenBytes);
  const tokenHash = await sha256Hex(token);
  const message = await invitationEmail(
    input,
    inviter,
    invitationLink(token),
    `team.invitation:${id}:${now.getTime()}`,
  );
  const expiresAt = new Date(now.getTime() + INVITATION_RULES.lifetime);
  await guardedBatch(
    [noAccountWith(input.email), noOpenInvitation(input.email, now), withinSendLimit(manager.id, now)],
    [
      client
        .update(teamInvitations)
        .set({ revokedAt: now })
        .where(
          and(
            eq(teamInvitations.email, input.email),
            isNull(teamInvitations.acceptedAt),
            isNull(teamInvitations.revokedAt),
            lte(teamInvitations.expiresAt, now),
          ),
        ),
      client.insert(teamInvitations).values({
        id,
        email: input.email,
        role: input.role,
        tokenHash,
        invitedBy: manager.id,
        sentAt: now,
        expiresAt,
        createdAt: now,
      }),
      invitationAudit(manager, "invitation.created", id, null, { email: input.email, role: input.role }, now),
      emailStatement(message),
    ],
    async () =>
      (await inviteRefusal(manager.id, input.email, now)) ??
      new AppError(409, INVITATION_MESSAGES.pending(input.email)),
  );
  await deliverSoon([message.idempotencyKey]);
  return toInvitation({ id, email: input.email, role: input.role, expiresAt });
}

async function findInvitation(id: string) {
  return db().select().from(teamInvitations).where(eq(teamInvitations.id, id)).get();
}

/** The 404/409 for an invitation that cannot be resent or revoked any more. */
function closedRefusal(row: TeamInvitation | undefined) {
  if (!row) return new AppError(404, INVITATION_MESSAGES.notFound);
  return new AppError(409, INVITATION_MESSAGES.closed(row.acceptedAt ? "accepted" : "revoked"));
}

const stillPending = (id: string) =>
  rowMatches(
    "invitation pending",
    teamInvitations,
    and(eq(teamInvitations.id, id), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt)),
  );

/**
 * Sends a pending (or expired) invitation again with a fresh token and 7 more days: the old
 * link stops working at once (its hash is replaced in the same batch).
 */
export async function resendInvitation(manager: TeamManager, id: string, now = new Date()) {
  requireTeamManager(manager);
  const row = await findInvitation(id);
  if (!row || row.acceptedAt || row.revokedAt) throw closedRefusal(row);
  requireMayGrant(manager, row.role);
  const limited = await sendLimitError(manager.id, now);
  if (limited) throw limited;
  const inviter = await inviterOf(manager.id);
  if (!inviter) throw new AppError(403, INVITATION_MESSAGES.forbidden);
  const client = db();
  const token = randomToken(INVITATION_RULES.tokenBytes);
  const message = await invitationEmail(row, inviter, invitationLink(token), `team.invitation:${id}:${now.getTime()}`);
  const expiresAt = new Date(now.getTime() + INVITATION_RULES.lifetime);
  await guardedBatch(
    [stillPending(id), noAccountWith(row.email), withinSendLimit(manager.id, now)],
    [
      client
        .update(teamInvitations)
        .set({ tokenHash: await sha256Hex(token), sentAt: now, expiresAt })
        .where(eq(teamInvitations.id, id)),
      invitationAudit(manager, "invitation.resent", id, null, { email: row.email, role: row.role }, now),
      emailStatement(message),
    ],
    async () => {
      const current = await findInvitation(id);
      if (!current || current.acceptedAt || current.revokedAt) return closedRefusal(current);
      return (await sendLimitError(manager.id, now)) ?? new AppError(409, INVITATION_MESSAGES.hasAccount(row.email));
    },
  );
  await deliverSoon([message.idempotencyKey]);
  return toInvitation({ ...row, expiresAt });
}

/** Withdraws a pending invitation: its link stops working. */
export async function revokeInvitation(manager: TeamManager, id: string, now = new Date()) {
  requireTeamManager(manager);
  const row = await findInvitation(id);
  if (!row || row.acceptedAt || row.revokedAt) throw closedRefusal(row);
  const client = db();
  await guardedBatch(
    stillPending(id),
    [
      client.update(teamInvitations).set({ revokedAt: now }).where(eq(teamInvitations.id, id)),
      invitationAudit(manager, "invitation.revoked", id, { email: row.email, role: row.role }, null, now),
    ],
    async () => closedRefusal(await findInvitation(id)),
  );
  return toInvitation(row);
}

/**
 * One page of the invitations neither accepted nor withdrawn, the last sent first, expired ones
 * too (they can be resent), and how many there are.
 */
export async function pendingInvitationsPage({ page, limit }: { page: number; limit: number }, now = new Date()) {
  const inviter = alias(admins, "inviter");
  const client = db();
  const pending = and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt));
  const [rows, totals] = await client.batch([
    client
      .select({
        id: teamInvitations.id,
        email: teamInvitations.email,
        role: teamInvitations.role,
        sentAt: teamInvitations.sentAt,
        expiresAt: teamInvitations.expiresAt,
        // Named apart: in a batch D1 answers rows keyed by column name, and two "email"s would collide.
        invitedBy: sql<string | null>`${inviter.email}`.as("inviter_email"),
      })
      .from(teamInvitations)
      .leftJoin(inviter, eq(inviter.id, teamInvitations.invitedBy))
      .where(pending)
      // The id breaks ties, so a page boundary between two invitations sent at once is stable.
      .orderBy(desc(teamInvitations.sentAt), desc(teamInvitations.id))
      .limit(limit)
      .offset((page - 1) * limit),
    client.select({ n: count() }).from(teamInvitations).where(pending),
  ]);
  return {
    invitations: rows.map((row) => ({ ...row, invitedBy: row.invitedBy ?? null, expired: row.expiresAt <= now })),
    total: totals[0]?.n ?? 0,
  };
}

type LinkState = "valid" | "unknown" | "expired" | "revoked" | "used";

async function findByToken(token: string) {
  if (!token || token.length > 200) return undefined;
  const tokenHash = await sha256Hex(token);
  return db().select().from(teamInvitations).where(eq(teamInvitations.tokenHash, tokenHash)).get();
}

function stateOf(row: TeamInvitation | undefined, now: Date): LinkState {
  if (!row) return "unknown";
  if (row.acceptedAt) return "used";
  if (row.revokedAt) return "revoked";
  if (row.expiresAt <= now) return "expired";
  return "valid";
}

const refusalFor = (state: Exclude<LinkState, "valid">) =>
  new AppError(state === "unknown" ? 404 : 410, INVITATION_MESSAGES[state]);

/**
 * What the accept page shows for a token: who invited and with which role, or why the link no
 * longer works. Reading spends nothing: mail scanners that open links accept nothing.
 */
export async function invitationLinkState(token: string, now = new Date()) {
  const row = await findByToken(token);
  const state = stateOf(row, now);
  if (state !== "valid" || !row)
    return { state, message: INVITATION_MESSAGES[state as Exclude<LinkState, "valid">], invitation: null };
  const inviter = row.invitedBy ? await inviterOf(row.invitedBy) : undefined;
  return {
    state,
    message: null,
    invitation: {
      email: row.email,
      role: row.role,
      inviter: inviter ?? null,
      expiresAt: row.expiresAt,
    },
  };
}

/**
 * Accepts an invitation: an active member with the invited role, the invitation marked
 * accepted and an audit record naming the new member — one guarded batch whose guards are
 * "this invitation, open" and "no account has the email": of parallel accepts of one link
 * exactly one makes an account. Answers the new member (the caller signs them in).
 */
export async function acceptInvitation(input: { token: string; name: string; password: string }, now = new Date()) {
  const row = await openInvitation(input.token, now);
  return createMember(
    row,
    { id: crypto.randomUUID(), name: input.name, passwordHash: await hashPassword(input.password) },
    now,
  );
}

/** An invitation whose link still works, or the refusal that says why not. */
async function openInvitation(token: string, now: Date) {
  const row = await findByToken(token);
  const state = stateOf(row, now);
  if (state !== "valid" || !row) throw refusalFor(state === "valid" ? "unknown" : state);
  return row;
}

/**
 * Options for creating the account with a passkey instead of a password (issue 25 item 2): the
 * invitation's id becomes the account's id, so the passkey's user handle is the account's.
 */
export async function invitationPasskeyOptions(input: { token: string; name: string }, now = new Date()) {
  const row = await openInvitation(input.token, now);
  return newAccountRegistrationOptions({ id: row.id, email: row.email, name: input.name }, now);
}

/**
 * Accepts with a passkey: the account has no password (an empty hash), the passkey is its one way
 * to sign in and counts as two factors (decision 066); the same guarded batch as a password
 * acceptance, so any number of parallel accepts make one account.
 */
export async function acceptInvitationWithPasskey(
  input: { token: string; name: string; credential: unknown },
  now = new Date(),
) {
  const row = await openInvitation(input.token, now);
  const passkey = await newAccountPasskey(row.id, input, now);
  const client = db();
  return createMember(row, { id: row.id, name: input.name, passwordHash: "" }, now, {
    guards: [
      {
        name: "passkey not registered",
        holds: not(
          exists(client.select({ one: sql`1` }).from(passkeys).where(eq(passkeys.credentialId, passkey.credentialId))),
        ),
      },
    ],
    statements: [
      client.insert(passkeys).values(passkey),
      auditStatement(
        { id: row.id, email: row.email },
        "account.passkey_added",
        "passkey",
        passkey.id,
        null,
        { name: passkey.name, deviceType: passkey.deviceType, backedUp: passkey.backedUp },
        now,
      ),
    ],
  });
}

/** The account an accepted invitation makes, with the invitation marked accepted and audited, in one guarded batch. */
async function createMember(
  row: TeamInvitation,
  account: { id: string; name: string; passwordHash: string },
  now: Date,
  extra: { guards: Guard[]; statements: BatchItem<"sqlite">[] } = { guards: [], statements: [] },
) {
  const client = db();
  const member = { id: account.id, email: row.email };
  const [created] = await guardedBatch(
    [
      rowMatches("invitation open", teamInvitations, and(eq(teamInvitations.id, row.id), isOpen(now))),
      noAccountWith(row.email),
      ...extra.guards,
    ],
    [
      client
        .insert(admins)
        .values({
          id: account.id,
          email: row.email,
          name: account.name,
          passwordHash: account.passwordHash,
          status: "active",
          role: row.role,
          approvedBy: row.invitedBy,
          approvedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
      client
        .update(teamInvitations)
        .set({ acceptedAt: now, acceptedBy: account.id })
        .where(eq(teamInvitations.id, row.id)),
      invitationAudit(member, "invitation.accepted", row.id, null, { email: row.email, role: row.role }, now),
      ...extra.statements,
    ],
    async () => {
      const again = stateOf(await findInvitation(row.id), now);
      if (again !== "valid") return refusalFor(again);
      return new AppError(409, extra.guards.length ? PASSKEY_MESSAGES.alreadyRegistered : INVITATION_MESSAGES.taken);
    },
  );
  const admin = (created as (typeof admins.$inferSelect)[])[0];
  if (!admin) throw refusalFor("used");
  return admin;
}
