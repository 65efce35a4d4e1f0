import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { admins, loginFailures } from "~/db/schema";
import { MINUTE } from "~/lib/durations";
import { isAppError } from "~/lib/errors";
import { createAdmin, TEST_PASSWORD } from "../../../tests/helpers/accounts";
import { INVALID_LOGIN, LOGIN_THROTTLE, purgeLoginFailures, verifyLogin } from "./accounts.server";

/** Decision 020: failures count per account AND client address, with an account-wide ceiling. */

const T0 = new Date("2026-08-01T09:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const STRANGER = "203.0.113.66";
const OWNER = "198.51.100.10";

async function outcome(promise: Promise<unknown>) {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (isAppError(error)) return error.status;
    throw error;
  }
}

const pairRow = (adminId: string, ip: string) =>
  db()
    .select()
    .from(loginFailures)
    .where(and(eq(loginFailures.adminId, adminId), eq(loginFailures.ip, ip)))
    .get();

describe("lockout per account and address", () => {
  it("10 wrong passwords from a stranger lock the stranger's address only; the owner elsewhere signs in", async () => {
    const { admin } = await createAdmin();
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures; i++) {
      expect(await outcome(verifyLogin(admin.email, "wrong-password-1", at(i * 1000), STRANGER))).toBe(401);
    }
    expect(await outcome(verifyLogin(admin.email, TEST_PASSWORD, at(20_000), STRANGER))).toBe(429);
    expect((await verifyLogin(admin.email, TEST_PASSWORD, at(21_000), OWNER)).id).toBe(admin.id);
    // The owner's success does not lift the stranger's lock.
    expect(await outcome(verifyLogin(admin.email, TEST_PASSWORD, at(22_000), STRANGER))).toBe(429);
    // 15 minutes later the stranger's address may try again.
    expect(await outcome(verifyLogin(admin.email, TEST_PASSWORD, at(16 * MINUTE), STRANGER))).toBe(200);
  });

  it("50 failures from many addresses lock the account everywhere", async () => {
    const { admin } = await createAdmin();
    for (let i = 0; i < LOGIN_THROTTLE.maxAccountFailures; i++) {
      // 5 per address: no address reaches its own limit.
      await outcome(verifyLogin(admin.email, "wrong-password-1", at(i * 1000), `192.0.2.${Math.floor(i / 5)}`));
    }
    const locked = await outcome(verifyLogin(admin.email, TEST_PASSWORD, at(60_000), OWNER));
    expect(locked).toBe(429);
    const row = await db().select().from(admins).where(eq(admins.id, admin.id)).get();
    expect(row?.failedLogins).toBe(50);
    expect(row?.lockedUntil?.getTime()).toBe(at(49_000 + LOGIN_THROTTLE.lockFor).getTime());
  });

  it("30 parallel wrong passwords from one address count 30 for the pair and the account", async () => {
    const { admin } = await createAdmin();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => outcome(verifyLogin(admin.email, "wrong-password-1", T0, STRANGER))),
    );
    expect(answers.every((s) => s === 401 || s === 429)).toBe(true);
    const counted = answers.filter((s) => s === 401).length;
    expect((await pairRow(admin.id, STRANGER))?.failures).toBe(counted);
    const row = await db().select().from(admins).where(eq(admins.id, admin.id)).get();
    expect(row?.failedLogins).toBe(counted);
    expect(counted).toBeGreaterThanOrEqual(LOGIN_THROTTLE.maxFailures);
    expect((await pairRow(admin.id, STRANGER))?.lockedUntil).not.toBeNull();
    // The owner from another address is not locked out.
    expect(await outcome(verifyLogin(admin.email, TEST_PASSWORD, T0, OWNER))).toBe(200);
  });

  it("the right password sent with 29 wrong ones from the same address never unlocks the pair", async () => {
    const { admin } = await createAdmin();
    await Promise.all([
      ...Array.from({ length: 29 }, () => outcome(verifyLogin(admin.email, "wrong-password-1", T0, STRANGER))),
      outcome(verifyLogin(admin.email, TEST_PASSWORD, T0, STRANGER)),
    ]);
    expect(await outcome(verifyLogin(admin.email, TEST_PASSWORD, at(1000), STRANGER))).toBe(429);
  });

  it("a success clears the pair's count; an unknown email or an over-long address changes nothing", async () => {
    const { admin } = await createAdmin();
    await outcome(verifyLogin(admin.email, "wrong-password-1", T0, OWNER));
    expect((await pairRow(admin.id, OWNER))?.failures).toBe(1);
    await verifyLogin(admin.email, TEST_PASSWORD, at(1000), OWNER);
    expect(await pairRow(admin.id, OWNER)).toBeUndefined();
    await expect(verifyLogin("nobody@flowlane.test", "x", T0, OWNER)).rejects.toMatchObject({
      status: 401,
      message: INVALID_LOGIN,
    });
    await outcome(verifyLogin(admin.email, "wrong-password-1", T0, "x".repeat(500)));
    expect((await pairRow(admin.id, "x".repeat(64)))?.failures).toBe(1);
  });

  it("old unlocked rows are purged", async () => {
    const { admin } = await createAdmin();
    await outcome(verifyLogin(admin.email, "wrong-password-1", T0, "192.0.2.200"));
    expect(await purgeLoginFailures(at(25 * 60 * MINUTE))).toBeGreaterThanOrEqual(1);
    expect(await pairRow(admin.id, "192.0.2.200")).toBeUndefined();
  });
});
