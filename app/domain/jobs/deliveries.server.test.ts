import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { type AnyDeliveryKind, attempt, backoffDelay, claim, drain, type OutboxTable } from "~/db/outbox.server";
import {
  emailOutbox,
  newsletterDeliveries,
  newsletterIssues,
  newsletterSubscribers,
  type Subscription,
  webhookEndpointDeliveries,
  webhookEndpoints,
} from "~/db/schema";
import { emailStatement } from "~/domain/email/outbox.server";
import { eventStatements } from "~/domain/integrations/webhooks.server";
import { provisioningStatement, WEBHOOK_HEADERS } from "~/domain/subscriptions/provisioning.server";
import { orgSignup, setConfig, startSignup } from "../../../tests/helpers/trial";
import { deliveryKinds, drainDeliveries } from "./deliveries.server";

/**
 * The race suite of the delivery engine (decision 056), run for every kind it carries: parallel
 * drains deliver each due row exactly once, an expired lease is claimed again exactly once, and
 * a row that keeps failing is given up after the kind's limit. A new kind joins `deliveryKinds`
 * and, with a fixture below, this suite.
 */

const DRAINS = 20;
// Rounds of 20 parallel drains on a loaded 2-core machine.
const RACE_TIMEOUT = 120_000;

let subscription: Subscription;
beforeAll(async () => {
  ({ subscription } = await startSignup(orgSignup()));
});

let restore: () => void;
beforeEach(() => {
  restore = setConfig({
    EMAIL_TRANSPORT: "http",
    EMAIL_API_URL: "https://mail.example/send",
    EMAIL_API_KEY: "k",
    PROVISIONING_WEBHOOK_URL: "https://app.example/hooks/provision",
    PROVISIONING_WEBHOOK_SECRET: "race-s3cret",
  });
});
afterEach(() => {
  restore();
  vi.restoreAllMocks();
});

/** How a test makes due rows of a kind, and tells which row an outgoing request carries. */
type Fixture = {
  create: (n: number, now: Date) => Promise<string[]>;
  rowOf: (init: RequestInit | undefined) => string | null;
};

const emailIds = new Map<string, string>();

const FIXTURES: Record<string, Fixture> = {
  email: {
    async create(n, now) {
      const keys = Array.from({ length: n }, () => `race-${crypto.randomUUID()}`);
      const statements = keys.map((idempotencyKey) =>
        emailStatement({ kind: "test", to: "race@flowlane.test", subject: "Race", text: "Hello", idempotencyKey }),
      );
      await db().batch(statements as [(typeof statements)[number]]);
      // Due at the test's clock (the statement makes a message due at the wall clock).
      const rows = await db()
        .update(emailOutbox)
        .set({ nextAttemptAt: now })
        .where(inArray(emailOutbox.idempotencyKey, keys))
        .returning()
        .all();
      for (const row of rows) emailIds.set(row.idempotencyKey, row.id);
      return rows.map((row) => row.id);
    },
    rowOf: (init) => emailIds.get(new Headers(init?.headers).get("Idempotency-Key") ?? "") ?? null,
  },
  webhook: {
    async create(n, now) {
      const trial = { startDate: now, endDate: new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000) };
      const made = Array.from({ length: n }, () => provisioningStatement(subscription, trial, now));
      await db().batch(made.map((m) => m.statement) as [(typeof made)[number]["statement"]]);
      return made.map((m) => m.id);
    },
    rowOf: (init) => new Headers(init?.headers).get(WEBHOOK_HEADERS.delivery),
  },
  "crm-webhook": {
    async create(n, now) {
      // One endpoint for the suite, on and with no failure streak, so each event is one row.
      await db()
        .insert(webhookEndpoints)
        .values({
          id: CRM_ENDPOINT,
          url: "https://crm.example/hooks",
          events: ["meeting.booked"],
          secret: "race-s3cret",
        })
        .onConflictDoUpdate({ target: webhookEndpoints.id, set: { enabled: true, failures: 0, failingSince: null } });
      const events = Array.from({ length: n }, () =>
        eventStatements("meeting.booked", { email: "race@flowlane.test" }, now),
      );
      await db().batch(events.flatMap((e) => e.statements) as [ReturnType<typeof eventStatements>["statements"][0]]);
      const rows = await db()
        .select({ id: webhookEndpointDeliveries.id })
        .from(webhookEndpointDeliveries)
        .where(
          inArray(
            webhookEndpointDeliveries.eventId,
            events.map((e) => e.id),
          ),
        )
        .all();
      return rows.map((row) => row.id);
    },
    rowOf: (init) => new Headers(init?.headers).get("Flowlane-Delivery"),
  },
  newsletter: {
    async create(n, now) {
      const issueId = crypto.randomUUID();
      await db()
        .insert(newsletterIssues)
        .values({ id: issueId, subject: "Race", markdown: "Hi", html: "<p>Hi</p>", campaign: `race-${issueId}` });
      const readers = Array.from({ length: n }, () => ({
        id: crypto.randomUUID(),
        email: `race-${crypto.randomUUID().slice(0, 12)}@news.example`,
        status: "confirmed" as const,
      }));
      for (const reader of readers) await db().insert(newsletterSubscribers).values(reader);
      const rows = await db()
        .insert(newsletterDeliveries)
        .values(readers.map((r) => ({ issueId, subscriberId: r.id, email: r.email, nextAttemptAt: now })))
        .returning()
        .all();
      return rows.map((row) => row.id);
    },
    rowOf: (init) =>
      /^newsletter\.issue:(.+)$/.exec(new Headers(init?.headers).get("Idempotency-Key") ?? "")?.[1] ?? null,
  },
};

