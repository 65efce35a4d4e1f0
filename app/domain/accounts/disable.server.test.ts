import { and, eq, isNull } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { admins, passkeys, refreshTokens, webauthnChallenges } from "~/db/schema";
import fixtures from "../../../tests/fixtures/passkeys.json";
import {
  createAdmin,
  getAdminByEmail,
  liveSessions,
  onlyOwners,
  TEST_PASSWORD,
  twoOwners,
} from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { auditsOf as audits } from "../../../tests/helpers/audit";
import { recordedSignIn, seedChallenge } from "../../../tests/helpers/passkeys";
import { DISABLED_ACCOUNT } from "./accounts.server";
import { verifyAuthentication, verifyRegistration } from "./passkeys.server";
import { OWNER_ONLY } from "./permissions";
import { ROLE_REQUIRED } from "./schemas";
import { createSession, findSession, issueRefreshToken, rotateRefreshToken } from "./sessions.server";
import { CANNOT_DISABLE_SELF, LAST_OWNER } from "./team.server";

/*
 * A disabled member (decision 070) through the real PATCH /api/team/{id} handler: no sign-in by
 * any method, every session and refresh token ended at once, role and data kept for enabling
 * again; the last enabled Owner never disabled, whatever races; audited with the true actor.
 */

const TIMEOUT = 60_000;

const liveRefreshTokens = (adminId: string) =>
  db()
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.adminId, adminId), isNull(refreshTokens.revokedAt)))
    .all();

const enabledOwners = () =>
  db()
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.status, "active"), eq(admins.role, "owner"), isNull(admins.disabledAt)))
    .all();

const disable = (token: string, id: string, status: "active" | "disabled" = "disabled") =>
  api("PATCH", `/api/team/${id}`, { token, body: { status } });

afterEach(async () => {
  await db().delete(passkeys);
  await db().delete(webauthnChallenges);
});

