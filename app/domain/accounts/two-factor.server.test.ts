import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { admins, auditLog, emailOutbox, recoveryCodes, twoFactor, twoFactorChallenges } from "~/db/schema";
import { buildOpenApi } from "~/http/api/openapi.server";
import { requireAdmin, SECURITY_PATH, TWO_FACTOR_REQUIRED } from "~/http/guards.server";
import { allEndpoints } from "~/routes/api/registry.server";
import { createAdmin, TEST_PASSWORD } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { setConfig } from "../../../tests/helpers/trial";
import {
  beginSetup,
  CHALLENGE,
  CHALLENGE_ENDED,
  createChallenge,
  enableTwoFactor,
  INVALID_CODE,
  matchStep,
  stepAt,
  TOO_MANY_CODES,
  TOTP,
  totpAt,
  verifyChallenge,
} from "./two-factor.server";

const STEP = TOTP.periodSeconds * 1000;

/** An admin with two-factor on; returns the key to compute codes and the recovery codes. */
async function enrolledAdmin(now = new Date()) {
  const created = await createAdmin();
  const actor = { id: created.admin.id, email: created.admin.email };
  const { secret } = await beginSetup(actor);
  const key = decodeBase32IgnorePadding(secret);
  // Enrolment uses the step before, so the current step is still free for sign-in.
  const { recoveryCodes: codes } = await enableTwoFactor(actor, { code: totpAt(key, stepAt(now) - 1) }, { now });
  return { ...created, actor, key, codes };
}

async function expectError(promise: Promise<unknown>, status: number, message?: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as { status: number; message: string },
  );
  expect(error, "expected a failure").not.toBeNull();
  expect(error?.status).toBe(status);
  if (message) expect(error?.message).toBe(message);
}

describe("TOTP verification window", () => {
  const key = new Uint8Array(20).fill(7);
  const now = new Date(Date.UTC(2026, 10, 22, 12, 0, 10));
  const step = stepAt(now);

  it("accepts the current step and one step either side", () => {
    expect(matchStep(key, totpAt(key, step), now)).toBe(step);
    expect(matchStep(key, totpAt(key, step - 1), now)).toBe(step - 1);
    expect(matchStep(key, totpAt(key, step + 1), now)).toBe(step + 1);
  });

  it("refuses codes two steps away and wrong codes", () => {
    const far = [totpAt(key, step - 2), totpAt(key, step + 2)].filter(
      (c) => ![step - 1, step, step + 1].some((s) => totpAt(key, s) === c),
    );
    for (const code of far) expect(matchStep(key, code, now)).toBeNull();
    expect(matchStep(key, "000000".replace(/0/g, "") || "12345", now)).toBeNull();
  });

  it("matches the RFC 6238 SHA-1 test vector", () => {
    // RFC 6238 appendix B: key "12345678901234567890", T = 59 s → 94287082 (8 digits), last 6: 287082.
    const rfcKey = new TextEncoder().encode("12345678901234567890");
    expect(totpAt(rfcKey, 1)).toBe("287082");
  });
});