const CRM_ENDPOINT = "race-crm-endpoint";

/** A receiver (email API or application host) that answers `status` and counts requests per row. */
function receiver(fixture: Fixture, status: number) {
  const posted: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
    posted.push(fixture.rowOf(init) ?? "unknown");
    return Response.json({ userId: "cust" }, { status });
  });
  return { postsOf: (id: string) => posted.filter((row) => row === id).length, posted };
}

const rowsOf = (kind: AnyDeliveryKind, ids: string[]) => {
  const table = kind.table as OutboxTable;
  return db().select().from(table).where(inArray(table.id, ids)).all() as Promise<
    { id: string; status: string; attempts: number; leaseUntil: Date | null; nextAttemptAt: Date | null }[]
  >;
};

const parallel = async (run: () => Promise<number>) =>
  (await Promise.all(Array.from({ length: DRAINS }, run))).reduce((sum, n) => sum + n, 0);

it("every kind the cron delivers has a fixture in this suite", () => {
  expect(deliveryKinds.map((kind) => kind.name).sort()).toEqual(Object.keys(FIXTURES).sort());
});

describe.each(deliveryKinds.map((kind) => [kind.name, kind] as const))(
  "delivery engine, kind %s",
  { timeout: RACE_TIMEOUT },
  (name, kind) => {
    const fixture = FIXTURES[name] as Fixture;
    const now = new Date(Date.now() + 60_000);

    it(`${DRAINS} parallel drains of the same due rows deliver each row exactly once`, async () => {
      const api = receiver(fixture, 201);
      const ids = await fixture.create(5, now);
      expect(await parallel(() => drain([kind], now))).toBe(ids.length);
      for (const id of ids) expect(api.postsOf(id)).toBe(1);
      for (const row of await rowsOf(kind, ids)) {
        expect(row).toMatchObject({ status: kind.delivered, attempts: 1, leaseUntil: null, nextAttemptAt: null });
      }
    });

    it("a lease that expires is claimed again, by exactly one drain; the dead deliverer's late result is ignored", async () => {
      const api = receiver(fixture, 201);
      const [id] = (await fixture.create(1, now)) as [string];
      // A deliverer claims the row and dies before it reports.
      const [held] = await claim(kind, eq((kind.table as OutboxTable).id, id), now);
      expect(held).toBeDefined();
      const leaseEnds = now.getTime() + kind.rules.lease;
      expect(await parallel(() => drain([kind], new Date(leaseEnds - 1)))).toBe(0);
      expect(api.postsOf(id)).toBe(0);
      expect(await parallel(() => drain([kind], new Date(leaseEnds)))).toBe(1);
      expect(api.postsOf(id)).toBe(1);
      const [row] = await rowsOf(kind, [id]);
      expect(row).toMatchObject({ status: kind.delivered, attempts: 2, leaseUntil: null });
      // The first deliverer wakes up and its attempt fails: the row keeps the later result.
      vi.restoreAllMocks();
      receiver(fixture, 503);
      await attempt(kind, held, new Date(leaseEnds + 1));
      expect(await rowsOf(kind, [id])).toEqual([row]);
    });

    it(`a row that keeps failing is given up after ${kind.rules.maxAttempts} attempts`, async () => {
      const api = receiver(fixture, 503);
      const [id] = (await fixture.create(1, now)) as [string];
      let clock = now.getTime();
      for (let attempts = 1; attempts <= kind.rules.maxAttempts; attempts++) {
        expect(await parallel(() => drain([kind], new Date(clock)))).toBe(0);
        expect(api.postsOf(id)).toBe(attempts);
        // Not before the backoff: a drain one millisecond early takes nothing.
        clock += backoffDelay(kind.rules, attempts);
        await drain([kind], new Date(clock - 1));
        expect(api.postsOf(id)).toBe(attempts);
      }
      const [row] = await rowsOf(kind, [id]);
      expect(row).toMatchObject({ status: "failed", attempts: kind.rules.maxAttempts, nextAttemptAt: null });
      await parallel(() => drain([kind], new Date(clock + 24 * 60 * 60 * 1000)));
      expect(api.postsOf(id)).toBe(kind.rules.maxAttempts);
    });
  },
);

describe("the cron's one drain", { timeout: RACE_TIMEOUT }, () => {
  it(`${DRAINS} parallel runs deliver the due rows of every kind exactly once`, async () => {
    const now = new Date(Date.now() + 60_000);
    const posted: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
      for (const fixture of Object.values(FIXTURES)) {
        const row = fixture.rowOf(init);
        if (row) posted.push(row);
      }
      return Response.json({ userId: "cust" }, { status: 201 });
    });
    const ids = (await Promise.all(deliveryKinds.map((kind) => FIXTURES[kind.name]!.create(3, now)))).flat();
    expect(await parallel(() => drainDeliveries(now))).toBe(ids.length);
    for (const id of ids) expect(posted.filter((row) => row === id)).toHaveLength(1);
  });

  it("a spent time budget takes no row", async () => {
    const ids = await FIXTURES.email!.create(2, new Date());
    expect(await drainDeliveries(new Date(Date.now() + 60_000), AbortSignal.abort())).toBe(0);
    const email = deliveryKinds.find((kind) => kind.name === "email")!;
    for (const row of await rowsOf(email, ids)) expect(row).toMatchObject({ status: "pending", attempts: 0 });
  });
});
