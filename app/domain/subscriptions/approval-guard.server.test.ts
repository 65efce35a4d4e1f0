import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, subscriptions, verificationCodes } from "~/db/schema";
import { sideMenuBadges } from "~/domain/console/badges.server";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { outboxTo } from "../../../tests/helpers/outbox";
import { latestCodeFor, orgPayload } from "../../../tests/helpers/trial";
import { CODE_NOT_NEEDED, NOT_VERIFIED_YET } from "./lifecycle.server";

/** Decision 020: approval requires a verified email; an unverified signup can only get a new code. */

let token: string;
beforeAll(async () => {
  token = (await createAdmin()).token;
});

const ADMIN_IP = { "CF-Connecting-IP": "198.51.100.20" };

async function unverifiedSignup() {
  const payload = orgPayload();
  expect((await api("POST", "/api/subscriptions/trial/start", { body: payload })).status).toBe(201);
  const row = await db().select().from(subscriptions).where(eq(subscriptions.email, payload.email)).get();
  if (!row) throw new Error("no signup");
  return row;
}

const rowOf = (id: string) => db().select().from(subscriptions).where(eq(subscriptions.id, id)).get();
const kindsFor = async (email: string) => (await outboxTo(email)).map((m) => m.kind);
const auditFor = (id: string) => db().select().from(auditLog).where(eq(auditLog.targetId, id)).all();

