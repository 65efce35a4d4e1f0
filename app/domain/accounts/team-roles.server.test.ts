import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { admins, auditLog } from "~/db/schema";
import { createAdmin, getAdminByEmail, liveSessions, onlyOwners, twoOwners } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { decideRegistration } from "./accounts.server";
import { FORBIDDEN_MESSAGE, OWNER_ONLY } from "./permissions";
import { ROLE_REQUIRED } from "./schemas";
import { LAST_OWNER } from "./team.server";

/*
 * Role changes and removals (decision 064) through the real /api handlers: guarded changes with
 * the true actor and the role before and after in the audit log, the member's sessions ended at
 * once, and an Owner kept whatever races.
 */

const TIMEOUT = 60_000;

async function activeOwners() {
  return db()
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.status, "active"), eq(admins.role, "owner")))
    .all();
}

describe("GET /api/team", { timeout: TIMEOUT }, () => {
  it("lists members with id, email, name, role and status; only Owners and Admins may", async () => {
    const { token } = await createAdmin({ role: "admin" });
    const { admin: seller } = await createAdmin({ role: "sales", name: "Sam Seller" });
    const r = await api("GET", "/api/team", { token });
    expect(r.status).toBe(200);
    expect(r.json.data).toContainEqual({
      id: seller.id,
      email: seller.email,
      name: "Sam Seller",
      role: "sales",
      status: "active",
    });
    const { token: sales } = await createAdmin({ role: "sales" });
    const refused = await api("GET", "/api/team", { token: sales });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ success: false, error: FORBIDDEN_MESSAGE });
  });
});

describe("PATCH /api/team/{id}", { timeout: TIMEOUT }, () => {
  it("changes the role, ends the member's sessions at once and audits the actor with the role before and after", async () => {
    const { admin: actor, token } = await createAdmin({ role: "admin" });
    const { admin: member, token: memberToken } = await createAdmin({ role: "author" });
    expect((await api("GET", "/api/auth/profile", { token: memberToken })).json.data.role).toBe("author");

    const r = await api("PATCH", `/api/team/${member.id}`, { token, body: { role: "marketing" } });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ id: member.id, role: "marketing", status: "active" });
    expect((await getAdminByEmail(member.email))?.role).toBe("marketing");

    // The member's token no longer works: they sign in again under the new role.
    expect(await liveSessions(member.id)).toEqual([]);
    expect((await api("GET", "/api/auth/profile", { token: memberToken })).status).toBe(401);

    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, member.id)).all();
    expect(audit).toMatchObject([
      {
        action: "team.role_changed",
        actorId: actor.id,
        actorEmail: actor.email,
        before: { role: "author" },
        after: { role: "marketing" },
      },
    ]);
  });

  it("a role value outside the list is a 400 with the rule and changes nothing", async () => {
    const { token } = await createAdmin({ role: "admin" });
    const { admin: member } = await createAdmin({ role: "sales" });
    for (const body of [{ role: "superuser" }, {}, { role: null }]) {
      const r = await api("PATCH", `/api/team/${member.id}`, { token, body });
      expect(r.status).toBe(400);
      expect(r.json.error).toBe(ROLE_REQUIRED);
    }
    expect((await getAdminByEmail(member.email))?.role).toBe("sales");
  });

  it("only an Owner makes or unmakes an Owner", async () => {
    const { token: adminToken } = await createAdmin({ role: "admin" });
    const { admin: owner, token: ownerToken } = await createAdmin({ role: "owner" });
    const { admin: member } = await createAdmin({ role: "sales" });

    const promote = await api("PATCH", `/api/team/${member.id}`, { token: adminToken, body: { role: "owner" } });
    expect(promote.status).toBe(403);
    expect(promote.json.error).toBe(OWNER_ONLY);
    const demote = await api("PATCH", `/api/team/${owner.id}`, { token: adminToken, body: { role: "admin" } });
    expect(demote.status).toBe(403);
    expect(demote.json.error).toBe(OWNER_ONLY);
    expect((await getAdminByEmail(owner.email))?.role).toBe("owner");

    const byOwner = await api("PATCH", `/api/team/${member.id}`, { token: ownerToken, body: { role: "owner" } });
    expect(byOwner.status).toBe(200);
    expect((await getAdminByEmail(member.email))?.role).toBe("owner");
  });

  it("the last Owner cannot be demoted, also by themselves", async () => {
    const { admin: owner, token } = await createAdmin({ role: "owner" });
    await onlyOwners(owner.id);
    const r = await api("PATCH", `/api/team/${owner.id}`, { token, body: { role: "admin" } });
    expect(r.status).toBe(409);
    expect(r.json.error).toBe(LAST_OWNER);
    expect((await getAdminByEmail(owner.email))?.role).toBe("owner");
  });

  it("20 parallel demotions of two Owners by each other leave exactly one Owner", async () => {
    const [a, b] = await twoOwners();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        // Each Owner demotes the other, and themselves, at the same time.
        const [by, target] = [
          [a, b],
          [b, a],
          [a, a],
          [b, b],
        ][i % 4] as [typeof a, typeof a];
        return api("PATCH", `/api/team/${target.admin.id}`, { token: by.token, body: { role: "admin" } });
      }),
    );
    const owners = await activeOwners();
    expect(owners).toHaveLength(1);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    // Every other answer is a refusal that says why; none is a server error.
    for (const r of answers.filter((r) => r.status !== 200)) {
      expect([401, 403, 409]).toContain(r.status);
      expect(r.json.success).toBe(false);
    }
    const changes = await db().select().from(auditLog).where(eq(auditLog.action, "team.role_changed")).all();
    const ours = changes.filter((c) => c.targetId === a.admin.id || c.targetId === b.admin.id);
    expect(ours).toHaveLength(1);
  });
});

