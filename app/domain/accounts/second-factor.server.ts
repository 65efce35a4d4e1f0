import type { TeamRole } from "~/lib/team-roles";
import { isTwoFactorEnabled } from "./two-factor.server";

/**
 * Whether the member has a second factor (decision 067). One question with one answer, so
 * every place that asks — the enrolment guard, the Security page — counts the same factors:
 * an authenticator app (TOTP) today; a passkey joins here when passkeys land.
 */
export async function hasSecondFactor(adminId: string): Promise<boolean> {
  return isTwoFactorEnabled(adminId);
}

/** Whether REQUIRE_2FA (the roles that must have a second factor) holds a member of `role` to it. */
export function secondFactorRequired(role: TeamRole | null, required: readonly TeamRole[]): boolean {
  return role !== null && required.includes(role);
}
