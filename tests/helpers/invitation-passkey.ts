import { afterEach } from "vitest";
import { db } from "~/db/client.server";
import { passkeys, webauthnChallenges } from "~/db/schema";
import { inviteMember } from "~/domain/accounts/invitations.server";
import fixtures from "../fixtures/passkeys.json";
import { createAdmin } from "./accounts";
import { invitationTokenFor } from "./outbox";
import { seedChallenge } from "./passkeys";

/** A fresh invitation from a new owner, with the token its email carries (issue 25 item 2). */
export async function invitedMember(role: "author" | "sales" = "author") {
  const { admin } = await createAdmin({ role: "owner" });
  const email = `passkey-invitee-${crypto.randomUUID().slice(0, 8)}@flowlane.test`;
  const invitation = await inviteMember({ id: admin.id, email: admin.email, role: "owner" }, { email, role });
  const token = await invitationTokenFor(email);
  return { invitation, token, email };
}

/**
 * The challenge the recorded registration (tests/fixtures/passkeys.json) answers, stored as the
 * options call stores one: no account yet, so the recorded answer can finish the ceremony.
 */
export const seedInvitationChallenge = () =>
  seedChallenge(fixtures.counting.registration.challenge, "registration", null);

/** Call at a test file's top level: every test starts with no passkeys and no open challenges. */
export function clearPasskeysAfterEach() {
  afterEach(async () => {
    await db().delete(passkeys);
    await db().delete(webauthnChallenges);
  });
}
