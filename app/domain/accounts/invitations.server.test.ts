import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { admins, auditLog, emailOutbox, teamInvitations } from "~/db/schema";
import { sha256Hex } from "~/lib/crypto.server";
import { DAY } from "~/lib/durations";
import type { TeamRole } from "~/lib/team-roles";
import { createAdmin } from "../../../tests/helpers/accounts";
import { invitationTokenFor } from "../../../tests/helpers/outbox";
import { TEST_SITE_URL } from "../../../tests/helpers/site";
import { verifyLogin } from "./accounts.server";
import { INVITATION_MESSAGES } from "./invitation-schemas";
import {
  acceptInvitation,
  INVITATION_RULES,
  invitationLinkState,
  inviteMember,
  pendingInvitationsPage,
  resendInvitation,
  revokeInvitation,
  type TeamManager,
} from "./invitations.server";
import { mayManageTeam } from "./permissions";

/** Decision 065: team invitations. */

const T0 = new Date("2026-07-01T08:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const PASSWORD = "invited-pass-42";

async function manager(role: TeamRole = "owner"): Promise<TeamManager> {
  const { admin } = await createAdmin({ role });
  return { id: admin.id, email: admin.email, role };
}

const newEmail = (prefix = "invitee") => `${prefix}-${crypto.randomUUID().slice(0, 8)}@flowlane.test`;

const mailFor = (email: string) =>
  db().select().from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(desc(emailOutbox.createdAt)).all();

/** The token the newest invitation email to `email` carries. */

const rowsFor = (email: string) => db().select().from(teamInvitations).where(eq(teamInvitations.email, email)).all();

describe("who may invite", () => {
  it("Owners and Admins manage the team; the other roles and pending accounts do not", () => {
    expect(mayManageTeam("owner")).toBe(true);
    expect(mayManageTeam("admin")).toBe(true);
    for (const role of ["sales", "marketing", "author", null] as const) expect(mayManageTeam(role)).toBe(false);
  });

  it("refuses a Sales member with a 403 and changes nothing", async () => {
    const sales = await manager("sales");
    const email = newEmail();
    await expect(inviteMember(sales, { email, role: "author" }, T0)).rejects.toMatchObject({
      status: 403,
      message: INVITATION_MESSAGES.forbidden,
    });
    expect(await rowsFor(email)).toEqual([]);
    expect(await mailFor(email)).toEqual([]);
  });

  it("lets an Admin invite any role but Owner, and an Owner invite an Owner", async () => {
    const admin = await manager("admin");
    const refused = newEmail();
    await expect(inviteMember(admin, { email: refused, role: "owner" }, T0)).rejects.toMatchObject({
      status: 403,
      message: INVITATION_MESSAGES.ownerOnly,
    });
    expect(await rowsFor(refused)).toEqual([]);
    await expect(inviteMember(admin, { email: newEmail(), role: "admin" }, T0)).resolves.toMatchObject({
      role: "admin",
    });
    const owner = await manager("owner");
    await expect(inviteMember(owner, { email: newEmail(), role: "owner" }, T0)).resolves.toMatchObject({
      role: "owner",
    });
  });
});

describe("issuing an invitation", () => {
  it("stores only the hash of a 256-bit token, emails the link from SITE_URL, audits the inviter, expires in 7 days", async () => {
    const owner = await manager();
    const email = newEmail();
    const invitation = await inviteMember(owner, { email, role: "sales" }, T0);
    expect(invitation).toEqual({
      id: expect.any(String),
      email,
      role: "sales",
      expiresAt: at(INVITATION_RULES.lifetime).toISOString(),
    });
    const [mail] = await mailFor(email);
    expect(mail?.kind).toBe("team.invitation");
    expect(mail?.sensitive).toBe(true);
    expect(mail?.text).toContain(`${TEST_SITE_URL}/admin/invitation?token=`);
    expect(mail?.text).toContain("Sales");
    const token = await invitationTokenFor(email);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const [row] = await rowsFor(email);
    expect(row?.tokenHash).toBe(await sha256Hex(token));
    expect(row?.invitedBy).toBe(owner.id);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, invitation.id)).all();
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([["invitation.created", owner.id]]);
  });

  it("refuses an email that already has an account, and a second invitation while one is pending", async () => {
    const owner = await manager();
    const { admin: existing } = await createAdmin({ role: "author" });
    await expect(inviteMember(owner, { email: existing.email, role: "sales" }, T0)).rejects.toMatchObject({
      status: 409,
      message: INVITATION_MESSAGES.hasAccount(existing.email),
    });
    expect(await rowsFor(existing.email)).toEqual([]);
    const email = newEmail();
    await inviteMember(owner, { email, role: "sales" }, T0);
    await expect(inviteMember(owner, { email, role: "admin" }, at(DAY))).rejects.toMatchObject({
      status: 409,
      message: INVITATION_MESSAGES.pending(email),
    });
    expect(await rowsFor(email)).toHaveLength(1);
    expect(await mailFor(email)).toHaveLength(1);
  });

  it("20 parallel invitations of one email make one invitation and one email", async () => {
    const owner = await manager();
    const email = newEmail();
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, () => inviteMember(owner, { email, role: "marketing" }, T0)),
    );
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status === "rejected")) {
      expect((lost as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    }
    expect(await rowsFor(email)).toHaveLength(1);
    expect(await mailFor(email)).toHaveLength(1);
  });

  it("a new invitation to an email whose invitation expired withdraws the expired one", async () => {
    const owner = await manager();
    const email = newEmail();
    const first = await inviteMember(owner, { email, role: "sales" }, T0);
    const second = await inviteMember(owner, { email, role: "author" }, at(8 * DAY));
    const rows = await rowsFor(email);
    expect(rows.find((r) => r.id === first.id)?.revokedAt).toEqual(at(8 * DAY));
    expect(rows.find((r) => r.id === second.id)?.revokedAt).toBeNull();
  });

  it("limits an inviter to 20 sends an hour (new and resent), also under parallel requests", async () => {
    const owner = await manager();
    const answers = await Promise.allSettled(
      Array.from({ length: INVITATION_RULES.sendsPerHour + 5 }, () =>
        inviteMember(owner, { email: newEmail("burst"), role: "author" }, T0),
      ),
    );
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(INVITATION_RULES.sendsPerHour);
    const refused = answers.filter((a) => a.status === "rejected") as PromiseRejectedResult[];
    expect(refused).toHaveLength(5);
    for (const lost of refused) {
      expect(lost.reason).toMatchObject({ status: 429, message: INVITATION_MESSAGES.sendLimit(60) });
    }
    const sent = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, owner.id), eq(auditLog.action, "invitation.created")))
      .all();
    expect(sent).toHaveLength(INVITATION_RULES.sendsPerHour);
    // An hour later the inviter may send again; another inviter was never limited.
    await expect(inviteMember(owner, { email: newEmail(), role: "author" }, at(61 * 60_000))).resolves.toBeTruthy();
    await expect(inviteMember(await manager(), { email: newEmail(), role: "author" }, T0)).resolves.toBeTruthy();
  });
});

