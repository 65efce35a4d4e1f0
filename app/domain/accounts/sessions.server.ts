import { and, eq, inArray, isNotNull, isNull, lt, ne, or } from "drizzle-orm";
import { db } from "~/db/client.server";
import { admins, refreshTokens, sessions } from "~/db/schema";
import { randomToken, sha256Hex } from "~/lib/crypto.server";
import { DAY, HOUR, MINUTE } from "~/lib/durations";
import type { TeamRole } from "~/lib/team-roles";

/** How long sign-in state lives, in milliseconds. */
export const SESSION_LIMITS = {
  browser: { idle: 12 * HOUR, absolute: 7 * DAY },
  api: { idle: 1 * HOUR, absolute: 1 * HOUR },
  refresh: 30 * DAY,
  /** lastSeenAt is written at most this often, to keep reads cheap. */
  touchEvery: 5 * MINUTE,
} as const;

export type SessionKind = "browser" | "api";

export type ActiveSession = {
  sessionId: string;
  admin: { id: string; email: string; name: string; role: TeamRole | null; status: "pending" | "active" | "rejected" };
};

/** Creates a session and returns the token the client keeps; only its hash is stored. */
export async function createSession(
  adminId: string,
  kind: SessionKind,
  {
    now = new Date(),
    userAgent,
    country,
  }: { now?: Date; userAgent?: string | null /** request.cf.country, if known */; country?: string | null } = {},
) {
  const token = randomToken();
  const id = await sha256Hex(token);
  const limits = SESSION_LIMITS[kind];
  const expiresAt = new Date(now.getTime() + limits.absolute);
  await db()
    .insert(sessions)
    .values({
      id,
      adminId,
      kind,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      userAgent: userAgent ?? null,
      country: country ?? null,
    });
  return { token, sessionId: id, expiresAt };
}

/** The admin behind a token, or null when the token is unknown, revoked or expired. */
export async function findSession(token: string, now = new Date()): Promise<ActiveSession | null> {
  if (!token || token.length > 200) return null;
  const id = await sha256Hex(token);
  const row = await db()
    .select({ session: sessions, admin: admins })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(eq(sessions.id, id))
    .get();
  // A disabled member's sessions end when they are disabled; this also ends one created meanwhile (decision 070).
  if (!row || row.session.revokedAt || row.admin.disabledAt) return null;
  const { session, admin } = row;
  const idleLimit = SESSION_LIMITS[session.kind].idle;
  if (session.expiresAt <= now || session.lastSeenAt.getTime() + idleLimit <= now.getTime()) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > SESSION_LIMITS.touchEvery) {
    await db().update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return {
    sessionId: id,
    admin: { id: admin.id, email: admin.email, name: admin.name, role: admin.role, status: admin.status },
  };
}

export async function revokeSession(sessionId: string, now = new Date()) {
  await db()
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Logout of one login: its session, and the refresh-token family bound to it (with the
 * access sessions that family issued), so the refresh cookie of that login stops working too
 * even when the client logs out with only its Bearer token.
 */
export async function revokeLogin(sessionId: string, now = new Date()) {
  await db().batch(revokeLoginStatements(sessionId, now));
}

/** The statements of `revokeLogin`, for a batch that ends a login together with another change. */
export function revokeLoginStatements(sessionId: string, now: Date) {
  const client = db();
  const families = client
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.sessionId, sessionId));
  const familySessions = client
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(inArray(refreshTokens.familyId, families));
  return [
    client
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(isNull(sessions.revokedAt), or(eq(sessions.id, sessionId), inArray(sessions.id, familySessions)))),
    client
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(isNull(refreshTokens.revokedAt), inArray(refreshTokens.familyId, families))),
  ] as const;
}

/** Revokes every session and refresh token of an admin, except the one given. */
export function revokeOtherSessionsStatements(adminId: string, keepSessionId: string | null, now: Date) {
  const client = db();
  return [
    client
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.adminId, adminId),
          isNull(sessions.revokedAt),
          keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
        ),
      ),
    client
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(refreshTokens.adminId, adminId),
          isNull(refreshTokens.revokedAt),
          keepSessionId ? or(isNull(refreshTokens.sessionId), ne(refreshTokens.sessionId, keepSessionId)) : undefined,
        ),
      ),
  ] as const;
}

