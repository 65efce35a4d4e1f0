import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { newsletterSubscribers } from "~/db/schema";
import { confirmSubscription, subscribe, unsubscribe } from "~/domain/newsletter/newsletter.server";
import { WITHDRAW_TEXTS } from "~/lib/consent";
import { formToken } from "../../../tests/helpers/bot-check";
import { linkToken, outboxTo } from "../../../tests/helpers/outbox";
import { consentsOf } from "./consents.server";
import { requestMarketingWithdrawal } from "./withdrawal.server";

/** Decision 087: withdrawing the marketing consent from the privacy page, through an emailed link. */
const T0 = new Date("2026-11-27T09:00:00.000Z");
const uniqueEmail = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@withdraw.example`;
const mailsTo = async (email: string, kind: string) => (await outboxTo(email)).filter((m) => m.kind === kind);

async function confirmedSubscriber(email: string) {
  await subscribe({ email }, { now: T0 });
  const [mail] = await mailsTo(email, "newsletter.confirm");
  expect(await confirmSubscription(linkToken(mail?.text ?? "", "/newsletter/confirm"), T0)).toBe("confirmed");
}

describe("requestMarketingWithdrawal", () => {
  it("emails a subscriber the one-click link; pressing its button withdraws the consent and unsubscribes", async () => {
    const email = uniqueEmail("reader");
    await confirmedSubscriber(email);
    expect(await requestMarketingWithdrawal({ email }, { now: T0 })).toBe(true);
    const [mail] = await mailsTo(email, "privacy.withdraw-link");
    const token = linkToken(mail?.text ?? "", "/newsletter/unsubscribe");
    expect(token).not.toBe("");
    // The link's page changes nothing on GET; the POST behind its button withdraws.
    const later = new Date(T0.getTime() + 5_000);
    expect(await unsubscribe(token, { now: later })).toBe(true);
    const subscriber = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
      .get();
    expect(subscriber).toMatchObject({ status: "unsubscribed", unsubscribedAt: later });
    expect(await consentsOf(email)).toMatchObject([{ purpose: "newsletter", withdrawnAt: later }]);
  });

  it("an address that gets no marketing email is sent nothing, and the answer does not say so", async () => {
    const stranger = uniqueEmail("stranger");
    expect(await requestMarketingWithdrawal({ email: stranger }, { now: T0 })).toBe(false);
    expect(await mailsTo(stranger, "privacy.withdraw-link")).toEqual([]);
    const left = uniqueEmail("left");
    await confirmedSubscriber(left);
    const [confirm] = await mailsTo(left, "newsletter.confirm");
    await unsubscribe(linkToken(confirm?.text ?? "", "/newsletter/unsubscribe"), { now: T0 });
    expect(await requestMarketingWithdrawal({ email: left }, { now: T0 })).toBe(false);
    expect(await mailsTo(left, "privacy.withdraw-link")).toEqual([]);
  });

  it("20 requests at once for one address send one email a day; a filled honeypot sends none", async () => {
    const email = uniqueEmail("burst");
    await confirmedSubscriber(email);
    const sent = await Promise.all(
      Array.from({ length: 20 }, () => requestMarketingWithdrawal({ email }, { now: T0 })),
    );
    expect(sent.filter(Boolean)).toHaveLength(1);
    expect(await mailsTo(email, "privacy.withdraw-link")).toHaveLength(1);
    const bot = uniqueEmail("bot");
    await confirmedSubscriber(bot);
    expect(await requestMarketingWithdrawal({ email: bot, faxNumber: "555" }, { now: T0 })).toBe(false);
  });
});

describe("POST /privacy/withdraw", () => {
  const post = async (fields: Record<string, string>) => {
    const { action } = await import("~/routes/marketing/privacy-withdraw");
    const request = new Request("http://localhost/privacy/withdraw", {
      method: "POST",
      body: new URLSearchParams({ ...fields, formIssued: formToken() }),
    });
    return (await action({ request, params: {}, context: {} } as never)) as unknown;
  };

  it("answers the same text for a subscriber and a stranger, and a clear error for a bad address", async () => {
    const email = uniqueEmail("page");
    await confirmedSubscriber(email);
    expect(await post({ email })).toEqual({ message: WITHDRAW_TEXTS.sent });
    expect(await post({ email: uniqueEmail("nobody") })).toEqual({ message: WITHDRAW_TEXTS.sent });
    expect(await mailsTo(email, "privacy.withdraw-link")).toHaveLength(1);
    const bad = (await post({ email: "not-an-address" })) as {
      data: { fieldError: string; email: string };
      init: { status: number };
    };
    expect(bad.init.status).toBe(400);
    expect(bad.data).toMatchObject({ email: "not-an-address" });
    expect(bad.data.fieldError).toMatch(/email/i);
  });
});
