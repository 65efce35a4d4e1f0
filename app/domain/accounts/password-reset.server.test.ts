import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { admins, auditLog, passwordResets, sessions } from "~/db/schema";
import { findSession } from "~/domain/accounts/sessions.server";
import { sha256Hex } from "~/lib/crypto.server";
import { MINUTE } from "~/lib/durations";
import { action as forgotAction } from "~/routes/admin/forgot-password";
import { action as resetAction, loader as resetLoader } from "~/routes/admin/reset-password";
import { createAdmin, getAdminByEmail, TEST_PASSWORD } from "../../../tests/helpers/accounts";
import { withFormToken } from "../../../tests/helpers/bot-check";
import { appErrorOf as failure } from "../../../tests/helpers/errors";
import { outboxTo, tokenInNewestEmail } from "../../../tests/helpers/outbox";
import { verifyLogin } from "./accounts.server";
import { verifyPassword } from "./password.server";
import {
  RESET_MESSAGES,
  RESET_RULES,
  requestPasswordReset,
  resetLinkState,
  resetPassword,
} from "./password-reset.server";

/** Decision 020: admin password reset links. */

const T0 = new Date("2026-07-01T08:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const NEW_PASSWORD = "brand-new-pass-77";
const ORIGIN = "http://localhost";

/** Requests a link and answers the token the email carries. */
async function linkFor(email: string, now = T0) {
  await requestPasswordReset({ email }, now);
  return tokenInNewestEmail(email, /reset-password\?token=([\w-]+)/);
}

describe("requesting a reset link", () => {
  it("emails a 256-bit token, stores only its hash, and answers the same for an unknown email", async () => {
    const { admin } = await createAdmin();
    const known = await requestPasswordReset({ email: admin.email }, T0);
    const unknownEmail = `nobody-${crypto.randomUUID().slice(0, 6)}@flowlane.test`;
    const unknown = await requestPasswordReset({ email: unknownEmail }, T0);
    expect(known.message).toBe(RESET_MESSAGES.requested(admin.email));
    expect(unknown.message).toBe(RESET_MESSAGES.requested(unknownEmail));

    const [mail] = await outboxTo(admin.email);
    expect(mail?.kind).toBe("admin.password-reset");
    expect(mail?.sensitive).toBe(true);
    const token = /token=([\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const row = await db().select().from(passwordResets).where(eq(passwordResets.email, admin.email)).get();
    expect(row?.tokenHash).toBe(await sha256Hex(token));
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.expiresAt.getTime()).toBe(at(30 * MINUTE).getTime());
    expect(await outboxTo(unknownEmail)).toEqual([]);
  });

  it("limits requests per email (60 s apart, 5 an hour), the same for known and unknown emails", async () => {
    const { admin } = await createAdmin();
    for (const email of [admin.email, `nobody-${crypto.randomUUID().slice(0, 6)}@flowlane.test`]) {
      await linkFor(email, T0);
      const soon = await failure(linkFor(email, at(30_000)));
      expect(soon).toMatchObject({ status: 429, extra: { retryAfter: 30 } });
      for (let i = 1; i < RESET_RULES.perEmailPerHour; i++) await linkFor(email, at(i * 2 * MINUTE));
      const hourly = await failure(linkFor(email, at(20 * MINUTE)));
      expect(hourly.status).toBe(429);
      expect(hourly.message).toBe(RESET_MESSAGES.emailLimit(40));
    }
  });

  it("12 parallel requests for one email store one row and send one email", async () => {
    const { admin } = await createAdmin();
    const answers = await Promise.allSettled(Array.from({ length: 12 }, () => linkFor(admin.email, T0)));
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    expect(await db().select().from(passwordResets).where(eq(passwordResets.email, admin.email)).all()).toHaveLength(1);
    expect(await outboxTo(admin.email)).toHaveLength(1);
  });

  it("a new link makes the older one stop working", async () => {
    const { admin } = await createAdmin();
    const first = await linkFor(admin.email, T0);
    await linkFor(admin.email, at(2 * MINUTE));
    expect((await resetLinkState(first, at(3 * MINUTE))).state).toBe("expired");
  });
});

describe("using a reset link", () => {
  it("sets the new password, revokes every session, clears the lock, audits and emails the admin", async () => {
    const { admin, token: apiToken } = await createAdmin();
    const link = await linkFor(admin.email, T0);
    await resetPassword({ token: link, password: NEW_PASSWORD }, at(MINUTE));
    const stored = await getAdminByEmail(admin.email);
    expect(await verifyPassword(NEW_PASSWORD, stored?.passwordHash ?? "")).toBe(true);
    expect(await verifyPassword(TEST_PASSWORD, stored?.passwordHash ?? "")).toBe(false);
    expect(await findSession(apiToken)).toBeNull();
    const open = (await db().select().from(sessions).where(eq(sessions.adminId, admin.id)).all()).filter(
      (s) => !s.revokedAt,
    );
    expect(open).toEqual([]);
    expect((await outboxTo(admin.email)).map((m) => m.kind)).toEqual([
      "admin.password-reset",
      "admin.password-changed",
    ]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, admin.id)).all();
    expect(audit.map((a) => a.action)).toEqual(["account.password_reset"]);
    expect((await verifyLogin(admin.email, NEW_PASSWORD)).id).toBe(admin.id);
  });

  it("refuses a reused, an expired and an unknown link, changing nothing", async () => {
    const { admin } = await createAdmin();
    const link = await linkFor(admin.email, T0);
    await resetPassword({ token: link, password: NEW_PASSWORD }, at(MINUTE));
    expect(await failure(resetPassword({ token: link, password: "another-pass-99" }, at(2 * MINUTE)))).toMatchObject({
      status: 410,
      message: RESET_MESSAGES.used,
    });

    const { admin: other } = await createAdmin();
    const late = await linkFor(other.email, T0);
    expect(await failure(resetPassword({ token: late, password: NEW_PASSWORD }, at(30 * MINUTE)))).toMatchObject({
      status: 410,
      message: RESET_MESSAGES.expired,
    });
    for (const token of ["", "x", "A".repeat(43), "A".repeat(500)]) {
      expect(await failure(resetPassword({ token, password: NEW_PASSWORD }, T0))).toMatchObject({
        status: 404,
        message: RESET_MESSAGES.unknown,
      });
    }
    const untouched = await getAdminByEmail(other.email);
    expect(await verifyPassword(TEST_PASSWORD, untouched?.passwordHash ?? "")).toBe(true);
  });

  it("a token stored for an unknown email (never sent) cannot be used", async () => {
    const email = `nobody-${crypto.randomUUID().slice(0, 6)}@flowlane.test`;
    const token = await linkFor(email, T0);
    expect((await resetLinkState(token, at(MINUTE))).state).toBe("unknown");
  });

  it("12 parallel uses of one link: exactly one succeeds, one audit entry, one notice email", async () => {
    const { admin } = await createAdmin();
    const link = await linkFor(admin.email, T0);
    const answers = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => resetPassword({ token: link, password: `parallel-pass-${i}0` }, at(MINUTE))),
    );
    const won = answers.filter((a) => a.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status === "rejected")) {
      expect((lost as PromiseRejectedResult).reason).toMatchObject({ status: 410, message: RESET_MESSAGES.used });
    }
    expect((await outboxTo(admin.email)).filter((m) => m.kind === "admin.password-changed")).toHaveLength(1);
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, admin.id)).all()).toHaveLength(1);
  });
});

