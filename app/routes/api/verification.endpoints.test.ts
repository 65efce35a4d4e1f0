import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { subscriptions, verificationCodes } from "~/db/schema";
import { OTP_MESSAGES } from "~/domain/verification/schemas";
import { api, cookiesOf } from "../../../tests/helpers/api";
import { emailsFor, latestCodeFor, orgPayload } from "../../../tests/helpers/trial";

const IP = { "CF-Connecting-IP": "192.0.2.10" };

async function signUp() {
  const payload = orgPayload();
  const started = await api("POST", "/api/subscriptions/trial/start", { body: payload });
  expect(started.status).toBe(201);
  return { email: payload.email, userId: started.json.data.userId as string, cookie: cookiesOf(started) };
}

const codeCount = async (email: string) =>
  (await db().select({ n: count() }).from(verificationCodes).where(eq(verificationCodes.email, email)).get())?.n ?? 0;

const wrongOf = (code: string) => (code === "123456" ? "654321" : "123456");

describe("POST /api/auth/general-email-verification/send-otp and verify-otp", () => {
  it("sends a code, verifies it, and the signup then awaits approval", async () => {
    const { email, userId, cookie } = await signUp();
    const sent = await api("POST", "/api/auth/general-email-verification/send-otp", {
      body: { email: email.toUpperCase(), purpose: "trial" },
      headers: IP,
    });
    expect(sent.status).toBe(200);
    expect(sent.json).toEqual({
      success: true,
      message: OTP_MESSAGES.sent,
      data: { email, expiresIn: 600, resendAfter: 60 },
    });
    const code = await latestCodeFor(email);
    const verified = await api("POST", "/api/auth/general-email-verification/verify-otp", {
      body: { email, otp: code },
    });
    expect(verified.status).toBe(200);
    expect(verified.json.success).toBe(true);
    expect(verified.json.data).toEqual({
      userId,
      status: "pending",
      approvalStatus: "pending_admin_approval",
      emailVerified: true,
    });
    const kinds = (await emailsFor(email)).map((m) => m.kind);
    expect(kinds).toContain("trial.awaiting-approval");
    const status = await api("GET", `/api/subscriptions/trial/status/${userId}`, { cookie });
    expect(status.json.data.nextStep).toBe("await-approval");

    // The same code again, and a verify after verification, are refused.
    const again = await api("POST", "/api/auth/general-email-verification/verify-otp", { body: { email, otp: code } });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ success: false, error: "This email is already verified." });
    // Asking for a code answers alike for every email (decision 042): within the minute, the
    // cooldown any address gets (as an unknown one asked twice); nothing is sent.
    const before = (await emailsFor(email)).length;
    const resend = await api("POST", "/api/auth/general-email-verification/send-otp", { body: { email } });
    const stranger = "nobody-twice@example.com";
    await api("POST", "/api/auth/general-email-verification/send-otp", { body: { email: stranger } });
    const strangerAgain = await api("POST", "/api/auth/general-email-verification/send-otp", {
      body: { email: stranger },
    });
    expect(resend.status).toBe(429);
    expect(strangerAgain.status).toBe(429);
    expect(Object.keys(resend.json)).toEqual(Object.keys(strangerAgain.json));
    expect(resend.json.limit).toBe("cooldown");
    expect(await emailsFor(email)).toHaveLength(before);
  });

  it("refuses a resend within 60 s with 429, Retry-After and the seconds left", async () => {
    const { email } = await signUp();
    expect((await api("POST", "/api/auth/general-email-verification/send-otp", { body: { email } })).status).toBe(200);
    const early = await api("POST", "/api/subscriptions/email/resend-verification", { body: { email } });
    expect(early.status).toBe(429);
    expect(Number(early.headers.get("Retry-After"))).toBeGreaterThan(55);
    expect(early.json.success).toBe(false);
    expect(early.json.error).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);
    expect(early.json.resendAfter).toBeGreaterThan(55);
    expect(await codeCount(email)).toBe(1);
  });

  it.each([
    ["letters", "12a456", "The code must contain digits only."],
    ["5 digits", "12345", "The code must be 6 digits."],
    ["7 digits", "1234567", "The code must be 6 digits."],
    ["empty", "", "Please enter the OTP code."],
    ["missing", undefined, "Please enter the OTP code."],
  ])("rejects a code with %s (400, nothing counted)", async (_name, otp, message) => {
    const { email } = await signUp();
    await api("POST", "/api/auth/general-email-verification/send-otp", { body: { email } });
    const r = await api("POST", "/api/auth/general-email-verification/verify-otp", { body: { email, otp } });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe(message);
    expect(r.json.details).toEqual([{ field: "otp", message }]);
    const row = await db().select().from(verificationCodes).where(eq(verificationCodes.email, email)).get();
    expect(row?.attempts).toBe(0);
  });

  it("counts wrong guesses and refuses the 6th", async () => {
    const { email } = await signUp();
    await api("POST", "/api/auth/general-email-verification/send-otp", { body: { email } });
    const code = await latestCodeFor(email);
    for (let left = 4; left >= 1; left--) {
      const r = await api("POST", "/api/auth/general-email-verification/verify-otp", {
        body: { email, otp: wrongOf(code) },
      });
      expect(r.status).toBe(400);
      expect(r.json.error).toBe(`Invalid code. You have ${left} attempt${left === 1 ? "" : "s"} left.`);
    }
    const fifth = await api("POST", "/api/auth/general-email-verification/verify-otp", {
      body: { email, otp: wrongOf(code) },
    });
    expect(fifth.status).toBe(400);
    const sixth = await api("POST", "/api/auth/general-email-verification/verify-otp", { body: { email, otp: code } });
    expect(sixth.status).toBe(429);
    expect(sixth.json.error).toBe("Too many incorrect attempts. Please request a new code.");
    const row = await db().select().from(subscriptions).where(eq(subscriptions.email, email)).get();
    expect(row?.status).toBe("unverified");
  });

  it("refuses a code sent to another email", async () => {
    const a = await signUp();
    const b = await signUp();
    await api("POST", "/api/auth/general-email-verification/send-otp", { body: { email: a.email } });
    await api("POST", "/api/auth/general-email-verification/send-otp", { body: { email: b.email } });
    const codeA = await latestCodeFor(a.email);
    const codeB = await latestCodeFor(b.email);
    if (codeA !== codeB) {
      const crossed = await api("POST", "/api/auth/general-email-verification/verify-otp", {
        body: { email: b.email, otp: codeA },
      });
      expect(crossed.status).toBe(400);
    }
    const row = await db().select().from(subscriptions).where(eq(subscriptions.email, b.email)).get();
    expect(row?.emailVerified).toBe(false);
  });

  it("answers an email without a signup as any other and emails nothing; refuses bad emails and other purposes", async () => {
    const unknown = await api("POST", "/api/auth/general-email-verification/send-otp", {
      body: { email: "nobody-here@example.com", purpose: "trial" },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual({
      success: true,
      message: OTP_MESSAGES.sent,
      data: { email: "nobody-here@example.com", expiresIn: 600, resendAfter: 60 },
    });
    expect(await emailsFor("nobody-here@example.com")).toEqual([]);
    // Stored, never sent: the limits count it as for a real signup.
    expect(await codeCount("nobody-here@example.com")).toBe(1);
    const bad = await api("POST", "/api/auth/general-email-verification/send-otp", { body: { email: "nope" } });
    expect(bad.status).toBe(400);
    expect(bad.json.details).toEqual([{ field: "email", message: "Email is invalid" }]);
    const purpose = await api("POST", "/api/auth/general-email-verification/send-otp", {
      body: { email: "a@example.com", purpose: "login" },
    });
    expect(purpose.status).toBe(400);
    expect(purpose.json.details[0].field).toBe("purpose");
    const noCode = await signUp();
    const verify = await api("POST", "/api/auth/general-email-verification/verify-otp", {
      body: { email: noCode.email, otp: "123456" },
    });
    expect(verify.status).toBe(400);
    expect(verify.json.error).toBe("No code was requested for this email. Please request a new one.");
  });
});

