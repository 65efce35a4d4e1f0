import { db } from "~/db/client.server";
import { webauthnChallenges } from "~/db/schema";
import { PASSKEY_CHALLENGE_TTL } from "~/domain/accounts/passkeys.server";
import fixtures from "../fixtures/passkeys.json";

/**
 * A challenge as the options call would have stored it, so the answer recorded for it in
 * tests/fixtures/passkeys.json can finish its ceremony (`adminId` null: no account named yet).
 */
export async function seedChallenge(
  challenge: string,
  purpose: "registration" | "authentication",
  adminId: string | null,
  expiresAt = new Date(Date.now() + PASSKEY_CHALLENGE_TTL),
) {
  await db().insert(webauthnChallenges).values({ challenge, purpose, adminId, expiresAt });
}

/** The recorded passkey's first sign-in answer, its challenge stored as a sign-in that names no account. */
export async function recordedSignIn() {
  const [assertion] = fixtures.counting.assertions;
  if (!assertion) throw new Error("fixtures");
  await seedChallenge(assertion.challenge, "authentication", null);
  return assertion;
}
