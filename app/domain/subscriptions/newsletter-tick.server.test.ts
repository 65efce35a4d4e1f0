import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { newsletterSubscribers } from "~/db/schema";
import { subscribe, unsubscribe, unsubscribeUrl } from "~/domain/newsletter/newsletter.server";
import { outboxTo } from "../../../tests/helpers/outbox";
import { CLIENT, orgSignup, startSignup, verifiedTrialSignup } from "../../../tests/helpers/trial";
import { sendTrialCode, verifyTrialEmail } from "./subscriptions.server";

/** Decision 054: the trial's newsletter tick reaches Subscribers once the address is proved. */
const T0 = new Date("2026-06-01T09:00:00.000Z");

const subscriberOf = (email: string) =>
  db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).get();

const verifiedSignup = async (fields: Record<string, unknown>, now = T0) =>
  (await verifiedTrialSignup(fields, now)).email;

describe("the trial signup's newsletter tick", () => {
  it("a ticked signup is a confirmed subscriber once its code is verified, with no second email", async () => {
    const { subscription } = await startSignup(orgSignup({ subscribeNewsletter: true }), T0);
    const { code } = await sendTrialCode(subscription.email, CLIENT, T0);
    expect(await subscriberOf(subscription.email)).toBeUndefined();
    await verifyTrialEmail(subscription.email, code, CLIENT, T0);
    const email = subscription.email;
    expect(await subscriberOf(email)).toMatchObject({ status: "confirmed", confirmedAt: T0, confirmTokenHash: null });
    const kinds = (await outboxTo(email)).map((m) => m.kind);
    expect(kinds).not.toContain("newsletter.confirm");
  });

  it("without the tick, or without a verified code, there is no subscriber", async () => {
    const unticked = await verifiedSignup({ subscribeNewsletter: false });
    expect(await subscriberOf(unticked)).toBeUndefined();
    const { subscription } = await startSignup(orgSignup({ subscribeNewsletter: true }), T0);
    await sendTrialCode(subscription.email, CLIENT, T0);
    await expect(verifyTrialEmail(subscription.email, "000000", CLIENT, T0)).rejects.toMatchObject({ status: 400 });
    expect(await subscriberOf(subscription.email)).toBeUndefined();
  });

  it("a pending footer subscription is confirmed by the signup; an unsubscribed one is subscribed again", async () => {
    const pending = orgSignup({ subscribeNewsletter: true });
    await subscribe({ email: pending.email as string } as Parameters<typeof subscribe>[0], { now: T0 });
    expect((await subscriberOf(pending.email as string))?.status).toBe("pending");
    await verifiedSignup(pending);
    expect(await subscriberOf(pending.email as string)).toMatchObject({ status: "confirmed", confirmTokenHash: null });

    const left = orgSignup({ subscribeNewsletter: true });
    await subscribe({ email: left.email as string } as Parameters<typeof subscribe>[0], { now: T0 });
    const row = await subscriberOf(left.email as string);
    const token = new URL(await unsubscribeUrl(row!.id)).searchParams.get("token")!;
    await unsubscribe(token, { now: T0 });
    expect((await subscriberOf(left.email as string))?.status).toBe("unsubscribed");
    await verifiedSignup(left);
    expect(await subscriberOf(left.email as string)).toMatchObject({ status: "confirmed", unsubscribedAt: null });
  });

  it("20 verifications of one code at once: one confirmed subscriber", async () => {
    const { subscription } = await startSignup(orgSignup({ subscribeNewsletter: true }), T0);
    const { code } = await sendTrialCode(subscription.email, CLIENT, T0);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => verifyTrialEmail(subscription.email, code, CLIENT, T0)),
    );
    expect(results.filter((r) => r.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    const rows = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, subscription.email))
      .all();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe("confirmed");
  });
});
