import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { admins, passkeys, teamInvitations, webauthnChallenges } from "~/db/schema";
import { base64url } from "~/lib/crypto.server";
import fixtures from "../../../tests/fixtures/passkeys.json";
import {
  clearPasskeysAfterEach,
  invitedMember,
  seedInvitationChallenge,
} from "../../../tests/helpers/invitation-passkey";
import { recordedSignIn } from "../../../tests/helpers/passkeys";
import { verifyLogin } from "./accounts.server";
import { acceptInvitationWithPasskey, invitationPasskeyOptions } from "./invitations.server";
import { deletePasskey, PASSKEY_MESSAGES, verifyAuthentication } from "./passkeys.server";
import { hasSecondFactor } from "./second-factor.server";

/** Issue 25 item 2: an invitee creates their account with a passkey instead of a password. */

clearPasskeysAfterEach();

describe("accepting an invitation with a passkey", { timeout: 60_000 }, () => {
  it("options: the invitation's id as the user handle, a single-use challenge that belongs to no account", async () => {
    const { invitation, token, email } = await invitedMember();
    const options = await invitationPasskeyOptions({ token, name: "Pat Passkey" });
    expect(options.user).toEqual({
      id: base64url(new TextEncoder().encode(invitation.id)),
      name: email,
      displayName: "Pat Passkey",
    });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    const stored = await db()
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, options.challenge))
      .get();
    expect(stored).toMatchObject({ purpose: "registration", adminId: null });
    await expect(invitationPasskeyOptions({ token: "not-a-token", name: "X" })).rejects.toMatchObject({ status: 404 });
  });

  it("makes an account with no password whose passkey is its only sign-in method (two factors); the last one cannot be deleted", async () => {
    const { invitation, token, email } = await invitedMember("sales");
    await seedInvitationChallenge();
    const admin = await acceptInvitationWithPasskey({
      token,
      name: "Pat Passkey",
      credential: fixtures.counting.registration.credential,
    });
    expect(admin).toMatchObject({
      id: invitation.id,
      email,
      name: "Pat Passkey",
      role: "sales",
      status: "active",
      passwordHash: "",
    });
    const [passkey] = await db().select().from(passkeys).where(eq(passkeys.adminId, admin.id)).all();
    expect(passkey?.credentialId).toBe(fixtures.counting.credentialId);
    expect(await hasSecondFactor(admin.id)).toBe(true);
    await expect(verifyLogin(email, "")).rejects.toMatchObject({ status: 401 });
    await expect(deletePasskey({ id: admin.id, email }, passkey?.id ?? "")).rejects.toMatchObject({
      status: 409,
      message: PASSKEY_MESSAGES.lastMethod,
    });
    const assertion = await recordedSignIn();
    expect((await verifyAuthentication({ credential: assertion.credential })).admin.id).toBe(admin.id);
    // The link is spent.
    const row = await db().select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id)).get();
    expect(row?.acceptedBy).toBe(admin.id);
  });

  it("20 parallel accepts with the passkey make one account; the rest are refused", async () => {
    const { token, email } = await invitedMember();
    await seedInvitationChallenge();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        acceptInvitationWithPasskey({ token, name: "Racer", credential: fixtures.counting.registration.credential }),
      ),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    for (const o of outcomes) if (o.status === "rejected") expect(o.reason).toMatchObject({ status: 400 });
    expect(await db().select().from(admins).where(eq(admins.email, email)).all()).toHaveLength(1);
  });

  it("a bad or unanswered credential creates nothing and leaves the link open", async () => {
    const { invitation, token, email } = await invitedMember();
    await expect(
      acceptInvitationWithPasskey({ token, name: "Nope", credential: { response: {} } }),
    ).rejects.toMatchObject({
      status: 400,
    });
    // A real answer to a challenge never issued (or already used).
    await expect(
      acceptInvitationWithPasskey({ token, name: "Nope", credential: fixtures.counting.registration.credential }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await db().select().from(admins).where(eq(admins.email, email)).all()).toEqual([]);
    const row = await db().select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id)).get();
    expect(row?.acceptedAt).toBeNull();
  });
});
