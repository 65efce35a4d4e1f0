import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, emailOutbox, subscriptions, verificationCodes, webhookDeliveries } from "~/db/schema";
import { DAY } from "~/lib/durations";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import {
  configPerTest,
  emailsFor,
  latestCodeFor,
  orgPayload,
  orgSignup,
  startSignup,
} from "../../../tests/helpers/trial";
import { cancel, sendTrialReminders } from "./lifecycle.server";
import { retryDueWebhooks } from "./provisioning.server";

/**
 * Guarded changes under parallel requests (decision 013): every test fires 12–30 copies of
 * the same request through the real /api handlers at once, several rounds in a row (a race
 * lost one time in eight shows up), and checks the end state AND the side effects.
 */

const ROUNDS = 12;
// Many rounds of 12–20 requests each, on a loaded 2-core machine: well above the 30 s default.
const RACE_TIMEOUT = 180_000;

let token: string;
let actor: { id: string; email: string };
beforeAll(async () => {
  const created = await createAdmin();
  token = created.token;
  actor = { id: created.admin.id, email: created.admin.email };
});

/** This file's tests change configuration for one test at a time. */
const configure = configPerTest();

const auditFor = (targetId: string) => db().select().from(auditLog).where(eq(auditLog.targetId, targetId)).all();

/** A signup that verified its email through the API: it awaits approval. */
async function awaitingSignup() {
  const payload = orgPayload();
  const started = await api("POST", "/api/subscriptions/trial/start", { body: payload });
  expect(started.status).toBe(201);
  const email = payload.email as string;
  expect((await api("POST", "/api/subscriptions/email/send-verification", { body: { email } })).status).toBe(200);
  const code = await latestCodeFor(email);
  expect((await api("POST", "/api/subscriptions/email/verify-code", { body: { email, code } })).status).toBe(200);
  const row = await db().select().from(subscriptions).where(eq(subscriptions.email, email)).get();
  if (!row) throw new Error("no signup");
  return row;
}

describe("approve vs reject at once", { timeout: RACE_TIMEOUT }, () => {
  it("12 parallel approve/reject calls give one decision, one decision email, one audit entry, one webhook", async () => {
    configure({
      PROVISIONING_WEBHOOK_URL: "https://app.example/provision",
      PROVISIONING_WEBHOOK_SECRET: "k",
    });
    const posted = vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ userId: "acct" }));
    for (let round = 0; round < ROUNDS; round++) {
      const signup = await awaitingSignup();
      posted.mockClear();
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          api("POST", `/api/subscriptions/${signup.id}/approve`, {
            token,
            body: { action: i % 2 === 0 ? "approve" : "reject" },
          }),
        ),
      );
      const won = answers.filter((a) => a.status === 200);
      expect(won).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(11);
      const decision = won[0]?.json.data.approvalStatus as "approved" | "rejected";

      const row = await db().select().from(subscriptions).where(eq(subscriptions.id, signup.id)).get();
      expect(row?.approvalStatus).toBe(decision);
      expect(row?.status).toBe(decision === "approved" ? "active" : "rejected");

      const kinds = (await emailsFor(signup.email)).map((m) => m.kind);
      expect(kinds.filter((k) => k === "trial.approved" || k === "trial.rejected")).toEqual([
        decision === "approved" ? "trial.approved" : "trial.rejected",
      ]);
      const decisions = (await auditFor(signup.id)).filter(
        (a) => a.action.startsWith("subscription.") && a.action !== "subscription.email_verification_changed",
      );
      expect(decisions.map((a) => a.action)).toEqual([`subscription.${decision}`]);

      const hooks = await db()
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.subscriptionId, signup.id))
        .all();
      expect(hooks).toHaveLength(decision === "approved" ? 1 : 0);
      expect(posted).toHaveBeenCalledTimes(decision === "approved" ? 1 : 0);
    }
  });
});

describe("welcome email", { timeout: RACE_TIMEOUT }, () => {
  it("20 parallel sends: one email, one audit entry, 19 answers 409", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const signup = await awaitingSignup();
      const approved = await api("POST", `/api/subscriptions/${signup.id}/approve`, {
        token,
        body: { action: "approve" },
      });
      expect(approved.status).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => api("POST", `/api/subscriptions/${signup.id}/send-welcome-email`, { token })),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
      expect((await emailsFor(signup.email)).filter((m) => m.kind === "trial.welcome")).toHaveLength(1);
      const audits = (await auditFor(signup.id)).filter((a) => a.action === "subscription.welcome_email_sent");
      expect(audits).toHaveLength(1);
    }
  });
});

