import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { botCheckUses } from "~/db/schema";
import { solvedChallenge } from "../../../tests/helpers/bot-check";
import {
  CHALLENGE_MAX_NUMBER,
  CHALLENGE_TTL_MS,
  checkBot,
  createChallenge,
  FORM_TOKEN_TTL_MS,
  issueFormToken,
  MIN_FORM_MS,
  purgeBotCheckUses,
  submissionText,
} from "./bot-check.server";

/** Decision 080: the proof-of-work challenge and the no-JavaScript "form issued at" token. */

const ago = (ms: number) => new Date(Date.now() - ms);
const work = (payload: string, submission = "a") => checkBot({ work: payload, formToken: null, submission });
const form = (token: string, submission = "a", now?: Date) =>
  checkBot({ work: null, formToken: token, submission }, now ? { now } : {});

/** What a browser's script does with a challenge: try every number until the digest matches. */
async function solve(challenge: Awaited<ReturnType<typeof createChallenge>>) {
  for (let number = 0; number <= challenge.maxnumber; number++) {
    const digest = new Uint8Array(
      await crypto.subtle.digest("SHA-256", new TextEncoder().encode(challenge.salt + number)),
    );
    const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
    if (hex === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
    }
  }
  throw new Error("unsolvable");
}

describe("the proof-of-work challenge", () => {
  it("is solved by searching 0…maxnumber, and the solution passes once", async () => {
    const challenge = await createChallenge({ number: 1234 });
    expect(challenge).toMatchObject({ algorithm: "SHA-256", maxnumber: CHALLENGE_MAX_NUMBER });
    expect(challenge.salt).toMatch(/\?expires=\d+$/);
    const payload = await solve(challenge);
    expect(JSON.parse(atob(payload)).number).toBe(1234);
    expect(await work(payload, "booking 1")).toEqual({ ok: true, proof: "work", again: false });
    // The same submission sent again is the same request (decision 052); another one is refused.
    expect(await work(payload, "booking 1")).toEqual({ ok: true, proof: "work", again: true });
    expect(await work(payload, "booking 2")).toEqual({ ok: false, reason: "replayed" });
  });

  it("refuses a forged solution: a wrong number, another signature, an edited expiry, garbage", async () => {
    const challenge = await createChallenge({ number: 7 });
    const solution = {
      algorithm: "SHA-256",
      challenge: challenge.challenge,
      number: 7,
      salt: challenge.salt,
      signature: challenge.signature,
    };
    const encode = (value: unknown) => btoa(JSON.stringify(value));
    expect(await work(encode({ ...solution, number: 8 }))).toEqual({ ok: false, reason: "forged" });
    expect(await work(encode({ ...solution, signature: "0".repeat(64) }))).toEqual({ ok: false, reason: "forged" });
    const later = challenge.salt.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) + 86_400}`);
    expect(await work(encode({ ...solution, salt: later }))).toEqual({ ok: false, reason: "forged" });
    expect(await work(encode({ ...solution, algorithm: "SHA-1" }))).toEqual({ ok: false, reason: "forged" });
    expect(await work("not base64 json")).toEqual({ ok: false, reason: "forged" });
    expect(await work(encode(null))).toEqual({ ok: false, reason: "forged" });
    // Nothing was stored for any of them.
    expect(
      await db()
        .select()
        .from(botCheckUses)
        .where(eq(botCheckUses.key, `work:${challenge.signature}`))
        .get(),
    ).toBeUndefined();
    expect(await work(encode(solution))).toMatchObject({ ok: true });
  });

  it("refuses a challenge past its 20 minutes", async () => {
    const stale = await solvedChallenge({ now: ago(CHALLENGE_TTL_MS + 1_000) });
    expect(await work(stale)).toEqual({ ok: false, reason: "expired" });
  });

  it("20 copies of one solution at once with different submissions: one passes", async () => {
    const payload = await solvedChallenge();
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => work(payload, `submission ${i}`)));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok && o.reason === "replayed")).toHaveLength(19);
  });
});

describe("the form token (without JavaScript)", () => {
  it("passes a few seconds after the form was issued, once per submission", async () => {
    const token = issueFormToken({ now: ago(MIN_FORM_MS + 500) });
    expect(await form(token, "lead 1")).toEqual({ ok: true, proof: "form-token", again: false });
    expect(await form(token, "lead 1")).toEqual({ ok: true, proof: "form-token", again: true });
    expect(await form(token, "lead 2")).toEqual({ ok: false, reason: "replayed" });
  });

  it("refuses a submission less than 3 seconds after the form was issued (by the check's clock)", async () => {
    const issuedAt = new Date("2026-11-26T10:00:00Z");
    const token = issueFormToken({ now: issuedAt });
    const at = (ms: number) => new Date(issuedAt.getTime() + ms);
    expect(await form(token, "x", at(0))).toEqual({ ok: false, reason: "too-fast" });
    expect(await form(token, "x", at(MIN_FORM_MS - 1))).toEqual({ ok: false, reason: "too-fast" });
    // A too-fast submission used nothing up: the person sends again a moment later.
    expect(await form(token, "x", at(MIN_FORM_MS))).toEqual({ ok: true, proof: "form-token", again: false });
  });

  it("refuses an expired, a forged and a missing token", async () => {
    expect(await form(issueFormToken({ now: ago(FORM_TOKEN_TTL_MS + 1_000) }))).toEqual({
      ok: false,
      reason: "expired",
    });
    const token = issueFormToken({ now: ago(10_000) });
    const [issued, nonce, signature] = token.split(".");
    // An earlier issue time to skip the wait, a changed nonce to dodge the replay check, a made-up one.
    expect(await form(`${Number(issued) - 60_000}.${nonce}.${signature}`)).toEqual({ ok: false, reason: "forged" });
    expect(await form(`${issued}.AAAAAAAAAAAAAAAA.${signature}`)).toEqual({ ok: false, reason: "forged" });
    expect(await form("1.2.3")).toEqual({ ok: false, reason: "forged" });
    expect(await form(`${token}.extra`)).toEqual({ ok: false, reason: "forged" });
    expect(await checkBot({ work: null, formToken: null, submission: "x" })).toEqual({ ok: false, reason: "missing" });
  });

  it("20 copies of one token at once: different submissions → one passes; the same submission → one stored, all answered", async () => {
    const token = issueFormToken({ now: ago(5_000) });
    const different = await Promise.all(Array.from({ length: 20 }, (_, i) => form(token, `other ${i}`)));
    expect(different.filter((o) => o.ok)).toHaveLength(1);
    const again = issueFormToken({ now: ago(5_000) });
    const same = await Promise.all(Array.from({ length: 20 }, () => form(again, "same")));
    expect(same.every((o) => o.ok)).toBe(true);
    expect(same.filter((o) => o.ok && !o.again)).toHaveLength(1);
    const nonce = again.split(".")[1];
    expect(
      await db()
        .select()
        .from(botCheckUses)
        .where(like(botCheckUses.key, `form:${nonce}`))
        .all(),
    ).toHaveLength(1);
  });
});

describe("what counts as the same submission", () => {
  it("is every field but the proofs, in any order", () => {
    const a = new URLSearchParams({ email: "a@example.com", name: "A", formIssued: "1", altcha: "x" });
    const b = new URLSearchParams({ altcha: "y", name: "A", email: "a@example.com", formIssued: "2" });
    expect(submissionText(a)).toBe(submissionText(b));
    expect(submissionText(a)).not.toBe(submissionText(new URLSearchParams({ email: "a@example.com", name: "B" })));
  });
});

describe("the purge", () => {
  it("removes used proofs past their expiry and keeps the others", async () => {
    const now = new Date();
    await db()
      .insert(botCheckUses)
      .values([
        { key: `form:purge-old-${now.getTime()}`, digest: "d", expiresAt: new Date(now.getTime() - 1) },
        { key: `form:purge-new-${now.getTime()}`, digest: "d", expiresAt: new Date(now.getTime() + 60_000) },
      ]);
    expect(await purgeBotCheckUses(now)).toBeGreaterThanOrEqual(1);
    const left = await db()
      .select()
      .from(botCheckUses)
      .where(like(botCheckUses.key, `form:purge-%-${now.getTime()}`))
      .all();
    expect(left.map((row) => row.key)).toEqual([`form:purge-new-${now.getTime()}`]);
  });
});
