import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { webhookDeliveries } from "~/db/schema";
import { MINUTE } from "~/lib/durations";
import { orgSignup, setConfig, startSignup } from "../../../tests/helpers/trial";
import {
  accountCreatedFor,
  deliverWebhook,
  listWebhookDeliveries,
  provisioningStatement,
  retryDueWebhooks,
  retryWebhooks,
  signWebhook,
  WEBHOOK_HEADERS,
  webhookRetryDelay,
} from "./provisioning.server";

const T0 = new Date("2026-06-02T04:00:00.000Z");
const URL = "https://app.example/hooks/provision";
const SECRET = "provision-s3cret";

let restore: () => void;
beforeEach(() => {
  restore = setConfig({ PROVISIONING_WEBHOOK_URL: URL, PROVISIONING_WEBHOOK_SECRET: SECRET });
});
afterEach(() => {
  restore();
  vi.restoreAllMocks();
});

/** A stored signup with one pending delivery, as an approval's batch leaves it. */
async function pendingDelivery() {
  const { subscription } = await startSignup(orgSignup(), T0);
  const { id, statement } = provisioningStatement(
    subscription,
    { startDate: T0, endDate: new Date(T0.getTime() + 7 * 24 * 60 * MINUTE) },
    T0,
  );
  await statement;
  return { id, subscription };
}
const deliveryRow = (id: string) => db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).get();
const answer = (response: () => Response) => vi.spyOn(globalThis, "fetch").mockImplementation(async () => response());

describe("deliverWebhook", () => {
  it("posts a signed request and records the created account", async () => {
    const fetch = answer(() => Response.json({ data: { userId: "cust_1", message: "Ready" } }, { status: 201 }));
    const { id, subscription } = await pendingDelivery();
    const account = await deliverWebhook(id, T0);
    expect(account).toEqual({ status: "created", code: "account.created", message: "Ready", userId: "cust_1" });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(URL);
    const headers = new Headers(init?.headers);
    const timestamp = headers.get(WEBHOOK_HEADERS.timestamp) ?? "";
    expect(headers.get(WEBHOOK_HEADERS.signature)).toBe(await signWebhook(SECRET, timestamp, String(init?.body)));
    expect(JSON.parse(String(init?.body))).toMatchObject({
      event: "subscription.trial_approved",
      data: { subscriptionId: subscription.id, email: subscription.email },
    });
    expect(await deliveryRow(id)).toMatchObject({ status: "succeeded", attempts: 1, responseStatus: 201 });
    expect(await accountCreatedFor(subscription.id)).toBe(true);
  });

  it("an existing account is coded account.exists and not retried", async () => {
    answer(() => Response.json({ error: "Customer already exists" }, { status: 409 }));
    const { id, subscription } = await pendingDelivery();
    expect(await deliverWebhook(id, T0)).toMatchObject({ status: "failed", code: "account.exists" });
    expect(await deliveryRow(id)).toMatchObject({ status: "failed", nextAttemptAt: null });
    expect(await accountCreatedFor(subscription.id)).toBe(false);
  });

  it("a 4xx refusal is final; a 5xx is retried after the backoff, then delivered by the job", async () => {
    answer(() => new Response("bad", { status: 422 }));
    const refused = await pendingDelivery();
    expect(await deliverWebhook(refused.id, T0)).toMatchObject({ status: "failed", code: "account.refused" });

    vi.restoreAllMocks();
    answer(() => new Response("down", { status: 503 }));
    const flaky = await pendingDelivery();
    expect(await deliverWebhook(flaky.id, T0)).toMatchObject({ status: "failed", code: "account.retrying" });
    expect(await deliveryRow(flaky.id)).toMatchObject({
      status: "pending",
      nextAttemptAt: new Date(T0.getTime() + webhookRetryDelay(1)),
    });

    vi.restoreAllMocks();
    answer(() => Response.json({ userId: "cust_2" }, { status: 200 }));
    expect(await retryDueWebhooks(new Date(T0.getTime() + MINUTE - 1))).toBe(0);
    expect(await retryDueWebhooks(new Date(T0.getTime() + MINUTE))).toBe(1);
    expect(await deliveryRow(flaky.id)).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(await deliveryRow(refused.id)).toMatchObject({ status: "failed" });
  });

  it("20 parallel deliveries of one row post it once", async () => {
    const fetch = answer(() => Response.json({ userId: "cust_3" }, { status: 201 }));
    const { id } = await pendingDelivery();
    const accounts = await Promise.all(Array.from({ length: 20 }, () => deliverWebhook(id, T0)));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(accounts.filter((a) => a.code === "account.created").length).toBeGreaterThanOrEqual(1);
    expect(await deliveryRow(id)).toMatchObject({ status: "succeeded", attempts: 1 });
  });
});

describe("admin retries and the log", () => {
  it("refuses an unknown or succeeded delivery; a manual retry starts the attempts again", async () => {
    await expect(retryWebhooks("no-such-delivery", T0)).rejects.toMatchObject({ status: 404 });
    answer(() => new Response("bad", { status: 400 }));
    const { id } = await pendingDelivery();
    await deliverWebhook(id, T0);
    vi.restoreAllMocks();
    answer(() => Response.json({ userId: "cust_4" }, { status: 201 }));
    const [result] = await retryWebhooks(id, T0);
    expect(result?.customerAccount).toMatchObject({ code: "account.created", userId: "cust_4" });
    expect(await deliveryRow(id)).toMatchObject({ status: "succeeded", attempts: 1 });
    await expect(retryWebhooks(id, T0)).rejects.toMatchObject({ status: 409 });
    const log = await listWebhookDeliveries({ page: 1, limit: 100, status: "succeeded" });
    expect(log.rows.map((r) => r.id)).toContain(id);
  });

  it("backs off 1, 2, 4, 8, 16 minutes", () => {
    expect([1, 2, 3, 4, 5].map(webhookRetryDelay)).toEqual([1, 2, 4, 8, 16].map((m) => m * MINUTE));
  });
});
