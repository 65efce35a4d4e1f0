import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { admins } from "~/db/schema";
import { action as loginAction } from "~/routes/admin/login";
import { createAdmin, getAdminByEmail, TEST_PASSWORD } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { withFormToken } from "../../../tests/helpers/bot-check";
import { outboxTo } from "../../../tests/helpers/outbox";
import { verifyPassword } from "./password.server";

/** Decision 020: registration answers the same for new and existing emails. */

const fresh = () => `reg-${crypto.randomUUID().slice(0, 8)}@flowlane.test`;

/** The answer without the parts that differ by nature (the id and the echoed email). */
const shape = (json: { data: { user: Record<string, unknown>; message: string } }) => ({
  ...json,
  data: { ...json.data, user: { ...json.data.user, id: "<id>", email: "<email>" } },
});

describe("registration answers the same for new and existing emails", () => {
  it("API: the same status and body; the existing account is untouched and its owner emailed", async () => {
    const { admin } = await createAdmin();
    const body = (email: string) => ({ email, password: "another-pass-11", name: "Same Name" });
    const newcomer = await api("POST", "/api/auth/register", { body: body(fresh()) });
    const existing = await api("POST", "/api/auth/register", { body: body(admin.email) });
    expect(existing.status).toBe(newcomer.status);
    expect(shape(existing.json)).toEqual(shape(newcomer.json));

    const stored = await getAdminByEmail(admin.email);
    expect(stored?.name).toBe("Test Admin");
    expect(stored?.status).toBe("active");
    expect(await verifyPassword(TEST_PASSWORD, stored?.passwordHash ?? "")).toBe(true);
    const [mail] = await outboxTo(admin.email);
    expect(mail?.kind).toBe("team.register-existing");
    expect(mail?.text).toContain("/admin/forgot-password");
    // Tried again within the hour: no second email.
    await api("POST", "/api/auth/register", { body: body(admin.email) });
    expect(await outboxTo(admin.email)).toHaveLength(1);
  });

  it("12 parallel registrations of one new email: one account, all answered 201", async () => {
    const email = fresh();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        api("POST", "/api/auth/register", { body: { email, password: "parallel-pass-1", name: "Par" } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    expect(await db().select().from(admins).where(eq(admins.email, email)).all()).toHaveLength(1);
  });

  it("login screen: new and existing emails both land on the same notice, without a session", async () => {
    const { admin } = await createAdmin();
    const register = async (email: string) => {
      const request = new Request("http://localhost/admin?index", {
        method: "POST",
        body: new URLSearchParams(
          withFormToken({ intent: "register", email, password: "screen-pass-12", name: "Screen" }),
        ),
      });
      try {
        return (await loginAction({ request, params: {}, context: {} } as never)) as unknown as Response;
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    };
    for (const answer of [await register(fresh()), await register(admin.email)]) {
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe("/admin?registered=1");
      expect(answer.headers.get("Set-Cookie")).toBeNull();
    }
  });

  it("bad input is refused as before and stores nothing", async () => {
    const before = (await db().select().from(admins).all()).length;
    for (const body of [
      { email: "not-an-email", password: "good-pass-123", name: "X" },
      { email: fresh(), password: "short", name: "X" },
      { email: fresh(), password: "good-pass-123", name: "" },
      { email: fresh(), password: "good-pass-123", name: "N".repeat(101) },
      { email: `${"a".repeat(250)}@x.com`, password: "good-pass-123", name: "X" },
    ]) {
      expect((await api("POST", "/api/auth/register", { body })).status).toBe(400);
    }
    expect((await db().select().from(admins).all()).length).toBe(before);
  });
});