describe("the link", () => {
  it("opening it spends nothing: it shows who invited and the role, as often as it is opened", async () => {
    const owner = await manager();
    const email = newEmail();
    await inviteMember(owner, { email, role: "sales" }, T0);
    const token = await invitationTokenFor(email);
    for (let i = 0; i < 3; i++) {
      const state = await invitationLinkState(token, at(DAY));
      expect(state.state).toBe("valid");
      expect(state.invitation).toMatchObject({ email, role: "sales", inviter: { email: owner.email } });
    }
    expect((await rowsFor(email))[0]?.acceptedAt).toBeNull();
    expect(await invitationLinkState("made-up-token", T0)).toMatchObject({
      state: "unknown",
      message: INVITATION_MESSAGES.unknown,
    });
  });

  it("accepting makes an active member with the invited role, audited as the new member, once", async () => {
    const owner = await manager();
    const email = newEmail();
    const invitation = await inviteMember(owner, { email, role: "marketing" }, T0);
    const token = await invitationTokenFor(email);
    const member = await acceptInvitation({ token, name: "Kavya Menon", password: PASSWORD }, at(DAY));
    expect(member).toMatchObject({ email, name: "Kavya Menon", status: "active", role: "marketing" });
    expect(member.approvedBy).toBe(owner.id);
    await expect(verifyLogin(email, PASSWORD, at(DAY))).resolves.toMatchObject({ id: member.id });
    const [row] = await rowsFor(email);
    expect(row?.acceptedAt).toEqual(at(DAY));
    expect(row?.acceptedBy).toBe(member.id);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, invitation.id)).all();
    expect(audit.find((a) => a.action === "invitation.accepted")).toMatchObject({
      actorId: member.id,
      actorEmail: email,
    });
    // Replay: the same link again is refused and changes nothing.
    await expect(acceptInvitation({ token, name: "Mallory", password: PASSWORD }, at(DAY))).rejects.toMatchObject({
      status: 410,
      message: INVITATION_MESSAGES.used,
    });
    expect(await invitationLinkState(token, at(DAY))).toMatchObject({ state: "used" });
    expect((await db().select().from(admins).where(eq(admins.email, email)).all()).map((a) => a.name)).toEqual([
      "Kavya Menon",
    ]);
  });

  it("20 parallel accepts of one link make one account", async () => {
    const owner = await manager();
    const email = newEmail();
    await inviteMember(owner, { email, role: "author" }, T0);
    const token = await invitationTokenFor(email);
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        acceptInvitation({ token, name: `Racer ${i}`, password: PASSWORD }, at(DAY)),
      ),
    );
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status === "rejected")) {
      expect((lost as PromiseRejectedResult).reason).toMatchObject({ status: 410, message: INVITATION_MESSAGES.used });
    }
    expect(await db().select().from(admins).where(eq(admins.email, email)).all()).toHaveLength(1);
    const accepted = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "invitation.accepted"), eq(auditLog.actorEmail, email)))
      .all();
    expect(accepted).toHaveLength(1);
  });

  it("an expired link is refused with a clear message and makes no account", async () => {
    const owner = await manager();
    const email = newEmail();
    await inviteMember(owner, { email, role: "sales" }, T0);
    const token = await invitationTokenFor(email);
    const late = at(INVITATION_RULES.lifetime);
    expect(await invitationLinkState(token, late)).toMatchObject({
      state: "expired",
      message: INVITATION_MESSAGES.expired,
    });
    await expect(acceptInvitation({ token, name: "Late", password: PASSWORD }, late)).rejects.toMatchObject({
      status: 410,
      message: INVITATION_MESSAGES.expired,
    });
    expect(await db().select().from(admins).where(eq(admins.email, email)).all()).toEqual([]);
  });

  it("a revoked link is dead; revoking twice says it was already revoked", async () => {
    const owner = await manager();
    const email = newEmail();
    const invitation = await inviteMember(owner, { email, role: "sales" }, T0);
    const token = await invitationTokenFor(email);
    await revokeInvitation(owner, invitation.id, at(1000));
    await expect(acceptInvitation({ token, name: "Too late", password: PASSWORD }, at(2000))).rejects.toMatchObject({
      status: 410,
      message: INVITATION_MESSAGES.revoked,
    });
    await expect(revokeInvitation(owner, invitation.id, at(3000))).rejects.toMatchObject({
      status: 409,
      message: INVITATION_MESSAGES.closed("revoked"),
    });
    expect(await db().select().from(admins).where(eq(admins.email, email)).all()).toEqual([]);
    const actions = await db().select().from(auditLog).where(eq(auditLog.targetId, invitation.id)).all();
    expect(actions.map((a) => [a.action, a.actorId])).toEqual([
      ["invitation.created", owner.id],
      ["invitation.revoked", owner.id],
    ]);
  });

  it("resending issues a fresh token: the old link stops working, the new one works 7 more days", async () => {
    const owner = await manager();
    const admin = await manager("admin");
    const email = newEmail();
    const invitation = await inviteMember(owner, { email, role: "sales" }, T0);
    const old = await invitationTokenFor(email);
    const resent = await resendInvitation(admin, invitation.id, at(6 * DAY));
    expect(resent.expiresAt).toBe(at(13 * DAY).toISOString());
    const fresh = await invitationTokenFor(email);
    expect(fresh).not.toBe(old);
    expect(await mailFor(email)).toHaveLength(2);
    expect(await invitationLinkState(old, at(6 * DAY))).toMatchObject({ state: "unknown" });
    await expect(
      acceptInvitation({ token: fresh, name: "Fresh", password: PASSWORD }, at(12 * DAY)),
    ).resolves.toMatchObject({ role: "sales" });
    const resentAudit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, invitation.id), eq(auditLog.action, "invitation.resent")))
      .get();
    expect(resentAudit?.actorId).toBe(admin.id);
  });

  it("an Admin cannot resend an Owner's invitation, and nobody resends an accepted one", async () => {
    const owner = await manager();
    const admin = await manager("admin");
    const email = newEmail();
    const invitation = await inviteMember(owner, { email, role: "owner" }, T0);
    await expect(resendInvitation(admin, invitation.id, at(1000))).rejects.toMatchObject({
      status: 403,
      message: INVITATION_MESSAGES.ownerOnly,
    });
    await acceptInvitation({ token: await invitationTokenFor(email), name: "New Owner", password: PASSWORD }, at(2000));
    await expect(resendInvitation(owner, invitation.id, at(3000))).rejects.toMatchObject({
      status: 409,
      message: INVITATION_MESSAGES.closed("accepted"),
    });
    await expect(resendInvitation(owner, crypto.randomUUID(), at(3000))).rejects.toMatchObject({ status: 404 });
  });

  it("lists pending and expired invitations, not accepted or withdrawn ones", async () => {
    const owner = await manager();
    const pending = newEmail("listed");
    const revoked = newEmail("listed");
    await inviteMember(owner, { email: pending, role: "sales" }, T0);
    const gone = await inviteMember(owner, { email: revoked, role: "sales" }, T0);
    await revokeInvitation(owner, gone.id, T0);
    const { invitations: later } = await pendingInvitationsPage({ page: 1, limit: 100 }, at(8 * DAY));
    const mine = later.filter((i) => i.email === pending || i.email === revoked);
    expect(mine).toEqual([
      expect.objectContaining({ email: pending, role: "sales", invitedBy: owner.email, expired: true }),
    ]);
  });

  it("pages the pending invitations, the last sent first, with their total", async () => {
    const owner = await manager();
    const { total: before } = await pendingInvitationsPage({ page: 1, limit: 1 }, T0);
    const sent = [];
    for (let i = 0; i < 3; i++)
      sent.push(await inviteMember(owner, { email: newEmail("paged"), role: "author" }, at(400 * DAY + i)));
    // Sent after every other invitation of this file: they lead the list.
    const first = await pendingInvitationsPage({ page: 1, limit: 2 }, at(10));
    expect(first.total).toBe(before + 3);
    expect(first.invitations.map((i) => i.email)).toEqual([sent[2]?.email, sent[1]?.email]);
    const second = await pendingInvitationsPage({ page: 2, limit: 2 }, at(10));
    expect(second.invitations[0]?.email).toBe(sent[0]?.email);
  });
});
