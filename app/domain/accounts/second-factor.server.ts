import type { TeamRole } from "~/lib/team-roles";
import { isTwoFactorEnabled } from "./two-factor.server";

/**
 * Whether the member has a second factor (decision 067). One question with one answer, so
 * every place that asks — the enrolment guard, the Security page — counts the same factors:
 * an authenticator app (TOTP). A passkey does not count yet: signing in with one is two factors,
 * but the same account can still sign in with its password alone unless TOTP is on, because the
 * password step asks for a second step only from TOTP accounts (decision 066). Counting passkeys
 * here waits for that step to ask passkey-only accounts for their passkey.
 */
export async function hasSecondFactor(adminId: string): Promise<boolean> {
  return isTwoFactorEnabled(adminId);
}

/** Whether REQUIRE_2FA (the roles that must have a second factor) holds a member of `role` to it. */
export function secondFactorRequired(role: TeamRole | null, required: readonly TeamRole[]): boolean {
  return role !== null && required.includes(role);
}