describe("the pages (no JavaScript needed)", () => {
  const post = (path: string, fields: Record<string, string>) =>
    new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(withFormToken(fields)) });
  async function run(fn: (a: never) => unknown, request: Request) {
    try {
      // biome-ignore lint/suspicious/noExplicitAny: tests read loader and action results loosely
      return { result: (await fn({ request, params: {}, context: {} } as never)) as any };
    } catch (thrown) {
      if (thrown instanceof Response) return { response: thrown };
      throw thrown;
    }
  }

  it("forgot-password answers the same for known and unknown emails, and 400 for a malformed one", async () => {
    const { admin } = await createAdmin();
    const known = await run(forgotAction, post("/admin/forgot-password", { email: admin.email.toUpperCase() }));
    const unknown = await run(forgotAction, post("/admin/forgot-password", { email: "ghost@flowlane.test" }));
    expect(known.result.data.sent).toBe(RESET_MESSAGES.requested(admin.email));
    expect(unknown.result.data.sent).toBe(RESET_MESSAGES.requested("ghost@flowlane.test"));
    const bad = await run(forgotAction, post("/admin/forgot-password", { email: "not-an-email" }));
    expect(bad.result.init.status).toBe(400);
    expect(bad.result.data.fieldError).toBe("Email is invalid");
    const long = await run(forgotAction, post("/admin/forgot-password", { email: `${"a".repeat(300)}@x.com` }));
    expect(long.result.init.status).toBe(400);
  });

  it("a disabled member (decision 070) gets the same answer as anyone on the page, but no email and no working link", async () => {
    const { admin } = await createAdmin();
    const { admin: enabled } = await createAdmin();
    // A link sent while enabled, then the member is disabled.
    const earlier = await linkFor(admin.email, new Date(Date.now() - 10 * MINUTE));
    await db().update(admins).set({ disabledAt: new Date() }).where(eq(admins.id, admin.id));
    // The link sent before the disabling no longer resets the password.
    await expect(resetPassword({ token: earlier, password: NEW_PASSWORD })).rejects.toMatchObject({
      status: 404,
      message: RESET_MESSAGES.unknown,
    });
    expect(await verifyPassword(TEST_PASSWORD, (await getAdminByEmail(admin.email))!.passwordHash)).toBe(true);
    const before = (await outboxTo(admin.email)).length;

    const disabled = await run(forgotAction, post("/admin/forgot-password", { email: admin.email }));
    const other = await run(forgotAction, post("/admin/forgot-password", { email: enabled.email }));
    const nobody = await run(forgotAction, post("/admin/forgot-password", { email: "ghost-2@flowlane.test" }));
    expect(disabled.result.data.sent).toBe(RESET_MESSAGES.requested(admin.email));
    expect(Object.keys(disabled.result.data).sort()).toEqual(Object.keys(other.result.data).sort());
    expect(Object.keys(disabled.result.data).sort()).toEqual(Object.keys(nobody.result.data).sort());
    expect(disabled.result.init?.status).toBe(other.result.init?.status);
    // No email was written; the row counts for the limits like an unknown address's, with no account.
    expect(await outboxTo(admin.email)).toHaveLength(before);
    const rows = await db().select().from(passwordResets).where(eq(passwordResets.email, admin.email)).all();
    expect(rows.filter((r) => r.adminId === null)).toHaveLength(1);
  });

  it("reset-password shows the form for a good link, a clear page otherwise, and checks the password rules", async () => {
    const { admin } = await createAdmin();
    const link = await linkFor(admin.email, new Date());
    const page = await run(resetLoader, new Request(`${ORIGIN}/admin/reset-password?token=${link}`));
    expect(page.result.data).toMatchObject({ state: "valid", token: link });
    const unknown = await run(resetLoader, new Request(`${ORIGIN}/admin/reset-password?token=nope`));
    expect(unknown.result.init.status).toBe(404);
    expect(unknown.result.data).toMatchObject({ state: "unknown", token: "", message: RESET_MESSAGES.unknown });

    const weak = await run(
      resetAction,
      post("/admin/reset-password", { token: link, password: "short", confirmPassword: "short" }),
    );
    expect(weak.result.init.status).toBe(400);
    expect(weak.result.data.fields.password).toBe(
      "Password must be at least 10 characters and include a letter and a number.",
    );
    const mismatch = await run(
      resetAction,
      post("/admin/reset-password", { token: link, password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` }),
    );
    expect(mismatch.result.data.fields.confirmPassword).toBe("The two passwords do not match.");

    const done = await run(
      resetAction,
      post("/admin/reset-password", { token: link, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
    );
    expect(done.response?.headers.get("Location")).toBe("/admin?reset=done");
    const used = await run(resetLoader, new Request(`${ORIGIN}/admin/reset-password?token=${link}`));
    expect(used.result.init.status).toBe(410);
    expect(used.result.data.message).toBe(RESET_MESSAGES.used);
  });
});
