import { count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, emailOutbox } from "~/db/schema";
import { retryFailedEmail } from "~/domain/email/log.server";
import { scheduledJobs } from "~/domain/jobs/jobs.server";
import { runJobs } from "~/domain/jobs/runner.server";
import { sendTrialCode } from "~/domain/subscriptions/subscriptions.server";
import { DAY } from "~/lib/durations";
import { createActor } from "../../../tests/helpers/accounts";
import { expectConsoleError } from "../../../tests/helpers/console-errors";
import { CLIENT, configPerTest, orgSignup, startSignup } from "../../../tests/helpers/trial";
import {
  claimEmails,
  EMAIL_RULES,
  emailStatement,
  purgeOldEmails,
  REDACTED,
  retryPendingEmails,
  sendEmail,
} from "./outbox.server";

const HTTP = { EMAIL_TRANSPORT: "http", EMAIL_API_URL: "https://mail.example/send", EMAIL_API_KEY: "k" };
// Rounds of 20 parallel calls on a loaded 2-core machine.
const RACE_TIMEOUT = 120_000;

/** This file's tests change configuration for one test at a time. */
const configure = configPerTest();

let actor: { id: string; email: string };
beforeAll(async () => {
  actor = await createActor();
});

let counter = 0;
const message = (overrides: Partial<Parameters<typeof emailStatement>[0]> = {}) => ({
  kind: "test",
  to: "reader@flowlane.test",
  subject: "Hello",
  text: "Hello there",
  idempotencyKey: `claims-${++counter}-${crypto.randomUUID()}`,
  ...overrides,
});

const byKey = (key: string) => db().select().from(emailOutbox).where(eq(emailOutbox.idempotencyKey, key)).get();

/** An email API that answers 200 and remembers what it was sent, per idempotency key. */
function okApi() {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ id: "m" }));
}
const sentKeys = (mock: ReturnType<typeof okApi>) =>
  mock.mock.calls.map(([, init]) => new Headers(init?.headers).get("Idempotency-Key"));

describe("claims", { timeout: RACE_TIMEOUT }, () => {
  it("of 20 parallel claims of one row exactly one gets it", async () => {
    for (let round = 0; round < 10; round++) {
      const m = message();
      await db().batch([emailStatement(m)]);
      const now = new Date();
      const claims = await Promise.all(
        Array.from({ length: 20 }, () => claimEmails(eq(emailOutbox.idempotencyKey, m.idempotencyKey), now)),
      );
      expect(claims.filter((c) => c.length === 1)).toHaveLength(1);
      const row = await byKey(m.idempotencyKey);
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row?.leaseUntil?.getTime()).toBe(now.getTime() + EMAIL_RULES.lease);
      // The lease expires: the row may be claimed again (a deliverer that died gives it back).
      const later = new Date(now.getTime() + EMAIL_RULES.lease);
      expect(await claimEmails(eq(emailOutbox.idempotencyKey, m.idempotencyKey), later)).toHaveLength(1);
    }
  });

  it("parallel cron runs and the inline delivery send each message once", async () => {
    configure(HTTP);
    const api = okApi();
    for (let round = 0; round < 10; round++) {
      api.mockClear();
      const messages = Array.from({ length: 5 }, () => message());
      await db().batch(messages.map(emailStatement) as [ReturnType<typeof emailStatement>]);
      const now = new Date(Date.now() + 60_000);
      await Promise.all([
        ...Array.from({ length: 10 }, () => retryPendingEmails(now)),
        ...messages.map((m) => sendEmail(m)),
      ]);
      const keys = sentKeys(api);
      for (const m of messages) {
        expect(keys.filter((k) => k === m.idempotencyKey)).toHaveLength(1);
        expect(await byKey(m.idempotencyKey)).toMatchObject({ status: "sent", attempts: 1, leaseUntil: null });
      }
    }
  });

  it("20 parallel admin retries of a failed email: one retry audited, one send", async () => {
    configure(HTTP);
    const api = okApi();
    for (let round = 0; round < 10; round++) {
      const m = message();
      await db().batch([emailStatement(m)]);
      await db()
        .update(emailOutbox)
        .set({ status: "failed", attempts: 8, lastError: "email API answered 503", nextAttemptAt: null })
        .where(eq(emailOutbox.idempotencyKey, m.idempotencyKey));
      const row = await byKey(m.idempotencyKey);
      api.mockClear();
      const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => retryFailedEmail(actor, row!.id)));
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      for (const o of outcomes) if (o.status === "rejected") expect(o.reason).toMatchObject({ status: 409 });
      const audits = await db().select({ n: count() }).from(auditLog).where(eq(auditLog.targetId, row!.id)).get();
      expect(audits?.n).toBe(1);
      expect(sentKeys(api).filter((k) => k === m.idempotencyKey)).toHaveLength(1);
      expect(await byKey(m.idempotencyKey)).toMatchObject({ status: "sent", attempts: 1 });
    }
  });
});

