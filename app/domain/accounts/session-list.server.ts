import { and, desc, eq, gt, inArray, isNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { refreshTokens, sessions } from "~/db/schema";
import { auditStatement } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/errors";
import type { Actor } from "./actor";
import { revokeOtherSessionsStatements, SESSION_LIMITS } from "./sessions.server";

/** Browser and system from a User-Agent header; enough to tell one's own devices apart. */
export function describeUserAgent(userAgent: string | null | undefined) {
  const ua = userAgent ?? "";
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /Firefox\/|FxiOS\//.test(ua)
        ? "Firefox"
        : /Chrome\/|CriOS\/|Chromium\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : /curl\//i.test(ua)
              ? "curl"
              : ua
                ? "Other client"
                : "Unknown client";
  const system = /iPhone|iPad|iPod/.test(ua)
    ? "iOS"
    : /Android/.test(ua)
      ? "Android"
      : /CrOS/.test(ua)
        ? "ChromeOS"
        : /Windows/.test(ua)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(ua)
            ? "macOS"
            : /Linux/.test(ua)
              ? "Linux"
              : "Unknown system";
  return { browser, system };
}

/** The two-letter country Cloudflare's edge attaches to the request, when present. */
export function requestCountry(request: Request): string | null {
  const country = (request as Request & { cf?: { country?: unknown } }).cf?.country;
  return typeof country === "string" && /^[A-Z]{2}$/.test(country) && country !== "XX" ? country : null;
}

export type SessionSummary = {
  id: string;
  kind: "browser" | "api";
  browser: string;
  system: string;
  country: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
};

/** The admin's sessions that still work (not revoked, not expired, not idle), newest first. */
export async function listActiveSessions(
  adminId: string,
  currentSessionId: string | null,
  now = new Date(),
): Promise<SessionSummary[]> {
  const rows = await db()
    .select()
    .from(sessions)
    .where(and(eq(sessions.adminId, adminId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(200)
    .all();
  return rows
    .filter((s) => s.lastSeenAt.getTime() + SESSION_LIMITS[s.kind].idle > now.getTime())
    .map((s) => ({
      id: s.id,
      kind: s.kind,
      ...describeUserAgent(s.userAgent),
      country: s.country,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      current: s.id === currentSessionId,
    }));
}

/**
 * Ends one of the admin's own sessions (and the refresh tokens bound to it, so an API client
 * cannot renew it). Someone else's session id answers 404, exactly like an unknown one.
 */
export async function revokeOwnSession(actor: Actor, sessionId: string, now = new Date()) {
  if (!/^[0-9a-f]{64}$/.test(sessionId)) throw new AppError(404, "Session not found.");
  const client = db();
  const families = client
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.sessionId, sessionId), eq(refreshTokens.adminId, actor.id)));
  const revoked = await client
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.adminId, actor.id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
    .get();
  if (!revoked) throw new AppError(404, "Session not found.");
  await client.batch([
    client
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(refreshTokens.adminId, actor.id),
          isNull(refreshTokens.revokedAt),
          inArray(refreshTokens.familyId, families),
        ),
      ),
    auditStatement(actor, "account.session_revoked", "session", sessionId.slice(0, 12), null, null),
  ]);
}

/** "Sign out everywhere else": every session but the current one. */
export async function revokeOtherSessions(actor: Actor, currentSessionId: string, now = new Date()) {
  const client = db();
  const [result] = await client.batch([
    ...revokeOtherSessionsStatements(actor.id, currentSessionId, now),
    auditStatement(actor, "account.sessions_revoked_others", "admin", actor.id, null, null),
  ]);
  return result.meta.changes ?? 0;
}
