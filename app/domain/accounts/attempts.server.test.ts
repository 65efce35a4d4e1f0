import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { admins, emailOutbox, loginFailures, twoFactor, twoFactorChallenges } from "~/db/schema";
import { findSession } from "~/domain/accounts/sessions.server";
import { createPost } from "~/domain/blog/posts.server";
import { CLIENT_LIMITS } from "~/domain/limits/client-limits.server";
import { TWO_FACTOR_REQUIRED } from "~/http/guards.server";
import { createAdmin, TEST_PASSWORD } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { setConfig } from "../../../tests/helpers/trial";
import { changePassword, LOGIN_THROTTLE } from "./accounts.server";
import {
  beginSetup,
  CHALLENGE,
  CHALLENGE_ENDED,
  createChallenge,
  disableTwoFactor,
  enableTwoFactor,
  INVALID_CODE,
  regenerateRecoveryCodes,
  stepAt,
  TOO_MANY_CODES,
  totpAt,
  verifyChallenge,
} from "./two-factor.server";

/**
 * Decision 041: every attempt at an account's second factor or at a signed-in proof is taken
 * before it is checked, so parallel guesses never exceed the limits (10 per account in 15
 * minutes, 5 per challenge, 20 failures per client address), and the failures of a session
 * end it, lock and email the owner.
 */

const MAX = LOGIN_THROTTLE.maxFailures;
const actorOf = (admin: { id: string; email: string }) => ({ id: admin.id, email: admin.email });
const WRONG = "000000";

/** An admin with two-factor on; the key computes codes. Enrolment uses the step before now. */
async function enrolled(now = new Date()) {
  const created = await createAdmin();
  const actor = actorOf(created.admin);
  const { secret } = await beginSetup(actor);
  const key = decodeBase32IgnorePadding(secret);
  await enableTwoFactor(actor, { code: totpAt(key, stepAt(now) - 1) }, { now });
  return { ...created, actor, key };
}

const settle = <T>(work: Promise<T>[]) => Promise.allSettled(work);
const statusesOf = (results: PromiseSettledResult<unknown>[]) =>
  results.map((r) => (r.status === "fulfilled" ? 200 : (r.reason as { status: number }).status));
const count = (values: number[], status: number) => values.filter((v) => v === status).length;

const twoFactorRow = (adminId: string) => db().select().from(twoFactor).where(eq(twoFactor.adminId, adminId)).get();
const pairOf = (adminId: string, ip = "") =>
  db()
    .select()
    .from(loginFailures)
    .where(and(eq(loginFailures.adminId, adminId), eq(loginFailures.ip, ip)))
    .get();
const lockNotices = (email: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "account.locked")))
    .all();

