import type { TeamRole } from "~/lib/team-roles";
import { createAdmin } from "./accounts";

/** One new active member of each role named, made in order: their access tokens, by role. */
export async function tokensByRole<R extends TeamRole>(...roles: R[]) {
  const tokens = {} as Record<R, string>;
  for (const role of roles) tokens[role] = (await createAdmin({ role })).token;
  return tokens;
}
