import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { callbackRequests, emailOutbox, leads, subscriptions } from "~/db/schema";
import { purgeOldEmails } from "~/domain/email/outbox.server";
import { scheduledJobs } from "~/domain/jobs/jobs.server";
import { requestCallback } from "~/domain/meetings/callbacks.server";
import { subscribe } from "~/domain/newsletter/newsletter.server";
import { parseTrialSignup } from "~/domain/subscriptions/signup-schemas";
import { startTrial } from "~/domain/subscriptions/subscriptions.server";
import { DAY } from "~/lib/durations";
import { outboxTo } from "../../../tests/helpers/outbox";
import { orgSignup, setConfig } from "../../../tests/helpers/trial";
import { applyRetention, monthsBefore } from "./retention.server";

const unique = (label: string) => `retention-${label}-${crypto.randomUUID().slice(0, 8)}@hooli.example`;
/** The job's clock, months after now (the test's own, never the machine's). */
const monthsLater = (months: number) => monthsBefore(new Date(), -months);

async function callbackFrom(email: string) {
  await requestCallback({ firstName: "Gavin", lastName: "B", email, company: "Hooli", phone: "", message: "" });
}

describe("retention per kind (decision 089)", () => {
  it("erases a lead with no activity for 24 months, not before, and not a confirmed subscriber", async () => {
    const dormant = unique("dormant");
    await callbackFrom(dormant);
    const reader = unique("reader");
    await callbackFrom(reader);
    await subscribe({ email: reader });
    await db().run(sql`UPDATE newsletter_subscribers SET status = 'confirmed' WHERE email = ${reader}`);

    await applyRetention(monthsLater(23));
    expect(await db().select().from(leads).where(eq(leads.email, dormant)).get()).toBeDefined();

    await applyRetention(monthsLater(25));
    expect(await db().select().from(leads).where(eq(leads.email, dormant)).get()).toBeUndefined();
    expect(await db().select().from(callbackRequests).where(eq(callbackRequests.email, dormant)).all()).toEqual([]);
    // Anonymised, not deleted: the lead still counts.
    expect(
      (await db().get<{ n: number }>(sql`SELECT count(*) AS n FROM leads WHERE email LIKE 'erased-%@erased.invalid'`))
        ?.n,
    ).toBeGreaterThan(0);
    expect(await db().select().from(leads).where(eq(leads.email, reader)).get()).toBeDefined();
  });

  it("a shorter setting erases sooner", async () => {
    const restore = setConfig({ RETENTION_LEAD_MONTHS: "6" });
    try {
      const email = unique("six");
      await callbackFrom(email);
      await applyRetention(monthsLater(7));
      expect(await db().select().from(leads).where(eq(leads.email, email)).get()).toBeUndefined();
    } finally {
      restore();
    }
  });

  it("anonymises a rejected trial 12 months after the decision", async () => {
    const email = unique("rejected");
    await startTrial(parseTrialSignup(orgSignup({ email })));
    await db()
      .update(subscriptions)
      .set({ status: "rejected", approvalStatus: "rejected", updatedAt: new Date() })
      .where(eq(subscriptions.email, email));
    await applyRetention(monthsLater(11));
    expect(await db().select().from(subscriptions).where(eq(subscriptions.email, email)).get()).toBeDefined();
    const before = (await db().get<{ n: number }>(sql`SELECT count(*) AS n FROM subscriptions`))?.n;
    await applyRetention(monthsLater(13));
    expect(await db().select().from(subscriptions).where(eq(subscriptions.email, email)).get()).toBeUndefined();
    expect((await db().get<{ n: number }>(sql`SELECT count(*) AS n FROM subscriptions`))?.n).toBe(before);
  });

  it("keeps sent emails RETENTION_EMAIL_DAYS (30 by default)", async () => {
    const to = unique("mail");
    await db()
      .insert(emailOutbox)
      .values({
        idempotencyKey: `retention:${to}`,
        kind: "newsletter.confirm",
        to,
        subject: "s",
        text: "t",
        status: "sent",
        createdAt: new Date(),
      });
    const kept = () => outboxTo(to);
    const restore = setConfig({ RETENTION_EMAIL_DAYS: "60" });
    try {
      await purgeOldEmails(new Date(Date.now() + 31 * DAY));
      expect(await kept()).toHaveLength(1);
    } finally {
      restore();
    }
    await purgeOldEmails(new Date(Date.now() + 31 * DAY));
    expect(await kept()).toEqual([]);
  });

  it("is one of the scheduled jobs", () => {
    expect(scheduledJobs.map((job) => job.name)).toContain("retention");
  });
});
