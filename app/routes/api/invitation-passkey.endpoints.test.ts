import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { admins, passkeys, teamInvitations, webauthnChallenges } from "~/db/schema";
import { INVITATION_MESSAGES } from "~/domain/accounts/invitation-schemas";
import { PASSKEY_MESSAGES } from "~/domain/accounts/passkeys.server";
import { base64url } from "~/lib/crypto.server";
import fixtures from "../../../tests/fixtures/passkeys.json";
import { api } from "../../../tests/helpers/api";
import {
  clearPasskeysAfterEach,
  invitedMember,
  seedInvitationChallenge,
} from "../../../tests/helpers/invitation-passkey";

/*
 * Decision 093: accepting an invitation with a passkey through the API, as the page does
 * (invitationPasskeyOptions, then acceptInvitationWithPasskey), with the recorded WebAuthn
 * fixtures the page's tests use.
 */

clearPasskeysAfterEach();

const OPTIONS = "/api/team/invitations/accept/passkey/options";
const ACCEPT = "/api/team/invitations/accept/passkey";
const credential = fixtures.counting.registration.credential;
const accountsWith = (email: string) => db().select().from(admins).where(eq(admins.email, email)).all();

describe("POST /api/team/invitations/accept/passkey/options", { timeout: 60_000 }, () => {
  it("answers the creation options: the invitation's id as the user handle, a challenge of no account; spends nothing", async () => {
    const { invitation, token, email } = await invitedMember();
    const res = await api("POST", OPTIONS, { body: { token, name: "Pat Passkey" } });
    expect(res.status).toBe(200);
    expect(res.json.data.user).toEqual({
      id: base64url(new TextEncoder().encode(invitation.id)),
      name: email,
      displayName: "Pat Passkey",
    });
    expect(res.json.data.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    });
    const stored = await db()
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, res.json.data.challenge))
      .get();
    expect(stored).toMatchObject({ purpose: "registration", adminId: null });
    const row = await db().select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id)).get();
    expect(row?.acceptedAt).toBeNull();
    expect(await accountsWith(email)).toEqual([]);
  });

  it("bad input: a missing name (400), an unknown token (404), a withdrawn invitation (410)", async () => {
    const { token } = await invitedMember();
    const nameless = await api("POST", OPTIONS, { body: { token, name: "" } });
    expect(nameless.status).toBe(400);
    const unknown = await api("POST", OPTIONS, { body: { token: "made-up", name: "X" } });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ success: false, error: INVITATION_MESSAGES.unknown });
    const other = await invitedMember();
    await db()
      .update(teamInvitations)
      .set({ revokedAt: new Date() })
      .where(eq(teamInvitations.id, other.invitation.id));
    const revoked = await api("POST", OPTIONS, { body: { token: other.token, name: "X" } });
    expect(revoked.status).toBe(410);
    expect(revoked.json).toEqual({ success: false, error: INVITATION_MESSAGES.revoked });
  });

  it("is limited per client like the password accept: the 21st call in 15 minutes answers 429", async () => {
    const { token } = await invitedMember();
    const headers = { "CF-Connecting-IP": "203.0.113.93" };
    for (let i = 0; i < 20; i++) {
      expect((await api("POST", OPTIONS, { body: { token, name: "Pat" }, headers })).status).toBe(200);
    }
    const refused = await api("POST", OPTIONS, { body: { token, name: "Pat" }, headers });
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatch(/^Too many requests from your network/);
    // Another client is not refused.
    const other = await api("POST", OPTIONS, {
      body: { token, name: "Pat" },
      headers: { "CF-Connecting-IP": "203.0.113.94" },
    });
    expect(other.status).toBe(200);
  });
});

describe("POST /api/team/invitations/accept/passkey", { timeout: 60_000 }, () => {
  it("answers 201 signed in: an active member with the invited role, no password, the passkey its sign-in; works once", async () => {
    const { invitation, token, email } = await invitedMember("sales");
    await seedInvitationChallenge();
    const res = await api("POST", ACCEPT, { body: { token, name: "Pat Passkey", credential } });
    expect(res.status).toBe(201);
    expect(res.json.data.user).toMatchObject({ email, name: "Pat Passkey", role: "sales", status: "active" });
    expect(res.headers.get("Set-Cookie") ?? "").toContain("HttpOnly");
    const profile = await api("GET", "/api/auth/profile", { token: res.json.data.accessToken });
    expect(profile.json.data).toMatchObject({ id: invitation.id, email, role: "sales" });
    const [account] = await accountsWith(email);
    expect(account).toMatchObject({ id: invitation.id, passwordHash: "" });
    const [passkey] = await db().select().from(passkeys).where(eq(passkeys.adminId, invitation.id)).all();
    expect(passkey?.credentialId).toBe(fixtures.counting.credentialId);

    const replay = await api("POST", ACCEPT, { body: { token, name: "Pat Passkey", credential } });
    expect(replay.status).toBe(410);
    expect(replay.json).toEqual({ success: false, error: INVITATION_MESSAGES.used });
  });

  it("bad input makes nothing and leaves the link open: no credential (400), an unverifiable one (400), no such token (404)", async () => {
    const { invitation, token, email } = await invitedMember();
    const missing = await api("POST", ACCEPT, { body: { token, name: "Nope" } });
    expect(missing.status).toBe(400);
    // A real answer to a challenge never issued (or already used).
    const unissued = await api("POST", ACCEPT, { body: { token, name: "Nope", credential } });
    expect(unissued.status).toBe(400);
    expect(unissued.json).toEqual({ success: false, error: PASSKEY_MESSAGES.challengeEnded });
    await seedInvitationChallenge();
    const unknown = await api("POST", ACCEPT, { body: { token: "made-up", name: "Nope", credential } });
    expect(unknown.status).toBe(404);
    expect(await accountsWith(email)).toEqual([]);
    const row = await db().select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id)).get();
    expect(row?.acceptedAt).toBeNull();
  });

  it("20 parallel accepts make one account; the others are refused", async () => {
    const { token, email } = await invitedMember();
    await seedInvitationChallenge();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api("POST", ACCEPT, { body: { token, name: `Racer ${i}`, credential } })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers) if (a.status !== 201) expect([400, 409, 410]).toContain(a.status);
    expect(await accountsWith(email)).toHaveLength(1);
    expect(
      await db().select().from(passkeys).where(eq(passkeys.credentialId, fixtures.counting.credentialId)).all(),
    ).toHaveLength(1);
  });
});
