import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox, newsletterSubscribers } from "~/db/schema";
import { sha256Hex } from "~/lib/crypto.server";
import { action as subscribeAction } from "~/routes/newsletter/subscribe";
import { withFormToken } from "../../../tests/helpers/bot-check";
import { linkToken } from "../../../tests/helpers/outbox";
import { TEST_SITE_URL } from "../../../tests/helpers/site";
import {
  confirmSubscription,
  listSubscribers,
  NEWSLETTER_RULES,
  subscribe,
  unsubscribe,
  unsubscribeUrl,
} from "./newsletter.server";
import { NEWSLETTER_TEXTS, SubscribeSchema } from "./schemas";

let counter = 0;
const uniqueEmail = () => `reader${++counter}-${crypto.randomUUID().slice(0, 8)}@news.example`;

const rowOf = (email: string) =>
  db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).get();
const confirmationsTo = (email: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email))
    .all()
    .then((rows) => rows.filter((row) => row.kind === "newsletter.confirm"));
/** The confirmation link's token, read from the email the way a reader would find it. */
const tokenIn = (text: string) => linkToken(text, "/newsletter/confirm");
const unsubscribeTokenIn = (text: string) => linkToken(text, "/newsletter/unsubscribe");

async function subscribed(email = uniqueEmail(), now = new Date()) {
  expect(await subscribe({ email }, { now })).toBe(true);
  const [mail] = await confirmationsTo(email);
  if (!mail) throw new Error("no confirmation email");
  return { email, mail, token: tokenIn(mail.text), unsubscribeToken: unsubscribeTokenIn(mail.text) };
}

describe("subscribe (double opt-in)", () => {
  it("stores a pending subscriber with only the hash of the token, and emails a confirmation link with an unsubscribe link", async () => {
    const { email, mail, token } = await subscribed();
    const row = await rowOf(email);
    expect(row).toMatchObject({ status: "pending", confirmedAt: null });
    expect(row?.confirmTokenHash).toBe(await sha256Hex(token));
    expect(row?.confirmTokenHash).not.toContain(token);
    expect(mail.subject).toBe("Confirm your subscription to the Flowlane newsletter");
    expect(mail.text).toContain(`${TEST_SITE_URL}/newsletter/confirm?token=`);
    expect(mail.text).toContain(`${TEST_SITE_URL}/newsletter/unsubscribe?token=`);
  });

  it("20 parallel subscribes of one address give one subscriber row and one confirmation email", async () => {
    const email = uniqueEmail();
    const results = await Promise.all(Array.from({ length: 20 }, () => subscribe({ email })));
    expect(results.filter(Boolean)).toHaveLength(1);
    const rows = await db()
      .select({ n: count() })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
      .get();
    expect(rows?.n).toBe(1);
    expect(await confirmationsTo(email)).toHaveLength(1);
  });

  it("a second subscribe while pending sends nothing within the cooldown, and a fresh link after it", async () => {
    const now = new Date("2026-11-22T10:00:00Z");
    const { email, token } = await subscribed(uniqueEmail(), now);
    expect(await subscribe({ email }, { now: new Date(now.getTime() + 60_000) })).toBe(false);
    expect(await confirmationsTo(email)).toHaveLength(1);
    const later = new Date(now.getTime() + NEWSLETTER_RULES.resendCooldown + 1000);
    expect(await subscribe({ email }, { now: later })).toBe(true);
    expect(await confirmationsTo(email)).toHaveLength(2);
    // The first link is replaced by the second.
    expect(await confirmSubscription(token, later)).toBe("invalid");
  });

  it("a confirmed address subscribing again gets no email and keeps its state", async () => {
    const { email, token } = await subscribed();
    expect(await confirmSubscription(token)).toBe("confirmed");
    expect(await subscribe({ email }, { now: new Date(Date.now() + 86_400_000) })).toBe(false);
    expect(await confirmationsTo(email)).toHaveLength(1);
    expect((await rowOf(email))?.status).toBe("confirmed");
  });

  it("a filled honeypot stores and sends nothing", async () => {
    const email = uniqueEmail();
    expect(await subscribe({ email, faxNumber: "http://spam.example" })).toBe(false);
    expect(await rowOf(email)).toBeUndefined();
    expect(await confirmationsTo(email)).toHaveLength(0);
  });
});

describe("the subscribe form's answer", () => {
  const post = (fields: Record<string, string>) =>
    subscribeAction({
      request: new Request("http://localhost/newsletter", {
        method: "POST",
        body: new URLSearchParams(withFormToken(fields)),
      }),
      params: {},
      context: {},
    } as never) as Promise<unknown>;

  it("is the same for a new, a pending, a confirmed and an unsubscribed address", async () => {
    const fresh = uniqueEmail();
    const pending = (await subscribed()).email;
    const confirmed = await subscribed();
    await confirmSubscription(confirmed.token);
    const left = await subscribed();
    await unsubscribe(left.unsubscribeToken);
    const answers = await Promise.all([fresh, pending, confirmed.email, left.email].map((email) => post({ email })));
    for (const answer of answers) expect(answer).toEqual({ message: NEWSLETTER_TEXTS.checkInbox });
  });

  it.each([
    ["an empty address", "", "Email is required"],
    ["a malformed address", "not-an-email", "Email is invalid"],
    ["an address with spaces", "a b@example.com", "Email is invalid"],
    ["an over-long address", `${"x".repeat(250)}@example.com`, "Email is too long"],
  ])("refuses %s with a field error and stores nothing", async (_label, email, message) => {
    const before = (await db().select({ n: count() }).from(newsletterSubscribers).get())?.n;
    const answer = (await post({ email })) as { data: { fieldError: string }; init: { status: number } };
    expect(answer.init.status).toBe(400);
    expect(answer.data.fieldError).toBe(message);
    expect((await db().select({ n: count() }).from(newsletterSubscribers).get())?.n).toBe(before);
  });

  it("lower-cases and trims the address (one row per person)", () => {
    expect(SubscribeSchema.parse({ email: "  Reader@News.Example " }).email).toBe("reader@news.example");
  });
});

