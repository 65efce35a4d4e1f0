import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { admins, auditLog } from "~/db/schema";
import { createAdmin, TEST_PASSWORD } from "../../../tests/helpers/accounts";
import {
  changePassword,
  countPendingAdmins,
  getAdmin,
  INVALID_LOGIN,
  listPendingAdmins,
  updateProfile,
  verifyLogin,
} from "./accounts.server";
import { createSession, findSession } from "./sessions.server";

const actorOf = (admin: { id: string; email: string }) => ({ id: admin.id, email: admin.email });
const auditOf = (id: string) => db().select().from(auditLog).where(eq(auditLog.targetId, id)).all();

describe("verifyLogin", () => {
  it("the right password signs in an active or pending account; a rejected one gets a 403", async () => {
    const active = await createAdmin();
    expect((await verifyLogin(active.admin.email, TEST_PASSWORD)).id).toBe(active.admin.id);
    const pending = await createAdmin({ status: "pending" });
    expect((await verifyLogin(pending.admin.email, TEST_PASSWORD)).status).toBe("pending");
    const rejected = await createAdmin({ status: "rejected" });
    await expect(verifyLogin(rejected.admin.email, TEST_PASSWORD)).rejects.toMatchObject({ status: 403 });
  });

  it("a wrong password and an unknown email get the same 401, and only the known account counts a failure", async () => {
    const { admin } = await createAdmin();
    await expect(verifyLogin(admin.email, "wrong-password-1")).rejects.toMatchObject({
      status: 401,
      message: INVALID_LOGIN,
    });
    await expect(verifyLogin("nobody@flowlane.test", TEST_PASSWORD)).rejects.toMatchObject({
      status: 401,
      message: INVALID_LOGIN,
    });
    expect((await getAdmin(admin.id))?.failedLogins).toBe(1);
  });
});

describe("updateProfile", () => {
  it("renames the account and audits the old and new name", async () => {
    const { admin } = await createAdmin({ name: "Old Name" });
    expect(await updateProfile(actorOf(admin), { name: "New Name" })).toMatchObject({ name: "New Name" });
    expect((await getAdmin(admin.id))?.name).toBe("New Name");
    const [entry] = await auditOf(admin.id);
    expect(entry).toMatchObject({
      action: "account.profile_updated",
      before: { name: "Old Name" },
      after: { name: "New Name" },
    });
  });

  it("an account that no longer exists gets a 404", async () => {
    await expect(updateProfile({ id: "gone", email: "gone@flowlane.test" }, { name: "X" })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("changePassword", () => {
  it("a wrong current password, or the same password again, changes nothing and revokes nothing", async () => {
    const { admin, token } = await createAdmin();
    const other = await createSession(admin.id, "browser");
    const before = (await getAdmin(admin.id))?.passwordHash;
    await expect(
      changePassword(actorOf(admin), null, { currentPassword: "not-the-password-1", newPassword: "brand-new-pass-7" }),
    ).rejects.toMatchObject({ status: 400, extra: { details: [{ field: "currentPassword" }] } });
    await expect(
      changePassword(actorOf(admin), null, { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }),
    ).rejects.toMatchObject({ status: 400, extra: { details: [{ field: "newPassword" }] } });
    expect((await getAdmin(admin.id))?.passwordHash).toBe(before);
    expect(await findSession(token)).not.toBeNull();
    expect(await findSession(other.token)).not.toBeNull();
    expect(await auditOf(admin.id)).toEqual([]);
  });

  it("the new password works, the old one not; every other session ends and the current one stays", async () => {
    const { admin, token, sessionId } = await createAdmin();
    const other = await createSession(admin.id, "browser");
    await changePassword(actorOf(admin), sessionId, {
      currentPassword: TEST_PASSWORD,
      newPassword: "brand-new-pass-7",
    });
    expect((await verifyLogin(admin.email, "brand-new-pass-7")).id).toBe(admin.id);
    await expect(verifyLogin(admin.email, TEST_PASSWORD)).rejects.toMatchObject({ status: 401 });
    expect(await findSession(token)).not.toBeNull();
    expect(await findSession(other.token)).toBeNull();
    expect((await auditOf(admin.id)).map((entry) => entry.action)).toEqual(["account.password_changed"]);
  });
});

describe("pending registrations", () => {
  it("lists and counts only pending accounts", async () => {
    const before = await countPendingAdmins();
    const first = await createAdmin({ status: "pending" });
    const second = await createAdmin({ status: "pending" });
    await createAdmin({ status: "rejected" });
    expect(await countPendingAdmins()).toBe(before + 2);
    const listed = await listPendingAdmins();
    expect(listed.map((admin) => admin.id)).toEqual(expect.arrayContaining([first.admin.id, second.admin.id]));
    expect(listed.every((admin) => admin.status === "pending")).toBe(true);
    await db().update(admins).set({ status: "active" }).where(eq(admins.id, first.admin.id));
    expect(await countPendingAdmins()).toBe(before + 1);
  });
});