describe("code verification", { timeout: RACE_TIMEOUT }, () => {
  it("19 wrong codes and the right one at once never leave a verified signup behind a failure answer", async () => {
    for (let round = 0; round < ROUNDS + 4; round++) {
      const payload = orgPayload();
      const email = payload.email as string;
      expect((await api("POST", "/api/subscriptions/trial/start", { body: payload })).status).toBe(201);
      await api("POST", "/api/subscriptions/email/send-verification", { body: { email } });
      const code = await latestCodeFor(email);
      const wrong = (n: number) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, "0");
      // The right code sits at a different place in the burst each round.
      const slot = round % 20;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          api("POST", "/api/subscriptions/email/verify-code", {
            body: { email, code: i === slot ? code : wrong(i) },
          }),
        ),
      );
      // Either outcome may happen (the right code first, or five wrong ones first); both are checked.
      const right = answers[slot];
      const row = await db().select().from(subscriptions).where(eq(subscriptions.email, email)).get();
      const awaiting = (await emailsFor(email)).filter((m) => m.kind === "trial.awaiting-approval");
      if (right?.status === 200) {
        expect(row).toMatchObject({ emailVerified: true, status: "pending", approvalStatus: "pending_admin_approval" });
        expect(awaiting).toHaveLength(1);
      } else {
        expect(right?.status).toBeGreaterThanOrEqual(400);
        expect(row).toMatchObject({ emailVerified: false, status: "unverified", approvalStatus: null });
        expect(awaiting).toHaveLength(0);
      }
      // Every wrong guess failed; at most 5 were counted before the code was voided or used.
      for (const [i, answer] of answers.entries()) if (i !== slot) expect(answer.status).toBeGreaterThanOrEqual(400);
      const [stored] = await db().select().from(verificationCodes).where(eq(verificationCodes.email, email)).all();
      expect(stored?.attempts).toBeLessThanOrEqual(5);
      expect(Boolean(stored?.consumedAt)).toBe(right?.status === 200);
    }
  });

  it("20 parallel code requests store one code with its one email", async () => {
    for (let round = 0; round < 6; round++) {
      const payload = orgPayload();
      const email = payload.email as string;
      expect((await api("POST", "/api/subscriptions/trial/start", { body: payload })).status).toBe(201);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          api("POST", "/api/subscriptions/email/send-verification", { body: { email } }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(19);
      expect((await emailsFor(email)).filter((m) => m.kind === "trial.code")).toHaveLength(1);
    }
  });
});

describe("trial reminders", () => {
  it("parallel job runs send one reminder; a trial cancelled meanwhile gets none", async () => {
    const base = new Date("2027-03-01T06:00:00.000Z");
    for (let round = 0; round < 6; round++) {
      const { subscription } = await startSignup(orgSignup(), base);
      const id = subscription.id;
      await db()
        .update(subscriptions)
        .set({
          status: "active",
          approvalStatus: "approved",
          startDate: base,
          endDate: new Date(base.getTime() + 7 * DAY),
        })
        .where(eq(subscriptions.id, id));
      const due = new Date(base.getTime() + 5 * DAY);
      const [, ...runs] = await Promise.all([
        round % 2 === 0 ? cancel(actor, id, {}, due) : Promise.resolve(null),
        ...Array.from({ length: 10 }, () => sendTrialReminders(due)),
      ]);
      expect(runs.every((n) => typeof n === "number")).toBe(true);
      const row = await db().select().from(subscriptions).where(eq(subscriptions.id, id)).get();
      const reminders = (await emailsFor(subscription.email)).filter((m) => m.kind === "trial.expiring");
      // The reminder mark and the email land together, at most once.
      expect(reminders.length).toBe(row?.reminderSentAt ? 1 : 0);
      if (round % 2 === 1) expect(reminders).toHaveLength(1);
    }
  });
});

describe("provisioning webhook claims", () => {
  it("parallel retry runs post each due delivery once", async () => {
    configure({
      PROVISIONING_WEBHOOK_URL: "https://app.example/provision",
      PROVISIONING_WEBHOOK_SECRET: "k",
    });
    const posted = vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("busy", { status: 503 }));
    const signup = await awaitingSignup();
    await api("POST", `/api/subscriptions/${signup.id}/approve`, { token, body: { action: "approve" } });
    const [delivery] = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, signup.id))
      .all();
    expect(delivery).toMatchObject({ status: "pending", attempts: 1 });
    posted.mockClear();
    posted.mockImplementation(async () => Response.json({ userId: "acct" }));
    const due = new Date(Date.now() + 10 * 60 * 1000);
    await Promise.all(Array.from({ length: 20 }, () => retryDueWebhooks(due)));
    const calls = posted.mock.calls.filter(
      ([, init]) => new Headers(init?.headers).get("X-Flowlane-Delivery") === delivery?.id,
    );
    expect(calls).toHaveLength(1);
    const after = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery!.id)).get();
    expect(after).toMatchObject({ status: "succeeded", attempts: 2, leaseUntil: null });
  });
});

describe("outbox rows of these changes", () => {
  it("are delivered once each (claimed), whatever runs in parallel", async () => {
    const signup = await awaitingSignup();
    const rows = await db()
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.to, signup.email), inArray(emailOutbox.kind, ["trial.code", "trial.awaiting-approval"])),
      )
      .all();
    expect(rows.map((r) => [r.status, r.attempts, r.leaseUntil])).toEqual(rows.map(() => ["sent", 1, null]));
  });
});