/** Issues a refresh token in a (new or existing) family, bound to an access session. */
export async function issueRefreshToken(
  adminId: string,
  sessionId: string,
  { familyId = crypto.randomUUID(), now = new Date() }: { familyId?: string; now?: Date } = {},
) {
  const token = randomToken();
  await db()
    .insert(refreshTokens)
    .values({
      id: await sha256Hex(token),
      adminId,
      familyId,
      sessionId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_LIMITS.refresh),
    });
  return token;
}

export type RefreshOutcome =
  | { ok: true; accessToken: string; refreshToken: string; adminId: string }
  | { ok: false; reason: "unknown" | "expired" | "reused" | "revoked" | "inactive" };

/**
 * Rotates a refresh token: the presented one is marked replaced in the same statement
 * that checks it, so two concurrent uses cannot both succeed. A token presented after
 * it was replaced revokes its whole family (it was stolen or replayed).
 */
export async function rotateRefreshToken(token: string, now = new Date()): Promise<RefreshOutcome> {
  if (!token || token.length > 200) return { ok: false, reason: "unknown" };
  const id = await sha256Hex(token);
  const client = db();
  const claimed = await client
    .update(refreshTokens)
    .set({ replacedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.replacedAt), isNull(refreshTokens.revokedAt)))
    .returning()
    .get();
  if (!claimed) {
    const existing = await client.select().from(refreshTokens).where(eq(refreshTokens.id, id)).get();
    if (!existing) return { ok: false, reason: "unknown" };
    if (existing.replacedAt) {
      await revokeFamily(existing.familyId, now);
      return { ok: false, reason: "reused" };
    }
    return { ok: false, reason: "revoked" };
  }
  if (claimed.expiresAt <= now) return { ok: false, reason: "expired" };
  const admin = await client.select().from(admins).where(eq(admins.id, claimed.adminId)).get();
  if (!admin || admin.status === "rejected" || admin.disabledAt) return { ok: false, reason: "inactive" };
  if (claimed.sessionId) await revokeSession(claimed.sessionId, now);
  const access = await createSession(admin.id, "api", { now });
  const refreshToken = await issueRefreshToken(admin.id, access.sessionId, {
    familyId: claimed.familyId,
    now,
  });
  // A replay of the same token running at this moment may have revoked the family before the
  // new pair existed: then the new pair goes too, and this rotation fails like the replay.
  const revokedMeanwhile = await client
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.id, id), isNotNull(refreshTokens.revokedAt)))
    .get();
  if (revokedMeanwhile) {
    await revokeFamily(claimed.familyId, now);
    return { ok: false, reason: "reused" };
  }
  return { ok: true, accessToken: access.token, refreshToken, adminId: admin.id };
}

/** Revokes a family's tokens and their sessions in one batch (the sessions by subquery, so none added meanwhile is missed). */
async function revokeFamily(familyId: string, now: Date) {
  const client = db();
  const members = client
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.familyId, familyId));
  await client.batch([
    client
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(isNull(sessions.revokedAt), inArray(sessions.id, members))),
    client.update(refreshTokens).set({ revokedAt: now }).where(eq(refreshTokens.familyId, familyId)),
  ]);
}

/** Scheduled job: drops sessions and refresh tokens that can no longer be used. */
export async function purgeExpiredSessions(now: Date): Promise<number> {
  const client = db();
  const weekAgo = new Date(now.getTime() - 7 * DAY);
  const [a, b] = await client.batch([
    client.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.revokedAt, weekAgo))),
    client.delete(refreshTokens).where(or(lt(refreshTokens.expiresAt, now), lt(refreshTokens.revokedAt, weekAgo))),
  ]);
  return (a.meta.changes ?? 0) + (b.meta.changes ?? 0);
}

/** Logout: the refresh token's whole family (and its access sessions) stops working. */
export async function revokeRefreshToken(token: string, now = new Date()) {
  if (!token || token.length > 200) return;
  const row = await db()
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, await sha256Hex(token)))
    .get();
  if (row) await revokeFamily(row.familyId, now);
}