describe("time limits", () => {
  it("a hung email API is cut off after the transport timeout; the message is retried later", async () => {
    configure(HTTP);
    const rules = EMAIL_RULES as { timeout: number };
    const saved = rules.timeout;
    rules.timeout = 50; // milliseconds, so the test does not wait 10 s
    try {
      vi.spyOn(globalThis, "fetch").mockImplementation(
        (_url, init) =>
          new Promise<Response>((_, reject) => {
            const signal = init?.signal;
            if (!signal) return; // the old transport: no signal, hangs for ever
            signal.addEventListener("abort", () => reject(signal.reason), { once: true });
          }),
      );
      const m = message();
      await sendEmail(m);
      const row = await byKey(m.idempotencyKey);
      expect(row).toMatchObject({ status: "pending", attempts: 1, leaseUntil: null });
      expect(row?.lastError).toMatch(/time|abort/i);
      expect(row?.nextAttemptAt).not.toBeNull();
    } finally {
      rules.timeout = saved;
    }
  });

  it("a job past its time budget stops between messages and leaves the rest pending", async () => {
    configure(HTTP);
    const api = okApi();
    const messages = Array.from({ length: 3 }, () => message());
    await db().batch(messages.map(emailStatement) as [ReturnType<typeof emailStatement>]);
    const spent = AbortSignal.abort();
    expect(await retryPendingEmails(new Date(Date.now() + 60_000), spent)).toBe(0);
    expect(api).not.toHaveBeenCalled();
    for (const m of messages) expect(await byKey(m.idempotencyKey)).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("the job's budget also cuts off a send in progress; the message goes back to pending", async () => {
    configure(HTTP);
    const budget = new AbortController();
    const tried: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(
      (_url, init) =>
        new Promise<Response>((_, reject) => {
          tried.push(new Headers(init?.headers).get("Idempotency-Key") ?? "");
          const signal = init?.signal;
          if (!signal) return;
          signal.addEventListener("abort", () => reject(signal.reason), { once: true });
          // The budget runs out while the provider hangs.
          budget.abort(new Error("job time budget spent"));
        }),
    );
    await db().batch([emailStatement(message())]);
    expect(await retryPendingEmails(new Date(Date.now() + 60_000), budget.signal)).toBe(0);
    // The send in progress was cut off and the job stopped: one message tried, given back.
    expect(tried).toHaveLength(1);
    const row = await byKey(tried[0] ?? "");
    expect(row).toMatchObject({ status: "pending", leaseUntil: null, lastError: "job time budget spent" });
  });

  it("a hung job does not stop the cron run: the runner moves on after its budget", async () => {
    expectConsoleError(/^job hangs failed: job hangs overran its time budget$/);
    const ran: string[] = [];
    const results = await runJobs(
      [
        { name: "hangs", budget: 20, run: () => new Promise<number>(() => {}) },
        {
          name: "next",
          run: async () => {
            ran.push("next");
            return 1;
          },
        },
      ],
      new Date(),
      { grace: 20 },
    );
    expect(results).toEqual([
      { name: "hangs", ok: false, changed: 0, error: "job hangs overran its time budget" },
      { name: "next", ok: true, changed: 1 },
    ]);
    expect(ran).toEqual(["next"]);
  });
});

describe("one-time codes in the outbox", () => {
  it("with the http transport the stored copy of a code email is redacted once delivered", async () => {
    configure(HTTP);
    const api = okApi();
    const { subscription } = await startSignup(orgSignup());
    const { code, id } = await sendTrialCode(subscription.email, CLIENT);
    const body = JSON.parse(String(api.mock.calls.at(-1)?.[1]?.body));
    expect(body.subject).toContain(code);
    expect(body.text).toContain(code);
    const row = await byKey(`code:${id}`);
    expect(row).toMatchObject({ status: "sent", sensitive: true, subject: REDACTED.subject, text: REDACTED.text });
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it("with the outbox transport the code stays readable (it is how a developer gets it)", async () => {
    const { subscription } = await startSignup(orgSignup());
    const { code, id } = await sendTrialCode(subscription.email, { ...CLIENT, ip: "198.51.100.9" });
    const row = await byKey(`code:${id}`);
    expect(row).toMatchObject({ status: "sent", sensitive: true });
    expect(row?.text).toContain(code);
  });

  it("a failed delivery keeps the message as it was, for the retry", async () => {
    configure(HTTP);
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("no", { status: 503 }));
    const m = message({ sensitive: true, subject: "Code 123456" });
    await sendEmail(m);
    expect(await byKey(m.idempotencyKey)).toMatchObject({ status: "pending", subject: "Code 123456" });
  });
});

describe("purge", () => {
  it("deletes sent and failed messages older than 30 days, in chunks, and keeps the rest", async () => {
    const now = new Date();
    const old = now.getTime() - 31 * DAY;
    const recent = now.getTime() - 29 * DAY;
    // 1,200 old sent messages (more than two purge chunks), written by one statement.
    await db().run(sql`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1200)
      INSERT INTO email_outbox (id, idempotency_key, kind, "to", subject, text, attachments, status, attempts, sensitive, created_at)
      SELECT 'purge-' || i, 'purge-' || i, 'test', 'old@flowlane.test', 's', 't', '[]', 'sent', 1, 0, ${old} FROM n
    `);
    const keep = [message({ idempotencyKey: "purge-keep-pending" }), message({ idempotencyKey: "purge-keep-recent" })];
    const gone = message({ idempotencyKey: "purge-old-failed" });
    await db().batch([emailStatement(keep[0]!), emailStatement(keep[1]!), emailStatement(gone)]);
    const setRow = (key: string, status: "pending" | "sent" | "failed", createdAt: number) =>
      db()
        .update(emailOutbox)
        .set({ status, createdAt: new Date(createdAt) })
        .where(eq(emailOutbox.idempotencyKey, key));
    await setRow("purge-keep-pending", "pending", old);
    await setRow("purge-keep-recent", "sent", recent);
    await setRow("purge-old-failed", "failed", old);

    expect(await purgeOldEmails(now)).toBe(1201);
    expect(await byKey("purge-keep-pending")).toBeDefined();
    expect(await byKey("purge-keep-recent")).toBeDefined();
    expect(await byKey("purge-old-failed")).toBeUndefined();
    const left = await db()
      .select({ n: count() })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, "old@flowlane.test"))
      .get();
    expect(left?.n).toBe(0);
    expect(scheduledJobs.map((j) => j.name)).toContain("purge-emails");
  });
});