describe("approval requires a verified email", () => {
  it("refuses approve and reject of an unverified signup with 409 and changes nothing", async () => {
    const signup = await unverifiedSignup();
    for (const action of ["approve", "reject"]) {
      const answer = await api("POST", `/api/subscriptions/${signup.id}/approve`, { token, body: { action } });
      expect(answer.status).toBe(409);
      expect(answer.json.error ?? answer.json.message).toBe(NOT_VERIFIED_YET);
    }
    const patch = await api("PATCH", `/api/subscriptions/${signup.id}/approval`, {
      token,
      body: { approvalStatus: "approved" },
    });
    expect(patch.status).toBe(409);
    expect(await rowOf(signup.id)).toMatchObject({ status: "unverified", approvalStatus: null, startDate: null });
    expect(await kindsFor(signup.email)).toEqual([]);
    expect(await auditFor(signup.id)).toEqual([]);
  });

  it("12 parallel approvals of an unverified signup: none succeeds, no email, no audit", async () => {
    const signup = await unverifiedSignup();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api("POST", `/api/subscriptions/${signup.id}/approve`, {
          token,
          body: { action: i % 3 === 0 ? "reject" : "approve" },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(409));
    expect(await rowOf(signup.id)).toMatchObject({ status: "unverified", approvalStatus: null, trialApproved: false });
    expect(await kindsFor(signup.email)).toEqual([]);
    expect(await auditFor(signup.id)).toEqual([]);
  });

  it("a signup made unverified by the admin between the read and the write is not approved (the guard holds)", async () => {
    // Verified, then un-verified by the admin: the same row, now unverified, cannot be approved.
    const signup = await unverifiedSignup();
    const verified = await api("PATCH", `/api/subscriptions/${signup.id}/email-verification`, {
      token,
      body: { emailVerified: true },
    });
    expect(verified.status).toBe(200);
    const [approve, unverify] = await Promise.all([
      api("POST", `/api/subscriptions/${signup.id}/approve`, { token, body: { action: "approve" } }),
      api("PATCH", `/api/subscriptions/${signup.id}/email-verification`, { token, body: { emailVerified: false } }),
    ]);
    const row = await rowOf(signup.id);
    // Exactly one of the two won; never an approved row with an unverified email.
    expect([approve.status, unverify.status].sort()).toEqual([200, 409]);
    if (approve.status === 200) expect(row).toMatchObject({ status: "active", emailVerified: true });
    else expect(row).toMatchObject({ status: "unverified", emailVerified: false, approvalStatus: null });
  });

  it("a verified signup is approved as before", async () => {
    const signup = await unverifiedSignup();
    await api("POST", "/api/subscriptions/email/send-verification", { body: { email: signup.email } });
    const code = await latestCodeFor(signup.email);
    expect(
      (await api("POST", "/api/subscriptions/email/verify-code", { body: { email: signup.email, code } })).status,
    ).toBe(200);
    const answer = await api("POST", `/api/subscriptions/${signup.id}/approve`, { token, body: { action: "approve" } });
    expect(answer.status).toBe(200);
    expect(answer.json.data).toMatchObject({ status: "active", approvalStatus: "approved" });
  });
});

describe("admin resend code", () => {
  it("emails a new code (not returned to the admin), audited, voiding the old one", async () => {
    const signup = await unverifiedSignup();
    const answer = await api("POST", `/api/subscriptions/${signup.id}/resend-code`, { token, headers: ADMIN_IP });
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.json)).not.toMatch(/"code"/);
    expect(answer.json).toMatchObject({ success: true, resendAfter: 60 });
    expect(await kindsFor(signup.email)).toEqual(["trial.code"]);
    const audit = await auditFor(signup.id);
    expect(audit.map((a) => a.action)).toEqual(["subscription.code_resent"]);
    // The visitor can verify with the code the admin sent.
    const code = await latestCodeFor(signup.email);
    const verified = await api("POST", "/api/subscriptions/email/verify-code", { body: { email: signup.email, code } });
    expect(verified.status).toBe(200);
  });

  it("keeps the visitor's limits: a second resend within 60 s gets 429 with Retry-After, nothing written", async () => {
    const signup = await unverifiedSignup();
    expect(
      (await api("POST", `/api/subscriptions/${signup.id}/resend-code`, { token, headers: ADMIN_IP })).status,
    ).toBe(200);
    const again = await api("POST", `/api/subscriptions/${signup.id}/resend-code`, { token, headers: ADMIN_IP });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(0);
    const codes = await db().select().from(verificationCodes).where(eq(verificationCodes.email, signup.email)).all();
    expect(codes).toHaveLength(1);
    expect(await auditFor(signup.id)).toHaveLength(1);
  });

  it("12 parallel resends send exactly one code and one audit entry", async () => {
    const signup = await unverifiedSignup();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        api("POST", `/api/subscriptions/${signup.id}/resend-code`, { token, headers: ADMIN_IP }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(11);
    expect(await kindsFor(signup.email)).toEqual(["trial.code"]);
    expect(await auditFor(signup.id)).toHaveLength(1);
  });

  it("refuses a verified signup (409), an unknown id (404) and a visitor without a session (401)", async () => {
    const signup = await unverifiedSignup();
    await api("PATCH", `/api/subscriptions/${signup.id}/email-verification`, { token, body: { emailVerified: true } });
    const verified = await api("POST", `/api/subscriptions/${signup.id}/resend-code`, { token });
    expect(verified.status).toBe(409);
    expect(verified.json.error ?? verified.json.message).toBe(CODE_NOT_NEEDED);
    expect((await api("POST", "/api/subscriptions/no-such-id/resend-code", { token })).status).toBe(404);
    expect((await api("POST", `/api/subscriptions/${"x".repeat(300)}/resend-code`, { token })).status).toBe(404);
    expect((await api("POST", `/api/subscriptions/${signup.id}/resend-code`)).status).toBe(401);
  });
});

describe("side-menu badge", () => {
  it("counts signups an admin can approve or reject, not unverified ones", async () => {
    const before = (await sideMenuBadges()).awaitingUsers;
    const signup = await unverifiedSignup();
    expect((await sideMenuBadges()).awaitingUsers).toBe(before);
    await api("PATCH", `/api/subscriptions/${signup.id}/email-verification`, { token, body: { emailVerified: true } });
    expect((await sideMenuBadges()).awaitingUsers).toBe(before + 1);
  });
});
