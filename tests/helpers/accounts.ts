import { and, eq, isNull } from "drizzle-orm";
import { beforeAll } from "vitest";
import { db } from "~/db/client.server";
import { admins, sessions } from "~/db/schema";
import { hashPassword } from "~/domain/accounts/password.server";
import { createSession } from "~/domain/accounts/sessions.server";
import { SESSION_COOKIE } from "~/http/cookies.server";
import type { TeamRole } from "~/lib/team-roles";
import { ORIGIN } from "./api";

export const TEST_PASSWORD = "correct-horse-42";

let passwordHash: string | undefined;

/** An admin account (active unless told otherwise) with an API session token. */
export async function createAdmin(
  overrides: { email?: string; name?: string; status?: "active" | "pending" | "rejected"; role?: TeamRole | null } = {},
) {
  passwordHash ??= await hashPassword(TEST_PASSWORD);
  const email = overrides.email ?? `admin-${crypto.randomUUID().slice(0, 8)}@flowlane.test`;
  const admin = await db()
    .insert(admins)
    .values({
      email,
      name: overrides.name ?? "Test Admin",
      passwordHash,
      status: overrides.status ?? "active",
      role:
        overrides.role !== undefined ? overrides.role : (overrides.status ?? "active") === "active" ? "owner" : null,
    })
    .returning()
    .get();
  const session = await createSession(admin.id, "api");
  return { admin, token: session.token, sessionId: session.sessionId };
}

export async function getAdminByEmail(email: string) {
  return db().select().from(admins).where(eq(admins.email, email)).get();
}

/** An active admin as the actor of audited changes (audit records name a real account). */
export async function createActor() {
  const { admin } = await createAdmin();
  return { id: admin.id, email: admin.email };
}

/** The sessions of an account that are not revoked (a session ended by a change is revoked at once). */
export const liveSessions = (adminId: string) =>
  db()
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.adminId, adminId), isNull(sessions.revokedAt)))
    .all();

/** Call at a test file's top level: one API token a role, each of its own member, made before the file's tests. */
export function roleTokens<R extends TeamRole>(...roles: R[]) {
  const tokens = {} as Record<R, string>;
  beforeAll(async () => {
    for (const role of roles) tokens[role] = (await createAdmin({ role })).token;
  });
  return tokens;
}

/** Leaves exactly the given accounts as the team's Owners: every other active Owner (other tests') becomes an Admin. */
export async function onlyOwners(...ids: string[]) {
  const owners = await db()
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.status, "active"), eq(admins.role, "owner")))
    .all();
  for (const { id } of owners) {
    if (!ids.includes(id)) await db().update(admins).set({ role: "admin" }).where(eq(admins.id, id));
  }
}

/** Two Owners of their own, "Owner A" and "Owner B", the team's only ones (for races between Owners). */
export async function twoOwners() {
  const a = await createAdmin({ role: "owner", name: "Owner A" });
  const b = await createAdmin({ role: "owner", name: "Owner B" });
  await onlyOwners(a.admin.id, b.admin.id);
  return [a, b] as const;
}

/** A fresh console (browser) session of the account, as the Cookie header a signed-in browser sends. */
export async function consoleCookie(adminId: string) {
  const session = await createSession(adminId, "browser");
  return (await SESSION_COOKIE.serialize(new Request(`${ORIGIN}/admin`), session.token)).split(";")[0] ?? "";
}
