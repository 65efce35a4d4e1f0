import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { createAdmin, getAdminByEmail } from "../../../tests/helpers/accounts";
import { outboxTo } from "../../../tests/helpers/outbox";
import { countPendingAdmins, decideRegistration, listPendingAdmins, verifyLogin } from "./accounts.server";

// Password hashing (scrypt) is slow on a loaded machine: more than vitest's default 5 s.
const SCRYPT_TIMEOUT = 30_000;

describe("team approval", { timeout: SCRYPT_TIMEOUT }, () => {
  it("an admin approves a pending registration: it can sign in, the decision is audited and emailed", async () => {
    const { admin } = await createAdmin();
    const { admin: newcomer } = await createAdmin({ status: "pending", email: "newcomer@flowlane.test" });
    expect((await listPendingAdmins()).map((a) => a.email)).toContain("newcomer@flowlane.test");
    const pendingBefore = await countPendingAdmins();

    const result = await decideRegistration({ id: admin.id, email: admin.email }, newcomer.id, "approve", {
      role: "admin",
    });
    expect(result).toMatchObject({ email: "newcomer@flowlane.test", status: "active" });
    expect(await getAdminByEmail("newcomer@flowlane.test")).toMatchObject({ status: "active", approvedBy: admin.id });
    expect(await countPendingAdmins()).toBe(pendingBefore - 1);
    expect((await verifyLogin("newcomer@flowlane.test", "correct-horse-42")).status).toBe("active");

    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, newcomer.id)).all();
    expect(audit).toMatchObject([
      { action: "team.approved", actorEmail: admin.email, before: { status: "pending" }, after: { status: "active" } },
    ]);
    const mail = await outboxTo("newcomer@flowlane.test");
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe("Your Flowlane admin account was approved");
    expect(mail[0]?.text).toContain("https://flowlane.test/admin");
  });

  it("nobody approves or rejects their own account", async () => {
    const { admin } = await createAdmin();
    for (const decision of ["approve", "reject"] as const) {
      await expect(decideRegistration({ id: admin.id, email: admin.email }, admin.id, decision)).rejects.toMatchObject({
        status: 403,
        message: "You cannot approve or reject your own account.",
      });
    }
  });

  it("a decision is final: a second approve or reject is refused and changes nothing", async () => {
    const { admin } = await createAdmin();
    const { admin: other } = await createAdmin();
    const { admin: rejected } = await createAdmin({ status: "pending" });
    await decideRegistration({ id: admin.id, email: admin.email }, rejected.id, "reject");
    await expect(
      decideRegistration({ id: other.id, email: other.email }, rejected.id, "approve", { role: "admin" }),
    ).rejects.toMatchObject({ status: 409, message: "This registration was already rejected." });
    await expect(decideRegistration({ id: admin.id, email: admin.email }, rejected.id, "reject")).rejects.toMatchObject(
      {
        status: 409,
      },
    );
    expect((await getAdminByEmail(rejected.email))?.status).toBe("rejected");
    await expect(verifyLogin(rejected.email, "correct-horse-42")).rejects.toMatchObject({ status: 403 });
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, rejected.id)).all();
    expect(audit.map((a) => a.action)).toEqual(["team.rejected"]);

    const { admin: approved } = await createAdmin({ status: "pending" });
    await decideRegistration({ id: admin.id, email: admin.email }, approved.id, "approve", { role: "admin" });
    await expect(decideRegistration({ id: other.id, email: other.email }, approved.id, "reject")).rejects.toMatchObject(
      { status: 409, message: "This registration was already approved." },
    );
  });

  it("an unknown account is a 404", async () => {
    const { admin } = await createAdmin();
    await expect(
      decideRegistration({ id: admin.id, email: admin.email }, "no-such-id", "approve", { role: "admin" }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