describe("the sign-in code step takes each attempt before checking it", () => {
  for (const [challenges, perChallenge] of [
    [10, 5],
    [20, 5],
  ] as const) {
    it(`${challenges} challenges and ${challenges * perChallenge} wrong codes at once: 10 checked, then locked`, async () => {
      const now = new Date();
      const { admin, key } = await enrolled(now);
      const tokens = await Promise.all(Array.from({ length: challenges }, () => createChallenge(admin.id, now)));
      const results = await settle(
        tokens.flatMap((token) =>
          Array.from({ length: perChallenge }, () => verifyChallenge(token, { code: WRONG }, { now })),
        ),
      );
      const statuses = statusesOf(results);
      // Checked answers are the wrong ones (401) and the one that locked (429 after its check);
      // the rest were refused unchecked. Each checked wrong code counts once for the address.
      expect((await pairOf(admin.id))?.failures).toBe(MAX);
      expect((await twoFactorRow(admin.id))?.failedCodes).toBe(MAX);
      expect(count(statuses, 401)).toBeLessThanOrEqual(MAX);
      expect(count(statuses, 200)).toBe(0);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
      // Locked: even the right code on a fresh challenge waits, and the owner heard of it once.
      const fresh = await createChallenge(admin.id, now);
      await expect(verifyChallenge(fresh, { code: totpAt(key, stepAt(now)) }, { now })).rejects.toMatchObject({
        status: 429,
      });
      expect((await db().select().from(admins).where(eq(admins.id, admin.id)).get())?.lockedUntil?.getTime()).toBe(
        now.getTime() + LOGIN_THROTTLE.lockFor,
      );
      expect(await lockNotices(admin.email)).toHaveLength(1);
    });
  }

  it("20 wrong codes at once on one challenge: 5 checked, the rest end as the challenge did", async () => {
    const now = new Date();
    const { admin } = await enrolled(now);
    const token = await createChallenge(admin.id, now);
    const statuses = statusesOf(
      await settle(Array.from({ length: 20 }, () => verifyChallenge(token, { code: WRONG }, { now }))),
    );
    expect(count(statuses, 401)).toBe(20);
    const [row] = await db().select().from(twoFactorChallenges).where(eq(twoFactorChallenges.adminId, admin.id)).all();
    expect(row?.failedAttempts).toBe(CHALLENGE.maxFailures);
    expect((await pairOf(admin.id))?.failures).toBe(CHALLENGE.maxFailures);
    expect((await twoFactorRow(admin.id))?.failedCodes).toBe(CHALLENGE.maxFailures);
  });

  it("a right code among 19 wrong ones at once signs in once and clears the account's count", async () => {
    const now = new Date();
    const { admin, key } = await enrolled(now);
    const tokens = await Promise.all(Array.from({ length: 4 }, () => createChallenge(admin.id, now)));
    const answers = tokens.flatMap((token, i) =>
      Array.from({ length: 5 }, (_, j) => ({ token, code: i === 2 && j === 2 ? totpAt(key, stepAt(now)) : WRONG })),
    );
    const results = await settle(answers.map(({ token, code }) => verifyChallenge(token, { code }, { now })));
    expect(count(statusesOf(results), 200)).toBeLessThanOrEqual(1);
    const row = await twoFactorRow(admin.id);
    expect(row?.failedCodes).toBeLessThanOrEqual(MAX);
  });

  it("a challenge answered after two-factor was turned off ends, and costs nothing", async () => {
    const now = new Date();
    const { admin } = await enrolled(now);
    const token = await createChallenge(admin.id, now);
    await db().delete(twoFactor).where(eq(twoFactor.adminId, admin.id));
    await expect(verifyChallenge(token, { code: WRONG }, { now })).rejects.toMatchObject({
      status: 401,
      message: CHALLENGE_ENDED,
    });
    expect(await pairOf(admin.id)).toBeUndefined();
  });
});

