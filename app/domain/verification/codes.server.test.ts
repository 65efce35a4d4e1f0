import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox, verificationCodes } from "~/db/schema";
import { MINUTE, SECOND } from "~/lib/durations";
import { appErrorOf as failure } from "../../../tests/helpers/errors";
import { CLIENT, setConfig, uniqueTrialEmail } from "../../../tests/helpers/trial";
import {
  CODE_MESSAGES,
  CODE_RULES,
  generateCode,
  hashCode,
  issueCode,
  purgeOldCodes,
  secondsUntilResend,
  verifyCode,
} from "./codes.server";
import { codeSecret, signValue, unsignValue } from "./secret.server";

const T0 = new Date("2026-03-02T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

const issue = (email: string, now: Date, client = CLIENT) => issueCode({ email, purpose: "trial", client, now });
const check = (email: string, code: string, now: Date) =>
  verifyCode({ email, purpose: "trial", code, client: CLIENT, now });
const wrong = (code: string) => (code === "000000" ? "111111" : "000000");

describe("generateCode", () => {
  it("gives 6 digits, evenly spread", () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    const firstDigits = new Set(codes.map((c) => c[0]));
    expect(firstDigits.size).toBe(10);
  });
});

describe("issueCode", () => {
  it("stores only an HMAC bound to email and purpose, and emails the code", async () => {
    const email = uniqueTrialEmail();
    const issued = await issue(email, T0);
    expect(issued.resendAfter).toBe(60);
    expect(issued.expiresAt.getTime() - T0.getTime()).toBe(10 * MINUTE);
    const row = await db().select().from(verificationCodes).where(eq(verificationCodes.id, issued.id)).get();
    expect(row?.codeHash).toBe(await hashCode(email, "trial", issued.code));
    expect(row?.codeHash).not.toContain(issued.code);
    expect(row?.ip).toBe(CLIENT.ip);
    expect(await hashCode("other@example.com", "trial", issued.code)).not.toBe(row?.codeHash);
    const message = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.idempotencyKey, `code:${issued.id}`))
      .get();
    expect(message?.to).toBe(email);
    expect(message?.text).toContain(`is ${issued.code}.`);
    expect(message?.text).toContain("valid for 10 minutes");
  });

  it("refuses a resend within 60 s and says how many seconds remain", async () => {
    const email = uniqueTrialEmail();
    await issue(email, T0);
    const early = await failure(issue(email, at(15 * SECOND)));
    expect(early.status).toBe(429);
    expect(early.message).toBe(CODE_MESSAGES.wait(45));
    expect(early.extra.retryAfter).toBe(45);
    expect(await secondsUntilResend(email, "trial", "", at(59 * SECOND))).toBe(1);
    expect(await secondsUntilResend(email, "trial", "", at(60 * SECOND))).toBe(0);
    await expect(issue(email, at(60 * SECOND))).resolves.toHaveProperty("code");
  });

  it("voids the previous code when a new one is issued", async () => {
    const email = uniqueTrialEmail();
    const first = await issue(email, T0);
    const second = await issue(email, at(61 * SECOND));
    const old = await db().select().from(verificationCodes).where(eq(verificationCodes.id, first.id)).get();
    expect(old?.voidedAt).toBeInstanceOf(Date);
    if (first.code !== second.code) {
      const error = await failure(check(email, first.code, at(62 * SECOND)));
      expect(error.status).toBe(400);
    }
    await expect(check(email, second.code, at(63 * SECOND))).resolves.toEqual({ codeId: second.id });
  });

  it("allows at most 5 codes per email per hour (429 with Retry-After)", async () => {
    const email = uniqueTrialEmail();
    for (let i = 0; i < CODE_RULES.perEmailPerHour; i++) await issue(email, at(i * 61 * SECOND));
    const sixth = await failure(issue(email, at(5 * 61 * SECOND)));
    expect(sixth.status).toBe(429);
    expect(sixth.message).toMatch(/^Too many codes were requested for this email/);
    // The window opens again one hour after the first code.
    expect(sixth.extra.retryAfter).toBe(60 * 60 - 5 * 61);
    await expect(issue(email, at(60 * MINUTE + SECOND))).resolves.toHaveProperty("code");
  });

  it("allows at most 20 codes per IP per hour", async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 200)}`;
    for (let i = 0; i < CODE_RULES.perIpPerHour; i++)
      await issue(uniqueTrialEmail("ip"), at(i * SECOND), { ip, local: false });
    const error = await failure(issue(uniqueTrialEmail("ip"), at(30 * SECOND), { ip, local: false }));
    expect(error.status).toBe(429);
    expect(error.message).toMatch(/^Too many codes were requested from your network/);
    // Another IP is not affected.
    await expect(issue(uniqueTrialEmail("ip"), at(31 * SECOND))).resolves.toHaveProperty("code");
  });

  it("lets only one of two simultaneous requests through", async () => {
    const email = uniqueTrialEmail();
    const results = await Promise.allSettled([issue(email, T0), issue(email, T0)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rows = await db().select().from(verificationCodes).where(eq(verificationCodes.email, email)).all();
    expect(rows).toHaveLength(1);
  });
});

describe("verifyCode", () => {
  it("accepts the right code once, and refuses it the second time", async () => {
    const email = uniqueTrialEmail();
    const { code } = await issue(email, T0);
    await check(email, code, at(MINUTE));
    const reused = await failure(check(email, code, at(2 * MINUTE)));
    expect(reused.status).toBe(400);
    expect(reused.message).toBe(CODE_MESSAGES.used);
  });

  it("refuses a code after 10 minutes", async () => {
    const email = uniqueTrialEmail();
    const { code } = await issue(email, T0);
    const expired = await failure(check(email, code, at(10 * MINUTE)));
    expect(expired.status).toBe(400);
    expect(expired.message).toBe(CODE_MESSAGES.expired);
    await expect(check(email, code, at(10 * MINUTE - 1))).resolves.toBeTruthy();
  });

  it("voids the code after 5 wrong guesses; the 6th guess is refused even when right", async () => {
    const email = uniqueTrialEmail();
    const { code } = await issue(email, T0);
    for (let i = 1; i <= 4; i++) {
      const error = await failure(check(email, wrong(code), at(i * SECOND)));
      expect(error.status).toBe(400);
      expect(error.message).toBe(CODE_MESSAGES.invalid(5 - i));
    }
    const fifth = await failure(check(email, wrong(code), at(5 * SECOND)));
    expect(fifth.message).toBe(CODE_MESSAGES.lastWrong);
    const sixth = await failure(check(email, code, at(6 * SECOND)));
    expect(sixth.status).toBe(429);
    expect(sixth.message).toBe(CODE_MESSAGES.tooManyGuesses);
    const row = await db()
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.email, email)))
      .get();
    expect(row?.attempts).toBe(5);
    expect(row?.voidedAt).toBeInstanceOf(Date);
  });

  it("binds a code to its email", async () => {
    const mine = uniqueTrialEmail("mine");
    const theirs = uniqueTrialEmail("theirs");
    const { code } = await issue(mine, T0);
    await issue(theirs, T0);
    const crossed = await failure(check(theirs, code, at(SECOND)));
    expect(crossed.status).toBe(400);
    const none = await failure(check(uniqueTrialEmail("none"), code, at(SECOND)));
    expect(none.message).toBe(CODE_MESSAGES.none);
    await expect(check(mine, code, at(2 * SECOND))).resolves.toBeTruthy();
  });

  it("runs the caller's statements in the same batch as the consumption", async () => {
    const email = uniqueTrialEmail();
    const { code } = await issue(email, T0);
    await verifyCode({
      email,
      purpose: "trial",
      code,
      client: CLIENT,
      now: at(SECOND),
      alsoRun: [db().update(verificationCodes).set({ ip: "marked" }).where(eq(verificationCodes.email, email))],
    });
    const row = await db().select().from(verificationCodes).where(eq(verificationCodes.email, email)).get();
    expect(row?.ip).toBe("marked");
    expect(row?.consumedAt?.getTime()).toBe(at(SECOND).getTime());
  });
});

describe("purgeOldCodes", () => {
  it("deletes codes older than a day", async () => {
    const email = uniqueTrialEmail();
    await issue(email, T0);
    expect(await purgeOldCodes(at(23 * 60 * MINUTE))).toBe(0);
    expect(await purgeOldCodes(at(24 * 60 * MINUTE + SECOND))).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(verificationCodes).where(eq(verificationCodes.email, email)).all()).toEqual([]);
  });
});

describe("code secret", () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it("uses CODE_HMAC_SECRET, and fails clearly in production without it", async () => {
    expect(codeSecret()).toBe("test-code-secret");
    restore = setConfig({ CODE_HMAC_SECRET: "", ENVIRONMENT: "production" });
    expect(() => codeSecret()).toThrow(/CODE_HMAC_SECRET is not set/);
    await expect(issue(uniqueTrialEmail(), T0)).rejects.toThrow(/CODE_HMAC_SECRET is not set/);
    // A local preview (plain http on localhost) still works with the development key.
    expect(codeSecret(true)).toMatch(/dev-only/);
    restore();
    restore = setConfig({ CODE_HMAC_SECRET: "", ENVIRONMENT: "development" });
    expect(codeSecret()).toMatch(/dev-only/);
  });

  it("signs values so that a changed value is refused", async () => {
    const signed = await signValue("user_123");
    expect(await unsignValue(signed)).toBe("user_123");
    expect(await unsignValue(signed.replace("user_123", "user_124"))).toBeNull();
    expect(await unsignValue("garbage")).toBeNull();
  });
});
