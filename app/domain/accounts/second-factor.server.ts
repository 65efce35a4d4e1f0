import type { TeamRole } from "~/lib/team-roles";
import { hasPasskey } from "./passkeys.server";
import { isTwoFactorEnabled } from "./two-factor.server";

/**
 * Whether the member has a second factor (decision 067): an authenticator app (TOTP) or a
 * passkey (decision 066). One question with one answer, so every place that asks counts the same
 * factors: the enrolment guard, and the password step, which opens the second step for exactly
 * these accounts (a passkey-only account answers it with its passkey), so a password alone never
 * signs in an account that has a second factor.
 */
export async function hasSecondFactor(adminId: string): Promise<boolean> {
  const [totp, passkey] = await Promise.all([isTwoFactorEnabled(adminId), hasPasskey(adminId)]);
  return totp || passkey;
}

/** Whether REQUIRE_2FA (the roles that must have a second factor) holds a member of `role` to it. */
export function secondFactorRequired(role: TeamRole | null, required: readonly TeamRole[]): boolean {
  return role !== null && required.includes(role);
}