describe("confirm", () => {
  it("confirms once; the same link again is harmless and says it is already confirmed", async () => {
    const { email, token } = await subscribed();
    expect(await confirmSubscription(token)).toBe("confirmed");
    const row = await rowOf(email);
    expect(row?.status).toBe("confirmed");
    expect(row?.confirmedAt).toBeInstanceOf(Date);
    expect(await confirmSubscription(token)).toBe("already-confirmed");
    expect((await rowOf(email))?.confirmedAt?.getTime()).toBe(row?.confirmedAt?.getTime());
  });

  it("20 parallel uses of one link confirm once", async () => {
    const { token } = await subscribed();
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => confirmSubscription(token)));
    expect(outcomes.filter((o) => o === "confirmed")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "already-confirmed")).toHaveLength(19);
  });

  it("refuses unknown, altered and expired tokens", async () => {
    const now = new Date("2026-11-22T10:00:00Z");
    const { email, token } = await subscribed(uniqueEmail(), now);
    expect(await confirmSubscription("not-a-token")).toBe("invalid");
    expect(await confirmSubscription(`${token}x`)).toBe("invalid");
    const expired = new Date(now.getTime() + NEWSLETTER_RULES.confirmLifetime + 1);
    expect(await confirmSubscription(token, expired)).toBe("invalid");
    expect((await rowOf(email))?.status).toBe("pending");
  });

  it("a link of an address that unsubscribed meanwhile does not subscribe it again", async () => {
    const { email, token, unsubscribeToken } = await subscribed();
    expect(await unsubscribe(unsubscribeToken)).toBe(true);
    expect(await confirmSubscription(token)).toBe("invalid");
    expect((await rowOf(email))?.status).toBe("unsubscribed");
  });
});

describe("unsubscribe", () => {
  it("works from the link in the email, twice without harm, and a new subscribe starts the opt-in again", async () => {
    const { email, token, unsubscribeToken } = await subscribed();
    await confirmSubscription(token);
    expect(await unsubscribe(unsubscribeToken)).toBe(true);
    const row = await rowOf(email);
    expect(row).toMatchObject({ status: "unsubscribed", confirmTokenHash: null });
    expect(await unsubscribe(unsubscribeToken)).toBe(true);
    expect((await rowOf(email))?.unsubscribedAt?.getTime()).toBe(row?.unsubscribedAt?.getTime());

    expect(await subscribe({ email })).toBe(true);
    expect((await rowOf(email))?.status).toBe("pending");
    expect(await confirmationsTo(email)).toHaveLength(2);
  });

  it("every newsletter-type email carries a working unsubscribe link for its subscriber", async () => {
    const { email } = await subscribed();
    const row = await rowOf(email);
    const url = new URL(await unsubscribeUrl(row?.id ?? ""));
    expect(url.pathname).toBe("/newsletter/unsubscribe");
    expect(await unsubscribe(url.searchParams.get("token") ?? "")).toBe(true);
    expect((await rowOf(email))?.status).toBe("unsubscribed");
  });

  it("refuses tokens it did not sign", async () => {
    const { email, unsubscribeToken } = await subscribed();
    const row = await rowOf(email);
    expect(await unsubscribe("")).toBe(false);
    expect(await unsubscribe(`${row?.id}.deadbeef`)).toBe(false);
    const altered = `${unsubscribeToken.slice(0, -1)}${unsubscribeToken.endsWith("0") ? "1" : "0"}`;
    expect(await unsubscribe(altered)).toBe(false);
    expect((await rowOf(email))?.status).toBe("pending");
  });
});

describe("listSubscribers", () => {
  it("filters by status and pages newest first", async () => {
    const a = await subscribed();
    await confirmSubscription(a.token);
    const confirmed = await listSubscribers({ status: "confirmed", page: 1, limit: 200 });
    expect(confirmed.subscribers.every((s) => s.status === "confirmed")).toBe(true);
    expect(confirmed.subscribers.map((s) => s.email)).toContain(a.email);
    const firstPage = await listSubscribers({ status: "all", page: 1, limit: 1 });
    expect(firstPage.subscribers).toHaveLength(1);
    expect(firstPage.total).toBeGreaterThan(1);
    const pending = await db()
      .select({ n: count() })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.status, "pending"))
      .get();
    expect((await listSubscribers({ status: "pending", page: 1, limit: 1 })).total).toBe(pending?.n);
  });
});