describe("DELETE /api/team/{id}", { timeout: TIMEOUT }, () => {
  it("removes a member: the account and its sessions end at once, audited with the actor and the role", async () => {
    const { admin: actor, token } = await createAdmin({ role: "admin" });
    const { admin: member, token: memberToken } = await createAdmin({ role: "marketing" });
    const r = await api("DELETE", `/api/team/${member.id}`, { token });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ id: member.id, role: "marketing" });
    expect(await getAdminByEmail(member.email)).toBeUndefined();
    expect((await api("GET", "/api/auth/profile", { token: memberToken })).status).toBe(401);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, member.id)).all();
    expect(audit).toMatchObject([
      { action: "team.removed", actorId: actor.id, before: { role: "marketing", email: member.email }, after: null },
    ]);
  });

  it("nobody removes themselves; an Admin never removes an Owner; the last Owner stays", async () => {
    const { admin: owner, token: ownerToken } = await createAdmin({ role: "owner" });
    const { token: adminToken } = await createAdmin({ role: "admin" });
    await onlyOwners(owner.id);
    const self = await api("DELETE", `/api/team/${owner.id}`, { token: ownerToken });
    expect(self.status).toBe(403);
    expect(self.json.error).toBe("You cannot remove your own account.");
    const byAdmin = await api("DELETE", `/api/team/${owner.id}`, { token: adminToken });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.json.error).toBe(OWNER_ONLY);
    expect((await getAdminByEmail(owner.email))?.role).toBe("owner");
  });

  it("20 parallel removals of two Owners by each other leave one Owner", async () => {
    const [a, b] = await twoOwners();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const [by, target] = i % 2 === 0 ? [a, b] : [b, a];
        return api("DELETE", `/api/team/${target.admin.id}`, { token: by.token });
      }),
    );
    expect(await activeOwners()).toHaveLength(1);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
  });
});

describe("approval picks a role", { timeout: TIMEOUT }, () => {
  it("approving without a role is refused with a clear error and changes nothing", async () => {
    const { admin, token } = await createAdmin({ role: "admin" });
    const { admin: applicant } = await createAdmin({ status: "pending" });
    const r = await api("POST", `/api/admin/team/${applicant.id}/decision`, { token, body: { action: "approve" } });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe(ROLE_REQUIRED);
    expect((await getAdminByEmail(applicant.email))?.status).toBe("pending");
    await expect(
      decideRegistration({ id: admin.id, email: admin.email }, applicant.id, "approve", { role: "owner" }),
    ).rejects.toMatchObject({ status: 403, message: OWNER_ONLY });

    const approved = await api("POST", `/api/admin/team/${applicant.id}/decision`, {
      token,
      body: { action: "approve", role: "author" },
    });
    expect(approved.json.data).toMatchObject({ status: "active", role: "author" });
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, applicant.id)).all();
    expect(audit).toMatchObject([{ action: "team.approved", before: { role: null }, after: { role: "author" } }]);
  });
});