describe("POST /api/subscriptions/email/*", () => {
  it("send-verification, verify-code and resend-verification use the same engine", async () => {
    const { email } = await signUp();
    const sent = await api("POST", "/api/subscriptions/email/send-verification", { body: { email } });
    expect(sent.status).toBe(200);
    expect(sent.json.message).toBe(OTP_MESSAGES.sent);
    const code = await latestCodeFor(email);
    const bad = await api("POST", "/api/subscriptions/email/verify-code", { body: { email, code: "12345" } });
    expect(bad.status).toBe(400);
    expect(bad.json.details).toEqual([{ field: "code", message: "The code must be 6 digits." }]);
    const ok = await api("POST", "/api/subscriptions/email/verify-code", { body: { email, code } });
    expect(ok.status).toBe(200);
    expect(ok.json.data.approvalStatus).toBe("pending_admin_approval");
  });

  it("resend-verification answers with the resent text after the cooldown", async () => {
    const { email } = await signUp();
    // A code from more than 60 s ago (written directly: the API runs on the real clock).
    await db()
      .insert(verificationCodes)
      .values({
        email,
        purpose: "trial",
        codeHash: "x",
        expiresAt: new Date(),
        createdAt: new Date(Date.now() - 61_000),
      });
    const resent = await api("POST", "/api/subscriptions/email/resend-verification", { body: { email } });
    expect(resent.status).toBe(200);
    expect(resent.json.message).toBe(OTP_MESSAGES.resent);
    expect(await codeCount(email)).toBe(2);
  });
});
