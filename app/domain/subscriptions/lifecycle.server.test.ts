import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { subscriptions, webhookDeliveries } from "~/db/schema";
import { scheduledJobs } from "~/domain/jobs/jobs.server";
import { runJobs } from "~/domain/jobs/runner.server";
import { DAY } from "~/lib/durations";
import { createActor } from "../../../tests/helpers/accounts";
import { outboxTo } from "../../../tests/helpers/outbox";
import { approvedTrialBy, CLIENT, orgSignup, setConfig, startSignup } from "../../../tests/helpers/trial";
import { decideApproval, markExpiredTrials, sendTrialReminders, sendWelcome } from "./lifecycle.server";
import { retryDueWebhooks, webhookRetryDelay } from "./provisioning.server";
import { daysRemaining, trialState } from "./rules";
import { sendTrialCode, verifyTrialEmail } from "./subscriptions.server";

const T0 = new Date("2026-05-04T06:30:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

let actor: { id: string; email: string };
beforeAll(async () => {
  actor = await createActor();
});

const approvedTrial = (now = T0) => approvedTrialBy(actor, {}, now);

const kindsFor = async (email: string) => (await outboxTo(email)).map((m) => m.kind);

describe("trial signup flow (domain)", () => {
  it("requires the terms box, and verifying moves the signup to pending_admin_approval", async () => {
    const noTerms = orgSignup({ agreeToTerms: undefined });
    await expect(startSignup(noTerms, T0)).rejects.toMatchObject({
      status: 400,
      code: "trial.invalid_signup",
      extra: { details: [{ field: "agreeToTerms", message: "You must agree to the terms" }] },
    });
    const { subscription } = await startSignup(orgSignup(), T0);
    expect(subscription).toMatchObject({ status: "unverified", emailVerified: false, plan: "trial" });
    const { code } = await sendTrialCode(subscription.email, CLIENT, T0);
    const verified = await verifyTrialEmail(subscription.email, code, CLIENT, at(60_000));
    expect(verified).toMatchObject({
      status: "pending",
      emailVerified: true,
      approvalStatus: "pending_admin_approval",
    });
    expect(await kindsFor(subscription.email)).toEqual(
      expect.arrayContaining(["trial.code", "trial.awaiting-approval"]),
    );
  });

  it("approval starts a 7-day trial at the approval time", async () => {
    const approved = await approvedTrial(at(3 * DAY));
    expect(approved.startDate?.getTime()).toBe(at(3 * DAY).getTime());
    expect(approved.endDate?.getTime()).toBe(at(10 * DAY).getTime());
    expect(approved.approvalNotes).toBe("Trial approved by admin on May 7, 2026");
    expect(approved.approvedBy).toBe(actor.id);
  });

  it("the welcome email goes out once", async () => {
    const approved = await approvedTrial();
    const sent = await sendWelcome(actor, approved.id, at(DAY));
    expect(sent.emailSentAt?.getTime()).toBe(at(DAY).getTime());
    await expect(sendWelcome(actor, approved.id, at(2 * DAY))).rejects.toMatchObject({ status: 409 });
    expect((await kindsFor(approved.email)).filter((k) => k === "trial.welcome")).toHaveLength(1);
  });
});

describe("a decision that can no longer be made", () => {
  it("says so in plain English (approved, rejected — never 'rejectd')", async () => {
    const approved = await approvedTrial();
    await expect(decideApproval(actor, approved.id, { action: "reject" }, at(DAY))).rejects.toMatchObject({
      status: 409,
      message: "This user is already approved, so they cannot be rejected now.",
    });
  });
});

describe("scheduled jobs", () => {
  it("are registered", () => {
    const names = scheduledJobs.map((j) => j.name);
    expect(names).toEqual(expect.arrayContaining(["trial-reminders", "trial-expiry", "deliveries", "purge-codes"]));
  });

  it("send one reminder 3 days before the end, then mark the trial expired", async () => {
    const approved = await approvedTrial(T0);
    // 7-day trial from T0: not yet within 3 days on day 3.
    expect(await sendTrialReminders(at(3 * DAY))).toBe(0);
    expect(await sendTrialReminders(at(4 * DAY + 1))).toBeGreaterThanOrEqual(1);
    expect(await sendTrialReminders(at(5 * DAY))).toBe(0);
    const reminders = (await kindsFor(approved.email)).filter((k) => k === "trial.expiring");
    expect(reminders).toHaveLength(1);
    const row = await db().select().from(subscriptions).where(eq(subscriptions.id, approved.id)).get();
    expect(row?.reminderSentAt?.getTime()).toBe(at(4 * DAY + 1).getTime());

    expect(await markExpiredTrials(at(7 * DAY - 1))).toBe(0);
    expect(await markExpiredTrials(at(7 * DAY))).toBeGreaterThanOrEqual(1);
    expect(await markExpiredTrials(at(8 * DAY))).toBe(0);
    const expired = await db().select().from(subscriptions).where(eq(subscriptions.id, approved.id)).get();
    expect(expired?.expiredAt?.getTime()).toBe(at(7 * DAY).getTime());
  });

  it("the runner runs them all with one clock", async () => {
    const results = await runJobs(scheduledJobs, at(400 * DAY));
    expect(results.every((r) => r.ok)).toBe(true);
  });
});

describe("provisioning webhook retries", () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    vi.restoreAllMocks();
  });

  it("backs off 1, 2, 4, 8 minutes and gives up after 6 attempts", async () => {
    expect([1, 2, 3, 4, 5].map(webhookRetryDelay)).toEqual([1, 2, 4, 8, 16].map((m) => m * 60_000));
    restore = setConfig({
      PROVISIONING_WEBHOOK_URL: "https://app.example/provision",
      PROVISIONING_WEBHOOK_SECRET: "k",
    });
    const fetchMock = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async () => new Response("busy", { status: 502 }));
    const approved = await approvedTrial(T0);
    const delivery = () =>
      db().select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, approved.id)).get();
    expect(await delivery()).toMatchObject({ attempts: 1, status: "pending" });
    expect((await delivery())?.nextAttemptAt?.getTime()).toBe(at(60_000).getTime());

    // Not due yet: nothing is sent.
    const calls = fetchMock.mock.calls.length;
    await retryDueWebhooks(at(30_000));
    expect(fetchMock.mock.calls.length).toBe(calls);

    let clock = T0.getTime();
    for (let attempt = 2; attempt <= 6; attempt++) {
      clock += webhookRetryDelay(attempt - 1);
      await retryDueWebhooks(new Date(clock));
      expect((await delivery())?.attempts).toBe(attempt);
    }
    expect(await delivery()).toMatchObject({ status: "failed", attempts: 6, nextAttemptAt: null });

    fetchMock.mockImplementation(async () => Response.json({ userId: "late" }));
    await retryDueWebhooks(new Date(clock + 60 * 60_000));
    expect((await delivery())?.status).toBe("failed");
  });
});

describe("trial state", () => {
  it("expired past the end, expiring within 3 days", () => {
    const end = at(10 * DAY);
    expect(trialState({ plan: "trial", endDate: end }, at(6 * DAY))).toBeNull();
    expect(trialState({ plan: "trial", endDate: end }, at(7 * DAY))).toBe("expiring");
    expect(trialState({ plan: "trial", endDate: end }, at(10 * DAY))).toBe("expired");
    expect(trialState({ plan: "standard", endDate: end }, at(11 * DAY))).toBeNull();
    expect(trialState({ plan: "trial", endDate: null })).toBeNull();
    expect(daysRemaining(end, at(8 * DAY + 1))).toBe(2);
    expect(daysRemaining(end, at(11 * DAY))).toBe(0);
  });
});
