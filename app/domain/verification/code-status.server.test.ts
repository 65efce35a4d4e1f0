import { describe, expect, it } from "vitest";
import { MINUTE, SECOND } from "~/lib/durations";
import { appErrorOf as failure } from "../../../tests/helpers/errors";
import { uniqueTrialEmail } from "../../../tests/helpers/trial";
import { CODE_MESSAGES, CODE_RULES, codeStatus, issueCode, verifyCode } from "./codes.server";

/** Decision 020: the code screen and the verify step tell the truth about a refused code. */

const T0 = new Date("2026-03-09T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

/** Uses up the per-address limit (20 codes an hour) with other people's emails. */
async function exhaustAddress(ip: string, now: Date) {
  for (let i = 0; i < CODE_RULES.perIpPerHour; i++) {
    await issueCode({ email: uniqueTrialEmail("office"), purpose: "trial", client: { ip, local: false }, now });
  }
}

describe("codeStatus", () => {
  it("a code that went out is live, with the 60 s cooldown and no refusal", async () => {
    const email = uniqueTrialEmail();
    const ip = freshIp();
    const issued = await issueCode({ email, purpose: "trial", client: { ip, local: false }, now: T0 });
    const status = await codeStatus(email, "trial", ip, at(10 * SECOND));
    expect(status.live?.expiresAt.getTime()).toBe(issued.expiresAt.getTime());
    expect(status).toMatchObject({ retryAfter: 50, limit: "cooldown", refused: null });
  });

  it("the per-address limit reached: no live code, refused with the reason and the Retry-After seconds", async () => {
    const ip = freshIp();
    await exhaustAddress(ip, T0);
    const email = uniqueTrialEmail("refused");
    const send = await failure(issueCode({ email, purpose: "trial", client: { ip, local: false }, now: at(MINUTE) }));
    expect(send.status).toBe(429);
    const status = await codeStatus(email, "trial", ip, at(MINUTE));
    expect(status.live).toBeNull();
    expect(status.refused).toEqual({
      limit: "ip",
      retryAfter: send.extra.retryAfter,
      message: send.message,
    });
    expect(status.refused?.retryAfter).toBe(59 * 60);
    expect(status.refused?.message).not.toMatch(/sent/i);
    // The hour over, the address may ask again and nothing is refused.
    const later = await codeStatus(email, "trial", ip, at(61 * MINUTE + SECOND));
    expect(later).toMatchObject({ live: null, refused: null, retryAfter: 0 });
  });

  it("the per-email limit reached after the last code expired: refused, with the email's reason", async () => {
    const email = uniqueTrialEmail("many");
    const ip = freshIp();
    for (let i = 0; i < CODE_RULES.perEmailPerHour; i++) {
      await issueCode({ email, purpose: "trial", client: { ip, local: false }, now: at(i * 2 * MINUTE) });
    }
    const status = await codeStatus(email, "trial", ip, at(30 * MINUTE));
    expect(status.live).toBeNull();
    expect(status.refused).toMatchObject({ limit: "email", retryAfter: 30 * 60 });
    expect(status.refused?.message).toBe(CODE_MESSAGES.emailLimit(30));
  });

  it("the fifth code of the hour just sent: live, and the wait told is the hour's, not the 60 s cooldown", async () => {
    const email = uniqueTrialEmail("fifth");
    const ip = freshIp();
    for (let i = 0; i < CODE_RULES.perEmailPerHour; i++) {
      await issueCode({ email, purpose: "trial", client: { ip, local: false }, now: at(i * 2 * MINUTE) });
    }
    // 10 s after the fifth code (sent at 8 min): the cooldown has 50 s left, the hour 52 minutes.
    const now = at(8 * MINUTE + 10 * SECOND);
    const status = await codeStatus(email, "trial", ip, now);
    expect(status.live).not.toBeNull();
    expect(status).toMatchObject({ limit: "email", retryAfter: 51 * 60 + 50, refused: null });
    const resend = await failure(issueCode({ email, purpose: "trial", client: { ip, local: false }, now }));
    expect(resend.status).toBe(429);
    expect(resend.message).toBe(CODE_MESSAGES.emailLimit(52));
    expect(resend.extra).toMatchObject({ limit: "email", retryAfter: 51 * 60 + 50 });
  });

  it("an expired code without a limit is neither live nor refused", async () => {
    const email = uniqueTrialEmail();
    const ip = freshIp();
    await issueCode({ email, purpose: "trial", client: { ip, local: false }, now: T0 });
    expect(await codeStatus(email, "trial", ip, at(11 * MINUTE))).toMatchObject({ live: null, refused: null });
  });
});

describe("verify after a refused code", () => {
  it("never answers 'No code was requested' to someone refused a code: 429 with the limit's reason", async () => {
    const ip = freshIp();
    await exhaustAddress(ip, T0);
    const email = uniqueTrialEmail("refused");
    const verify = await failure(
      verifyCode({ email, purpose: "trial", code: "123456", client: { ip, local: false }, now: at(MINUTE) }),
    );
    expect(verify.status).toBe(429);
    expect(verify.message).not.toBe(CODE_MESSAGES.none);
    expect(verify.message).toBe(CODE_MESSAGES.notSent(CODE_MESSAGES.ipLimit(59)));
    expect(verify.extra.retryAfter).toBe(59 * 60);
  });

  it("someone who never asked (no limit) still gets 'No code was requested'", async () => {
    const verify = await failure(
      verifyCode({
        email: uniqueTrialEmail(),
        purpose: "trial",
        code: "123456",
        client: { ip: freshIp(), local: false },
        now: T0,
      }),
    );
    expect(verify).toMatchObject({ status: 400, message: CODE_MESSAGES.none });
  });
});
