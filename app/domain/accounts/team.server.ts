import { and, eq, inArray, isNotNull, isNull, ne } from "drizzle-orm";
import { db } from "~/db/client.server";
import { type Guard, guardedBatch, rowMatches } from "~/db/guarded.server";
import { type Admin, admins } from "~/db/schema";
import { auditStatement } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/errors";
import { TEAM_ROLES, type TeamRole } from "~/lib/team-roles";
import { getAdmin, toProfile } from "./accounts.server";
import type { Actor } from "./actor";
import { FORBIDDEN_MESSAGE, mayManageOwnership, mayManageTeam, OWNER_ONLY } from "./permissions";
import { revokeOtherSessionsStatements } from "./sessions.server";

/*
 * Role changes and removals are guarded changes (decisions 013, 064): the change, the end of the
 * member's sessions and the audit record (true actor, role before and after) in one batch that
 * starts with row-match guards, so the rules hold however many requests race: the member still
 * has the role the change was decided on, the actor still may make it, and an Owner remains.
 */

export const LAST_OWNER = "The team must keep at least one Owner: make another member an Owner first.";
export const CHANGED_MEANWHILE = "This member was changed meanwhile. Reload the team and try again.";

export const CANNOT_DISABLE_SELF = "You cannot disable your own account.";