describe("disabling a member", { timeout: TIMEOUT }, () => {
  it("ends every session and refresh token at once, keeps the role, and is audited with the true actor", async () => {
    const { admin: actor, token } = await createAdmin({ role: "admin" });
    const { admin: member, token: memberToken, sessionId } = await createAdmin({ role: "sales" });
    const browser = await createSession(member.id, "browser");
    await issueRefreshToken(member.id, sessionId);
    const r = await disable(token, member.id);
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({
      id: member.id,
      email: member.email,
      name: member.name,
      role: "sales",
      status: "disabled",
    });
    expect(await liveSessions(member.id)).toEqual([]);
    expect(await liveRefreshTokens(member.id)).toEqual([]);
    expect(await findSession(browser.token)).toBeNull();
    expect((await api("GET", "/api/auth/profile", { token: memberToken })).status).toBe(401);
    const [audit] = await audits(member.id, "team.disabled");
    expect(audit).toMatchObject({
      actorId: actor.id,
      actorEmail: actor.email,
      before: { status: "active", role: "sales" },
      after: { status: "disabled", role: "sales" },
    });
    const team = await api("GET", "/api/team", { token });
    expect(team.json.data.find((m: { id: string }) => m.id === member.id)?.status).toBe("disabled");
  });

  it("a disabled member cannot sign in with the password, a passkey or a refresh token; enabled again, they can", async () => {
    const { token } = await createAdmin({ role: "owner" });
    const created = await createAdmin({ role: "marketing" });
    const member = created.admin;
    const actor = { id: member.id, email: member.email };
    await seedChallenge(fixtures.counting.registration.challenge, "registration", member.id);
    await verifyRegistration(actor, { name: "Laptop", credential: fixtures.counting.registration.credential });
    const refresh = await issueRefreshToken(member.id, created.sessionId);
    // A session made meanwhile (a sign-in racing the change) is refused too.
    const racing = await createSession(member.id, "browser");
    expect((await disable(token, member.id)).status).toBe(200);
    expect(await findSession(racing.token)).toBeNull();

    const login = await api("POST", "/api/auth/login", { body: { email: member.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(403);
    expect(login.json).toEqual({ success: false, error: DISABLED_ACCOUNT });
    const assertion = await recordedSignIn();
    await expect(verifyAuthentication({ credential: assertion.credential })).rejects.toMatchObject({
      status: 403,
      message: DISABLED_ACCOUNT,
    });
    expect(await rotateRefreshToken(refresh)).toMatchObject({ ok: false });

    const enabled = await disable(token, member.id, "active");
    expect(enabled.status).toBe(200);
    expect(enabled.json.data).toMatchObject({ role: "marketing", status: "active" });
    expect(await audits(member.id, "team.enabled")).toHaveLength(1);
    const again = await api("POST", "/api/auth/login", { body: { email: member.email, password: TEST_PASSWORD } });
    expect(again.status).toBe(200);
  });

  it("refuses: yourself, also the last Owner (403), an Owner by an Admin (403), Sales (403), bad input (400); nothing changes", async () => {
    const { admin: owner, token: ownerToken } = await createAdmin({ role: "owner" });
    await onlyOwners(owner.id);
    const { token: adminToken, admin } = await createAdmin({ role: "admin" });
    const { token: salesToken } = await createAdmin({ role: "sales" });
    const self = await disable(adminToken, admin.id);
    expect(self.status).toBe(403);
    expect(self.json.error).toBe(CANNOT_DISABLE_SELF);
    const byAdmin = await disable(adminToken, owner.id);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.json.error).toBe(OWNER_ONLY);
    // The last Owner is the one Owner who could act: they cannot disable themselves.
    const last = await disable(ownerToken, owner.id);
    expect(last.status).toBe(403);
    expect(last.json.error).toBe(CANNOT_DISABLE_SELF);
    expect((await disable(salesToken, admin.id)).status).toBe(403);
    const bad = await api("PATCH", `/api/team/${admin.id}`, { token: ownerToken, body: { status: "gone" } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("Status must be active or disabled.");
    const empty = await api("PATCH", `/api/team/${admin.id}`, { token: ownerToken, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.json.error).toBe(ROLE_REQUIRED);
    expect((await getAdminByEmail(owner.email))?.disabledAt).toBeNull();
    expect((await getAdminByEmail(admin.email))?.disabledAt).toBeNull();
  });

  it("the last enabled Owner cannot be disabled by another Owner who is disabled", async () => {
    const [a, b] = await twoOwners();
    expect((await disable(a.token, b.admin.id)).status).toBe(200);
    // b is disabled now: a is the last enabled Owner and cannot be demoted either.
    const demote = await api("PATCH", `/api/team/${a.admin.id}`, { token: a.token, body: { role: "admin" } });
    expect(demote.status).toBe(409);
    expect(demote.json.error).toBe(LAST_OWNER);
    expect(await enabledOwners()).toEqual([{ id: a.admin.id }]);
  });

  it("20 parallel disables of two Owners by each other leave exactly one enabled Owner and one audit record", async () => {
    const [a, b] = await twoOwners();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const [by, target] = (i % 2 ? [a, b] : [b, a]) as [typeof a, typeof a];
        return disable(by.token, target.admin.id);
      }),
    );
    expect(await enabledOwners()).toHaveLength(1);
    for (const r of answers.filter((r) => r.status !== 200)) {
      expect([401, 403, 409]).toContain(r.status);
      expect(r.json.success).toBe(false);
    }
    const changes = [...(await audits(a.admin.id, "team.disabled")), ...(await audits(b.admin.id, "team.disabled"))];
    expect(changes).toHaveLength(1);
  });

  it("the same disable sent 20 times at once: one change, one audit record, every answer the disabled member", async () => {
    const { token } = await createAdmin({ role: "admin" });
    const { admin: member } = await createAdmin({ role: "author" });
    const answers = await Promise.all(Array.from({ length: 20 }, () => disable(token, member.id)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(answers.every((r) => r.json.data.status === "disabled")).toBe(true);
    expect(await audits(member.id, "team.disabled")).toHaveLength(1);
  });
});
