import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { admins, refreshTokens, sessions } from "~/db/schema";
import { sha256Hex } from "~/lib/crypto.server";
import { MINUTE } from "~/lib/durations";
import { createAdmin } from "../../../tests/helpers/accounts";
import {
  createSession,
  findSession,
  issueRefreshToken,
  purgeExpiredSessions,
  revokeLogin,
  revokeRefreshToken,
  rotateRefreshToken,
  SESSION_LIMITS,
} from "./sessions.server";

const T0 = new Date("2031-01-10T10:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

describe("sessions", () => {
  it("a token finds its admin; only its SHA-256 is stored; unknown, empty and oversized tokens find nothing", async () => {
    const { admin } = await createAdmin();
    const { token, sessionId } = await createSession(admin.id, "browser", { now: T0, userAgent: "Firefox/1" });
    expect(sessionId).toBe(await sha256Hex(token));
    expect((await findSession(token, T0))?.admin.id).toBe(admin.id);
    expect(await findSession(`${token}x`, T0)).toBeNull();
    expect(await findSession("", T0)).toBeNull();
    expect(await findSession("x".repeat(201), T0)).toBeNull();
    expect(await findSession(sessionId, T0)).toBeNull();
  });

  it("a browser session ends after 12 hours idle or 7 days in all; use within 5 minutes writes nothing", async () => {
    const { admin } = await createAdmin();
    const { token, sessionId } = await createSession(admin.id, "browser", { now: T0 });
    const lastSeen = async () =>
      (await db().select().from(sessions).where(eq(sessions.id, sessionId)).get())?.lastSeenAt.getTime();
    expect(await findSession(token, at(4 * MINUTE))).not.toBeNull();
    expect(await lastSeen()).toBe(T0.getTime());
    expect(await findSession(token, at(6 * MINUTE))).not.toBeNull();
    expect(await lastSeen()).toBe(at(6 * MINUTE).getTime());
    // Used every 11 hours it lives until its absolute limit.
    for (let hours = 11; hours < 7 * 24; hours += 11) {
      expect(await findSession(token, at(hours * 60 * MINUTE))).not.toBeNull();
    }
    expect(await findSession(token, at(SESSION_LIMITS.browser.absolute))).toBeNull();

    const idle = await createSession(admin.id, "browser", { now: T0 });
    expect(await findSession(idle.token, at(SESSION_LIMITS.browser.idle))).toBeNull();
  });

  it("an API session lasts one hour", async () => {
    const { admin } = await createAdmin();
    const { token } = await createSession(admin.id, "api", { now: T0 });
    expect(await findSession(token, at(59 * MINUTE))).not.toBeNull();
    expect(await findSession(token, at(60 * MINUTE))).toBeNull();
  });

  it("logging out revokes the session and the refresh family it belongs to", async () => {
    const { admin } = await createAdmin();
    const access = await createSession(admin.id, "api", { now: T0 });
    const refresh = await issueRefreshToken(admin.id, access.sessionId, { now: T0 });
    const other = await createSession(admin.id, "api", { now: T0 });
    await revokeLogin(access.sessionId, at(MINUTE));
    expect(await findSession(access.token, at(MINUTE))).toBeNull();
    expect(await rotateRefreshToken(refresh, at(MINUTE))).toEqual({ ok: false, reason: "revoked" });
    expect(await findSession(other.token, at(MINUTE))).not.toBeNull();
  });
});

describe("refresh tokens", () => {
  it("rotating gives a new access and refresh token and retires the old access session", async () => {
    const { admin } = await createAdmin();
    const access = await createSession(admin.id, "api", { now: T0 });
    const refresh = await issueRefreshToken(admin.id, access.sessionId, { now: T0 });
    const rotated = await rotateRefreshToken(refresh, at(MINUTE));
    expect(rotated).toMatchObject({ ok: true, adminId: admin.id });
    if (!rotated.ok) return;
    expect(await findSession(access.token, at(MINUTE))).toBeNull();
    expect((await findSession(rotated.accessToken, at(MINUTE)))?.admin.id).toBe(admin.id);
    expect(rotated.refreshToken).not.toBe(refresh);
  });

  it("a replay after a rotation revokes the family: the rotated tokens stop working too", async () => {
    const { admin } = await createAdmin();
    const access = await createSession(admin.id, "api", { now: T0 });
    const refresh = await issueRefreshToken(admin.id, access.sessionId, { now: T0 });
    const rotated = await rotateRefreshToken(refresh, at(MINUTE));
    if (!rotated.ok) throw new Error("the first rotation must succeed");
    expect(await rotateRefreshToken(refresh, at(2 * MINUTE))).toEqual({ ok: false, reason: "reused" });
    expect(await findSession(rotated.accessToken, at(2 * MINUTE))).toBeNull();
    expect(await rotateRefreshToken(rotated.refreshToken, at(2 * MINUTE))).toMatchObject({ ok: false });
  });

  it("20 uses of one refresh token at once are a replay: at most one rotates, and no token issued survives", async () => {
    const { admin, sessionId: unrelated } = await createAdmin();
    const access = await createSession(admin.id, "api", { now: T0 });
    const refresh = await issueRefreshToken(admin.id, access.sessionId, { now: T0 });
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => rotateRefreshToken(refresh, at(MINUTE))));
    const rotated = outcomes.filter((o) => o.ok);
    expect(rotated.length).toBeLessThanOrEqual(1);
    expect(outcomes.filter((o) => !o.ok).length).toBeGreaterThanOrEqual(19);
    for (const o of outcomes.filter((o) => !o.ok)) expect(o).toEqual({ ok: false, reason: "reused" });
    // However the 20 interleaved, the family ends revoked: no access or refresh token of it works.
    for (const o of rotated) {
      expect(await findSession(o.accessToken, at(MINUTE))).toBeNull();
      expect(await rotateRefreshToken(o.refreshToken, at(2 * MINUTE))).toMatchObject({ ok: false });
    }
    const live = await db().select().from(sessions).where(eq(sessions.adminId, admin.id)).all();
    expect(live.filter((session) => session.id !== unrelated && session.revokedAt === null)).toEqual([]);
  });

  it("unknown, expired and rejected-admin tokens are refused", async () => {
    const { admin } = await createAdmin();
    const access = await createSession(admin.id, "api", { now: T0 });
    expect(await rotateRefreshToken("not-a-token", T0)).toEqual({ ok: false, reason: "unknown" });
    expect(await rotateRefreshToken("", T0)).toEqual({ ok: false, reason: "unknown" });
    const old = await issueRefreshToken(admin.id, access.sessionId, { now: T0 });
    expect(await rotateRefreshToken(old, at(SESSION_LIMITS.refresh))).toEqual({ ok: false, reason: "expired" });
    const fresh = await issueRefreshToken(admin.id, access.sessionId, { now: T0 });
    await db().update(admins).set({ status: "rejected" }).where(eq(admins.id, admin.id));
    expect(await rotateRefreshToken(fresh, at(MINUTE))).toEqual({ ok: false, reason: "inactive" });
  });

  it("revoking a refresh token on logout stops its family and leaves other logins alone", async () => {
    const { admin } = await createAdmin();
    const a = await createSession(admin.id, "api", { now: T0 });
    const b = await createSession(admin.id, "api", { now: T0 });
    const refreshA = await issueRefreshToken(admin.id, a.sessionId, { now: T0 });
    const refreshB = await issueRefreshToken(admin.id, b.sessionId, { now: T0 });
    await revokeRefreshToken(refreshA, at(MINUTE));
    await revokeRefreshToken("unknown-token", at(MINUTE));
    expect(await findSession(a.token, at(MINUTE))).toBeNull();
    expect(await rotateRefreshToken(refreshA, at(MINUTE))).toMatchObject({ ok: false });
    expect((await rotateRefreshToken(refreshB, at(MINUTE))).ok).toBe(true);
  });
});

describe("purgeExpiredSessions", () => {
  it("drops expired sessions and tokens, and those revoked over a week ago; keeps the rest", async () => {
    const { admin } = await createAdmin();
    const expired = await createSession(admin.id, "api", { now: T0 });
    const live = await createSession(admin.id, "browser", { now: T0 });
    const refresh = await issueRefreshToken(admin.id, live.sessionId, { now: T0 });
    const now = at(2 * 60 * MINUTE);
    await purgeExpiredSessions(now);
    const ids = (await db().select().from(sessions).where(eq(sessions.adminId, admin.id)).all()).map((s) => s.id);
    expect(ids).toEqual([live.sessionId]);
    expect(ids).not.toContain(expired.sessionId);
    expect(
      await db()
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.id, await sha256Hex(refresh)))
        .all(),
    ).toHaveLength(1);
    await revokeLogin(live.sessionId, now);
    await purgeExpiredSessions(new Date(now.getTime() + 8 * 24 * 60 * MINUTE));
    expect(await db().select().from(sessions).where(eq(sessions.adminId, admin.id)).all()).toEqual([]);
    expect(await db().select().from(refreshTokens).where(eq(refreshTokens.adminId, admin.id)).all()).toEqual([]);
  });
});