/** A member's status as the team shows it: a disabled member (decision 070) reads "disabled". */
export const MEMBER_STATUSES = ["pending", "active", "rejected", "disabled"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** A member as the team endpoints and the team page show one. */
export function toMember(admin: Pick<Admin, "id" | "name" | "email" | "role" | "status" | "disabledAt">) {
  const status: MemberStatus = admin.disabledAt ? "disabled" : admin.status;
  return { ...toProfile(admin), status };
}

/** The team as the console and GET /api/team list it: members first by when they joined. */
export async function listTeam() {
  const rows = await db().select().from(admins).orderBy(admins.createdAt).all();
  return rows.map(toMember);
}

/** An enabled Owner: the last one can be neither demoted, removed nor disabled. */
const enabledOwner = and(eq(admins.status, "active"), eq(admins.role, "owner"), isNull(admins.disabledAt));

async function actorRole(actor: Actor): Promise<TeamRole> {
  const me = await getAdmin(actor.id);
  // Read fresh: a role changed since the session was looked up counts, not the older one.
  if (me?.status !== "active" || me.disabledAt || !me.role || !mayManageTeam(me.role)) {
    throw new AppError(403, FORBIDDEN_MESSAGE);
  }
  return me.role;
}

async function member(id: string): Promise<Admin & { role: TeamRole }> {
  const target = await getAdmin(id);
  if (target?.status !== "active" || !target.role) throw new AppError(404, "Team member not found.");
  return { ...target, role: target.role };
}

/** The guards every change of a member's role (or removal) needs. */
export function guardsFor(actor: Actor, target: Admin & { role: TeamRole }, ownership: boolean): Guard[] {
  const guards: Guard[] = [
    rowMatches(
      "member unchanged",
      admins,
      and(eq(admins.id, target.id), eq(admins.status, "active"), eq(admins.role, target.role)),
    ),
    rowMatches(
      "actor manages the team",
      admins,
      and(
        eq(admins.id, actor.id),
        eq(admins.status, "active"),
        isNull(admins.disabledAt),
        inArray(admins.role, TEAM_ROLES.filter(ownership ? mayManageOwnership : mayManageTeam)),
      ),
    ),
  ];
  if (target.role === "owner") guards.push(anotherOwnerRemains(target.id));
  return guards;
}

/** Another enabled Owner than `targetId` (a disabled Owner cannot manage the team). */
const anotherOwnerRemains = (targetId: string) =>
  rowMatches("another owner remains", admins, and(ne(admins.id, targetId), enabledOwner));

/** Why a guarded change was refused, read after the fact. */
async function refusal(actor: Actor, targetId: string, wasOwner: boolean): Promise<AppError> {
  const [current, me, owners] = await Promise.all([
    getAdmin(targetId),
    getAdmin(actor.id),
    db().select({ id: admins.id }).from(admins).where(enabledOwner).all(),
  ]);
  if (current?.status !== "active") return new AppError(404, "Team member not found.");
  if (me?.status !== "active" || me.disabledAt || !mayManageTeam(me.role)) {
    return new AppError(403, FORBIDDEN_MESSAGE);
  }
  if (wasOwner && current.role === "owner" && owners.length <= 1) return new AppError(409, LAST_OWNER);
  return new AppError(409, CHANGED_MEANWHILE);
}

/**
 * Gives a member another role. Only an Owner gives or takes the Owner role; the last Owner keeps
 * it; the member's sessions end at once (they sign in again under the new role).
 */
export async function changeRole(actor: Actor, targetId: string, role: TeamRole, now = new Date()) {
  const mine = await actorRole(actor);
  const target = await member(targetId);
  if (target.role === role) return toMember(target);
  const ownership = target.role === "owner" || role === "owner";
  if (ownership && !mayManageOwnership(mine)) throw new AppError(403, OWNER_ONLY);
  if (target.role === "owner" && (await ownerCount()) <= 1) throw new AppError(409, LAST_OWNER);
  const client = db();
  await guardedBatch(
    guardsFor(actor, target, ownership),
    [
      client.update(admins).set({ role, updatedAt: now }).where(eq(admins.id, target.id)),
      ...revokeOtherSessionsStatements(target.id, null, now),
      auditStatement(actor, "team.role_changed", "admin", target.id, { role: target.role }, { role }),
    ],
    () => refusal(actor, target.id, target.role === "owner"),
  );
  return toMember({ ...target, role });
}

/**
 * Removes a member from the team: the account and, with it, its sessions, second factor and
 * codes (they go with the account, by the schema's cascades). The audit log keeps the member's
 * email. Nobody removes themselves here, and the last Owner stays.
 */
export async function removeMember(actor: Actor, targetId: string) {
  if (actor.id === targetId) throw new AppError(403, "You cannot remove your own account.");
  const mine = await actorRole(actor);
  const target = await member(targetId);
  const ownership = target.role === "owner";
  if (ownership && !mayManageOwnership(mine)) throw new AppError(403, OWNER_ONLY);
  if (ownership && (await ownerCount()) <= 1) throw new AppError(409, LAST_OWNER);
  const client = db();
  const now = new Date();
  await guardedBatch(
    guardsFor(actor, target, ownership),
    [
      // Ended first, in the same batch, so no request of theirs passes between (the rows then go with the account).
      ...revokeOtherSessionsStatements(target.id, null, now),
      auditStatement(
        actor,
        "team.removed",
        "admin",
        target.id,
        { role: target.role, email: target.email, name: target.name },
        null,
      ),
      client.delete(admins).where(eq(admins.id, target.id)),
    ],
    () => refusal(actor, target.id, ownership),
  );
  return toMember(target);
}

async function ownerCount() {
  const rows = await db().select({ id: admins.id }).from(admins).where(enabledOwner).all();
  return rows.length;
}

/**
 * Disables a member, or enables them again (decision 070). Disabled, they cannot sign in (password,
 * passkey, refresh token) and every session and refresh token of theirs ends in the same batch;
 * their role and data stay. Only an Owner disables or enables an Owner; the last enabled Owner
 * stays enabled however many requests race; nobody disables themselves. The same change sent
 * twice (or twenty times at once) finds its work done: one change, one audit record.
 */
export async function setMemberStatus(actor: Actor, targetId: string, wanted: "active" | "disabled", now = new Date()) {
  const disabling = wanted === "disabled";
  if (disabling && actor.id === targetId) throw new AppError(403, CANNOT_DISABLE_SELF);
  const mine = await actorRole(actor);
  const target = await member(targetId);
  if (Boolean(target.disabledAt) === disabling) return toMember(target);
  const ownership = target.role === "owner";
  if (ownership && !mayManageOwnership(mine)) throw new AppError(403, OWNER_ONLY);
  if (ownership && disabling && (await ownerCount()) <= 1) throw new AppError(409, LAST_OWNER);
  const client = db();
  const [memberGuard, actorGuard] = guardsFor(actor, target, ownership);
  const guards = [
    memberGuard,
    actorGuard,
    rowMatches(
      disabling ? "member enabled" : "member disabled",
      admins,
      and(eq(admins.id, target.id), disabling ? isNull(admins.disabledAt) : isNotNull(admins.disabledAt)),
    ),
    ...(ownership && disabling ? [anotherOwnerRemains(target.id)] : []),
  ].filter((guard) => guard !== undefined);
  try {
    await guardedBatch(
      guards,
      [
        client
          .update(admins)
          .set({ disabledAt: disabling ? now : null, updatedAt: now })
          .where(eq(admins.id, target.id)),
        // Ended in the same batch: no request of theirs passes between.
        ...(disabling ? revokeOtherSessionsStatements(target.id, null, now) : []),
        auditStatement(
          actor,
          disabling ? "team.disabled" : "team.enabled",
          "admin",
          target.id,
          { status: disabling ? "active" : "disabled", role: target.role },
          { status: wanted, role: target.role },
        ),
      ],
      () => refusal(actor, target.id, ownership && disabling),
    );
  } catch (error) {
    const current = await getAdmin(target.id);
    if (current && current.status === "active" && Boolean(current.disabledAt) === disabling) return toMember(current);
    throw error;
  }
  return toMember({ ...target, disabledAt: disabling ? now : null });
}