describe("sign-in code step", () => {
  it("accepts a code once: the same code again is refused (no replay inside its window)", async () => {
    const now = new Date();
    const { admin, key } = await enrolledAdmin(now);
    const code = totpAt(key, stepAt(now));
    const first = await verifyChallenge(await createChallenge(admin.id, now), { code }, { now });
    expect(first.id).toBe(admin.id);
    await expectError(verifyChallenge(await createChallenge(admin.id, now), { code }, { now }), 401, INVALID_CODE);
    // An older step than the last accepted one is refused too.
    await expectError(
      verifyChallenge(await createChallenge(admin.id, now), { code: totpAt(key, stepAt(now) - 1) }, { now }),
      401,
    );
    // The next step's code is fine.
    const later = new Date(now.getTime() + STEP);
    const next = await verifyChallenge(
      await createChallenge(admin.id, later),
      { code: totpAt(key, stepAt(later)) },
      { now: later },
    );
    expect(next.id).toBe(admin.id);
  });

  it("a challenge is single use and lasts 5 minutes", async () => {
    const now = new Date();
    const { admin, key } = await enrolledAdmin(now);
    const token = await createChallenge(admin.id, now);
    await verifyChallenge(token, { code: totpAt(key, stepAt(now)) }, { now });
    const later = new Date(now.getTime() + STEP);
    await expectError(
      verifyChallenge(token, { code: totpAt(key, stepAt(later)) }, { now: later }),
      401,
      CHALLENGE_ENDED,
    );

    const old = await createChallenge(admin.id, now);
    const expired = new Date(now.getTime() + CHALLENGE.ttl);
    await expectError(
      verifyChallenge(old, { code: totpAt(key, stepAt(expired)) }, { now: expired }),
      401,
      CHALLENGE_ENDED,
    );
    await expectError(verifyChallenge("not-a-token", { code: "123456" }, { now }), 401, CHALLENGE_ENDED);
  });

  it("parallel answers with the same code: exactly one signs in", async () => {
    const now = new Date();
    const { admin, key } = await enrolledAdmin(now);
    const code = totpAt(key, stepAt(now));
    const tokens = await Promise.all(Array.from({ length: 20 }, () => createChallenge(admin.id, now)));
    const results = await Promise.allSettled(tokens.map((t) => verifyChallenge(t, { code }, { now })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("parallel answers to one challenge: exactly one signs in", async () => {
    const now = new Date();
    const { admin, key, codes } = await enrolledAdmin(now);
    const token = await createChallenge(admin.id, now);
    const answers = [
      { code: totpAt(key, stepAt(now)) },
      { code: totpAt(key, stepAt(now) + 1) },
      ...codes.slice(0, 5).map((c) => ({ recoveryCode: c })),
    ];
    const results = await Promise.allSettled(answers.map((a) => verifyChallenge(token, a, { now })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("recovery codes work once, in any case and with or without the dash", async () => {
    const now = new Date();
    const { admin, codes } = await enrolledAdmin(now);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const code = codes[0]!;
    const signedIn = await verifyChallenge(
      await createChallenge(admin.id, now),
      { recoveryCode: ` ${code.toUpperCase().replace("-", "")} ` },
      { now },
    );
    expect(signedIn.id).toBe(admin.id);
    await expectError(
      verifyChallenge(await createChallenge(admin.id, now), { recoveryCode: code }, { now }),
      401,
      INVALID_CODE,
    );
    // Stored hashed: no row holds the code itself.
    const rows = await db().select().from(recoveryCodes).where(eq(recoveryCodes.adminId, admin.id)).all();
    expect(rows).toHaveLength(10);
    expect(rows.some((r) => r.codeHash.includes(code.replace("-", "")))).toBe(false);
    expect(rows.filter((r) => r.usedAt)).toHaveLength(1);
    // The admin is told, and the audit log has it.
    const mail = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "account.2fa_recovery_code_used"))
      .all();
    expect(mail.map((m) => m.to)).toContain(admin.email);
  });

  it("the same recovery code in parallel: exactly one success", async () => {
    const now = new Date();
    const { admin, codes } = await enrolledAdmin(now);
    const tokens = await Promise.all(Array.from({ length: 20 }, () => createChallenge(admin.id, now)));
    const results = await Promise.allSettled(
      tokens.map((t) => verifyChallenge(t, { recoveryCode: codes[3]! }, { now })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("5 wrong codes end the challenge; wrong codes count toward the account lockout", async () => {
    const now = new Date();
    const { admin, key } = await enrolledAdmin(now);
    const token = await createChallenge(admin.id, now);
    for (let i = 0; i < CHALLENGE.maxFailures - 1; i++) {
      await expectError(verifyChallenge(token, { code: "000000" }, { now }), 401, INVALID_CODE);
    }
    // The fifth says the attempt is over (not that a session ended) …
    await expectError(verifyChallenge(token, { code: "000000" }, { now }), 401, TOO_MANY_CODES);
    // … and even the right code no longer works on this challenge, with the same words.
    await expectError(verifyChallenge(token, { code: totpAt(key, stepAt(now)) }, { now }), 401, TOO_MANY_CODES);
    const [row] = await db().select().from(twoFactorChallenges).where(eq(twoFactorChallenges.adminId, admin.id)).all();
    expect(row?.failedAttempts).toBe(CHALLENGE.maxFailures);
    const counted = await db().select().from(admins).where(eq(admins.id, admin.id)).get();
    expect(counted?.failedLogins).toBe(CHALLENGE.maxFailures);

    // A correct password resets the password counter, but not the code counter: 5 more wrong
    // codes on a fresh challenge lock the account; the one that locks it says so (decision 041).
    await db().update(admins).set({ failedLogins: 0, failedWindowStart: null }).where(eq(admins.id, admin.id));
    const second = await createChallenge(admin.id, now);
    for (let i = 1; i < CHALLENGE.maxFailures; i++) {
      await expectError(verifyChallenge(second, { code: "111111" }, { now }), 401);
    }
    await expectError(verifyChallenge(second, { code: "111111" }, { now }), 429);
    const locked = await db().select().from(admins).where(eq(admins.id, admin.id)).get();
    expect(locked?.lockedUntil?.getTime()).toBeGreaterThan(now.getTime());
    const third = await createChallenge(admin.id, now);
    await expectError(verifyChallenge(third, { code: totpAt(key, stepAt(now)) }, { now }), 429);
  });

  it("parallel wrong codes are all counted", async () => {
    const now = new Date();
    const { admin } = await enrolledAdmin(now);
    const tokens = await Promise.all(Array.from({ length: 4 }, () => createChallenge(admin.id, now)));
    await Promise.allSettled(tokens.map((t) => verifyChallenge(t, { code: "999999" }, { now })));
    const row = await db().select().from(admins).where(eq(admins.id, admin.id)).get();
    expect(row?.failedLogins).toBe(4);
  });
});

describe("enrolment", () => {
  it("needs a correct code, then is on; setup cannot replace an enabled secret", async () => {
    const { admin } = await createAdmin();
    const actor = { id: admin.id, email: admin.email };
    await expectError(enableTwoFactor(actor, { code: "123456" }), 409);
    const { secret, otpauthUrl } = await beginSetup(actor);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Flowlane:/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    await expectError(enableTwoFactor(actor, { code: "12345x" }), 400);
    const key = decodeBase32IgnorePadding(secret);
    const now = new Date();
    await enableTwoFactor(actor, { code: totpAt(key, stepAt(now)) }, { now });
    await expectError(beginSetup(actor), 409);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, admin.id), eq(auditLog.action, "account.2fa_enabled")))
      .all();
    expect(audit).toHaveLength(1);
  });

  it("parallel confirmations: one enables, the others are refused", async () => {
    const { admin } = await createAdmin();
    const actor = { id: admin.id, email: admin.email };
    const key = decodeBase32IgnorePadding((await beginSetup(actor)).secret);
    const now = new Date();
    const code = totpAt(key, stepAt(now));
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => enableTwoFactor(actor, { code }, { now })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const codes = await db().select().from(recoveryCodes).where(eq(recoveryCodes.adminId, admin.id)).all();
    expect(codes).toHaveLength(10);
  });
});

describe("2FA API", () => {
  async function apiEnrolled() {
    const { admin, token } = await createAdmin();
    const setup = await api("POST", "/api/auth/2fa/setup", { token });
    expect(setup.status).toBe(200);
    const key = decodeBase32IgnorePadding(setup.json.data.secret);
    const enable = await api("POST", "/api/auth/2fa/enable", {
      token,
      body: { code: totpAt(key, stepAt(new Date())) },
    });
    expect(enable.status).toBe(200);
    expect(enable.json.data.recoveryCodes).toHaveLength(10);
    return { admin, token, key, codes: enable.json.data.recoveryCodes as string[] };
  }

  it("login answers with a challenge and no token; verify answers like a login", async () => {
    const { admin, key } = await apiEnrolled();
    const login = await api("POST", "/api/auth/login", { body: { email: admin.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.json.data).toEqual({ twoFactorRequired: true, challengeToken: expect.any(String) });
    expect(login.json.data.accessToken).toBeUndefined();
    expect(login.headers.get("Set-Cookie")).toBeNull();
    const verify = await api("POST", "/api/auth/2fa/verify", {
      body: { challengeToken: login.json.data.challengeToken, code: totpAt(key, stepAt(new Date()) + 1) },
    });
    expect(verify.status).toBe(200);
    expect(verify.json.data).toMatchObject({ tokenType: "Bearer", user: { email: admin.email } });
    expect(verify.headers.get("Set-Cookie")).toMatch(/flowlane_refresh=/);
    const again = await api("POST", "/api/auth/2fa/verify", {
      body: { challengeToken: login.json.data.challengeToken, code: totpAt(key, stepAt(new Date()) + 1) },
    });
    expect(again.status).toBe(401);
    expect(again.json).toEqual({ success: false, error: CHALLENGE_ENDED });
  });

  it("signs in with a recovery code", async () => {
    const { admin, codes } = await apiEnrolled();
    const login = await api("POST", "/api/auth/login", { body: { email: admin.email, password: TEST_PASSWORD } });
    const verify = await api("POST", "/api/auth/2fa/verify", {
      body: { challengeToken: login.json.data.challengeToken, recoveryCode: codes[0] },
    });
    expect(verify.status).toBe(200);
    expect(verify.json.data.accessToken).toBeTruthy();
  });

  it.each([
    ["no answer", { challengeToken: "x" }],
    ["both answers", { challengeToken: "x", code: "123456", recoveryCode: "abcde-fghjk" }],
    ["a code that is not 6 digits", { challengeToken: "x", code: "12ab56" }],
    ["no challenge token", { code: "123456" }],
    ["wrong types", { challengeToken: 5, code: 123456 }],
  ])("verify refuses %s with 400", async (_name, body) => {
    const r = await api("POST", "/api/auth/2fa/verify", { body });
    expect(r.status).toBe(400);
    expect(r.json.success).toBe(false);
  });

  it("enable, disable and regenerate refuse bad input and change nothing", async () => {
    const { admin, token, key } = await apiEnrolled();
    expect((await api("POST", "/api/auth/2fa/enable", { token, body: { code: "123456" } })).status).toBe(409);
    expect((await api("POST", "/api/auth/2fa/setup", { token })).status).toBe(409);
    const wrongPassword = await api("POST", "/api/auth/2fa/disable", {
      token,
      body: { password: "wrong-password-1", code: totpAt(key, stepAt(new Date())) },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.json.error).toBe("Current password is incorrect.");
    const wrongCode = await api("POST", "/api/auth/2fa/disable", {
      token,
      body: { password: TEST_PASSWORD, code: "000000" },
    });
    expect(wrongCode.status).toBe(400);
    expect((await api("POST", "/api/auth/2fa/disable", { token, body: {} })).status).toBe(400);
    expect((await api("GET", "/api/auth/2fa", { token })).json.data.enabled).toBe(true);

    const regenerate = await api("POST", "/api/auth/2fa/recovery-codes", {
      token,
      body: { password: TEST_PASSWORD, code: totpAt(key, stepAt(new Date()) + 1) },
    });
    expect(regenerate.status).toBe(200);
    expect(regenerate.json.data.recoveryCodes).toHaveLength(10);

    // The step after that is outside the window: act as if the next 30 seconds had come.
    await db().update(twoFactor).set({ lastStep: null }).where(eq(twoFactor.adminId, admin.id));
    const disable = await api("POST", "/api/auth/2fa/disable", {
      token,
      body: { password: TEST_PASSWORD, code: totpAt(key, stepAt(new Date())) },
    });
    expect(disable.status).toBe(200);
    expect((await api("GET", "/api/auth/2fa", { token })).json.data).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  });

  it("the 2FA endpoints need a signed-in admin", async () => {
    expect((await api("POST", "/api/auth/2fa/setup")).status).toBe(401);
    expect((await api("POST", "/api/auth/2fa/enable", { body: { code: "123456" } })).status).toBe(401);
    const pending = await createAdmin({ status: "pending" });
    expect((await api("POST", "/api/auth/2fa/setup", { token: pending.token })).status).toBe(403);
  });

  it("are described in the OpenAPI document", async () => {
    const doc = buildOpenApi(allEndpoints);
    const paths = Object.keys(doc.paths);
    for (const p of [
      "/api/auth/2fa/setup",
      "/api/auth/2fa/enable",
      "/api/auth/2fa/disable",
      "/api/auth/2fa/verify",
      "/api/auth/sessions",
      "/api/auth/sessions/{id}",
    ]) {
      expect(paths).toContain(p);
    }
  });
});

describe("REQUIRE_2FA", () => {
  it("sends an admin without 2FA to enrolment (pages) or answers 403 (API), and lets enrolled admins in", async () => {
    const restore = setConfig({ REQUIRE_2FA: "true" });
    try {
      const { token } = await createAdmin();
      const stats = await api("GET", "/api/dashboard/stats", { token });
      expect(stats.status).toBe(403);
      expect(stats.json.error).toBe(TWO_FACTOR_REQUIRED);
      // Enrolment and the session list stay open.
      expect((await api("GET", "/api/auth/sessions", { token })).status).toBe(200);
      const setup = await api("POST", "/api/auth/2fa/setup", { token });
      expect(setup.status).toBe(200);
      const page = await requireAdmin(
        new Request("http://localhost/admin/dashboard/meetings", { headers: { Authorization: `Bearer ${token}` } }),
      ).then(
        () => null,
        (thrown: unknown) => thrown as Response,
      );
      expect(page?.status).toBe(302);
      expect(page?.headers.get("Location")).toBe(`${SECURITY_PATH}?required=1`);
      const key = decodeBase32IgnorePadding(setup.json.data.secret);
      await api("POST", "/api/auth/2fa/enable", { token, body: { code: totpAt(key, stepAt(new Date())) } });
      expect((await api("GET", "/api/dashboard/stats", { token })).status).toBe(200);
    } finally {
      restore();
    }
  });
});
