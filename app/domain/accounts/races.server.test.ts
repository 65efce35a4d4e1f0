import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, loginFailures } from "~/db/schema";
import { createAdmin, getAdminByEmail, TEST_PASSWORD } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { outboxTo } from "../../../tests/helpers/outbox";
import { LOGIN_THROTTLE, verifyLogin } from "./accounts.server";

/**
 * Parallel requests through the real /api handlers (decision 013): the login-failure counter
 * is one atomic statement, team decisions are guarded changes.
 */

/** The lock of an account for requests without a client address (decision 020: per account and address). */
async function pairLock(email: string) {
  const admin = await getAdminByEmail(email);
  const row = await db()
    .select()
    .from(loginFailures)
    .where(and(eq(loginFailures.adminId, admin?.id ?? ""), eq(loginFailures.ip, "")))
    .get();
  return { lockedUntil: row?.lockedUntil, failures: row?.failures ?? 0, accountFailures: admin?.failedLogins ?? 0 };
}

// 30 scrypt hashes per burst on a loaded 2-core machine: well above the 30 s default.
const RACE_TIMEOUT = 180_000;

describe("login failures", { timeout: RACE_TIMEOUT }, () => {
  it("30 parallel wrong passwords lock the account; the right password is then refused", async () => {
    // Two rounds are enough: with the old read-add-write counter every request of a burst read
    // the same count, so the burst never locked.
    for (let round = 0; round < 2; round++) {
      const email = `locked-${round}-${crypto.randomUUID().slice(0, 6)}@flowlane.test`;
      await createAdmin({ email });
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          api("POST", "/api/auth/login", { body: { email, password: `wrong-password-${i}` } }),
        ),
      );
      expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
      const lock = await pairLock(email);
      expect(lock.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
      // Every failure was counted: 30 ≥ 10, so the lock holds (the count is not lost to the race).
      expect(lock.failures).toBeGreaterThanOrEqual(LOGIN_THROTTLE.maxFailures);
      expect(lock.accountFailures).toBe(lock.failures);

      const right = await api("POST", "/api/auth/login", { body: { email, password: TEST_PASSWORD } });
      expect(right.status).toBe(429);
      expect(right.json.error).toMatch(/Too many failed sign-in attempts/);
    }
  });

  it("the right password sent with 29 wrong ones never unlocks an account the others locked", async () => {
    const email = `mixed-${crypto.randomUUID().slice(0, 6)}@flowlane.test`;
    await createAdmin({ email });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api("POST", "/api/auth/login", { body: { email, password: i === 15 ? TEST_PASSWORD : `wrong-${i}-pass` } }),
      ),
    );
    // 29 failures lock the account (for this address) whatever the order; a success before the
    // lock may be answered, but the lock stays in place afterwards.
    expect((await pairLock(email)).lockedUntil?.getTime()).toBeGreaterThan(Date.now());
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
    await expect(verifyLogin(email, TEST_PASSWORD)).rejects.toMatchObject({ status: 429 });
  });
});

describe("team decisions", { timeout: RACE_TIMEOUT }, () => {
  it("12 parallel approve/reject calls give one decision, one audit entry, one email", async () => {
    const { token } = await createAdmin();
    for (let round = 0; round < 12; round++) {
      const email = `applicant-${round}-${crypto.randomUUID().slice(0, 6)}@flowlane.test`;
      const { admin: applicant } = await createAdmin({ status: "pending", email });
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          api("POST", `/api/admin/team/${applicant.id}/decision`, {
            token,
            body: i % 2 === 0 ? { action: "approve", role: "sales" } : { action: "reject" },
          }),
        ),
      );
      const won = answers.filter((a) => a.status === 200);
      expect(won).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(11);
      const status = won[0]?.json.data.status as "active" | "rejected";
      expect((await getAdminByEmail(email))?.status).toBe(status);

      const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, applicant.id)).all();
      expect(audit.map((a) => a.action)).toEqual([status === "active" ? "team.approved" : "team.rejected"]);
      const mail = await outboxTo(email);
      expect(mail.map((m) => m.kind)).toEqual([status === "active" ? "team.approved" : "team.rejected"]);
    }
  });
});