describe("POST /api/auth/2fa/verify has the per-address limit of sign-in", () => {
  it("30 wrong answers at once from one address over 6 accounts: 20 checked, 10 refused unchecked", async () => {
    const address = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
    const accounts = await Promise.all(Array.from({ length: 6 }, () => enrolled()));
    const tokens = await Promise.all(accounts.map(({ admin }) => createChallenge(admin.id)));
    const calls = tokens.flatMap((challengeToken) =>
      Array.from({ length: 5 }, () =>
        api("POST", "/api/auth/2fa/verify", {
          body: { challengeToken, code: WRONG },
          headers: { "CF-Connecting-IP": address },
        }),
      ),
    );
    const answers = await Promise.all(calls);
    // Each checked answer is a wrong code; the one that uses up a challenge says so.
    const checkedAnswers = answers.filter((a) => a.status === 401);
    expect(checkedAnswers).toHaveLength(CLIENT_LIMITS.auth.max);
    for (const answer of checkedAnswers) expect([INVALID_CODE, TOO_MANY_CODES]).toContain(answer.json.error);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(30 - CLIENT_LIMITS.auth.max);
    for (const answer of refused) {
      expect(answer.json.error).toMatch(/^Too many requests from your network/);
      expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    const checked = await Promise.all(accounts.map(({ admin }) => pairOf(admin.id, address)));
    expect(checked.reduce((sum, pair) => sum + (pair?.failures ?? 0), 0)).toBe(CLIENT_LIMITS.auth.max);
  });

  it("a right code gives the address's attempt back", async () => {
    const address = `203.0.113.${Math.floor(Math.random() * 200) + 20}`;
    for (let i = 0; i < CLIENT_LIMITS.auth.max + 2; i++) {
      const { admin, key } = await enrolled();
      const login = await api("POST", "/api/auth/login", {
        body: { email: admin.email, password: TEST_PASSWORD },
        headers: { "CF-Connecting-IP": address },
      });
      const verify = await api("POST", "/api/auth/2fa/verify", {
        body: { challengeToken: login.json.data.challengeToken, code: totpAt(key, stepAt(new Date())) },
        headers: { "CF-Connecting-IP": address },
      });
      expect(verify.status).toBe(200);
    }
  });
});

describe("turning two-factor off and replacing recovery codes are counted attempts", () => {
  it("50 wrong codes with the right password at once: 10 checked, the session ends, locked, owner emailed", async () => {
    const now = new Date();
    const { admin, actor, key, sessionId, token } = await enrolled(now);
    const ctx = { now, sessionId };
    const statuses = statusesOf(
      await settle(
        Array.from({ length: 50 }, () => disableTwoFactor(actor, { password: TEST_PASSWORD, code: WRONG }, ctx)),
      ),
    );
    expect(count(statuses, 400)).toBe(MAX - 1);
    expect(count(statuses, 429)).toBe(50 - (MAX - 1));
    expect((await pairOf(admin.id))?.failures).toBe(MAX);
    expect((await pairOf(admin.id))?.lockedUntil?.getTime()).toBe(now.getTime() + LOGIN_THROTTLE.lockFor);
    expect((await twoFactorRow(admin.id))?.failedCodes).toBe(MAX);
    expect(await findSession(token)).toBeNull();
    expect(await lockNotices(admin.email)).toHaveLength(1);
    // The right code no longer turns it off while the lock lasts.
    await expect(
      disableTwoFactor(actor, { password: TEST_PASSWORD, code: totpAt(key, stepAt(now)) }, ctx),
    ).rejects.toMatchObject({ status: 429 });
    expect((await twoFactorRow(admin.id))?.enabledAt).not.toBeNull();
  });

  it("20 wrong passwords at once for new recovery codes: 10 checked, locked, nothing replaced", async () => {
    const now = new Date();
    const { admin, actor, key, sessionId } = await enrolled(now);
    const statuses = statusesOf(
      await settle(
        Array.from({ length: 20 }, () =>
          regenerateRecoveryCodes(
            actor,
            { password: "not-the-password-9", code: totpAt(key, stepAt(now)) },
            { now, sessionId },
          ),
        ),
      ),
    );
    expect(count(statuses, 400)).toBe(MAX - 1);
    expect(count(statuses, 429)).toBe(20 - (MAX - 1));
    expect((await pairOf(admin.id))?.failures).toBe(MAX);
    expect(await lockNotices(admin.email)).toHaveLength(1);
  });

  it("a proof that holds gives its attempt back", async () => {
    const now = new Date();
    const { admin, actor, key, sessionId } = await enrolled(now);
    await expect(
      regenerateRecoveryCodes(actor, { password: TEST_PASSWORD, code: WRONG }, { now, sessionId }),
    ).rejects.toMatchObject({ status: 400 });
    await regenerateRecoveryCodes(
      actor,
      { password: TEST_PASSWORD, code: totpAt(key, stepAt(now)) },
      { now, sessionId },
    );
    expect((await pairOf(admin.id))?.failures).toBe(1);
  });
});

describe("changing the password is a counted attempt", () => {
  it("30 wrong current passwords at once: 10 checked, the session ends, locked, owner emailed", async () => {
    const now = new Date();
    const { admin, sessionId, token } = await createAdmin();
    const other = await createAdmin();
    const statuses = statusesOf(
      await settle(
        Array.from({ length: 30 }, () =>
          changePassword(
            actorOf(admin),
            sessionId,
            { currentPassword: "not-the-password-9", newPassword: "brand-new-pass-77" },
            { now },
          ),
        ),
      ),
    );
    expect(count(statuses, 400)).toBe(MAX - 1);
    expect(count(statuses, 429)).toBe(30 - (MAX - 1));
    expect((await pairOf(admin.id))?.failures).toBe(MAX);
    expect(await findSession(token)).toBeNull();
    expect(await findSession(other.token)).not.toBeNull();
    const [notice] = await lockNotices(admin.email);
    expect(notice?.text).toContain("Too many wrong attempts to change the password");
    // The right password waits for the lock too.
    await expect(
      changePassword(
        actorOf(admin),
        null,
        { currentPassword: TEST_PASSWORD, newPassword: "brand-new-pass-77" },
        { now },
      ),
    ).rejects.toMatchObject({ status: 429 });
  });

  it("through the API: the 10th wrong password answers 429 and the token stops working", async () => {
    const { token } = await createAdmin();
    const change = () =>
      api("PUT", "/api/auth/change-password", {
        token,
        body: { currentPassword: "not-the-password-9", newPassword: "brand-new-pass-77" },
      });
    for (let i = 1; i < MAX; i++) expect((await change()).status).toBe(400);
    const tenth = await change();
    expect(tenth.status).toBe(429);
    expect(tenth.json.error).toMatch(/^Too many failed sign-in attempts/);
    expect((await api("GET", "/api/auth/profile", { token })).status).toBe(401);
  });

  it("a right password gives its attempt back: 9 wrong ones and a change leave 9", async () => {
    const { admin, sessionId } = await createAdmin();
    for (let i = 0; i < MAX - 1; i++) {
      await expect(
        changePassword(actorOf(admin), sessionId, {
          currentPassword: "wrong-password-1",
          newPassword: "x-new-pass-77",
        }),
      ).rejects.toMatchObject({ status: 400 });
    }
    await changePassword(actorOf(admin), sessionId, {
      currentPassword: TEST_PASSWORD,
      newPassword: "brand-new-pass-77",
    });
    expect((await pairOf(admin.id))?.failures).toBe(MAX - 1);
  });
});

describe("REQUIRE_2FA covers signed-in callers of endpoints that also serve visitors", () => {
  it("an admin without two-factor reads no draft through GET /api/blogs or /api/blogs/:id", async () => {
    const restore = setConfig({ REQUIRE_2FA: "true" });
    try {
      const { token } = await createAdmin();
      const draft = await createPost(
        { id: null, email: "editor@flowlane.test" },
        { title: "Secret draft", content: "x", excerpt: "x", author: "x", tags: [], status: "draft" },
      );
      const list = await api("GET", "/api/blogs", { token });
      expect(list.status).toBe(403);
      expect(list.json).toEqual({ success: false, error: TWO_FACTOR_REQUIRED });
      expect(list.text).not.toContain("Secret draft");
      const one = await api("GET", `/api/blogs/${draft.id}`, { token });
      expect(one.status).toBe(403);
      expect(one.text).not.toContain("Secret draft");
      // Visitors still read what is public; the admin can still see who they are and sign out.
      const visitor = await api("GET", "/api/blogs");
      expect(visitor.status).toBe(200);
      expect(visitor.text).not.toContain("Secret draft");
      expect((await api("GET", "/api/auth/session", { token })).json.data.authenticated).toBe(true);
      expect((await api("POST", "/api/auth/logout", { token })).status).toBe(200);
    } finally {
      restore();
    }
  });

  it("20 parallel reads by an unenrolled admin: all refused", async () => {
    const restore = setConfig({ REQUIRE_2FA: "true" });
    try {
      const { token } = await createAdmin();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => api("GET", "/api/blogs?limit=100", { token })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(403));
    } finally {
      restore();
    }
  });
});
