import { and, count, eq, inArray, max } from "drizzle-orm";
import { db } from "~/db/client.server";
import { newestFirstPage } from "~/db/lists.server";
import { type Attempt, attempt, backoffDelay, claim, type DeliveryKind, drain } from "~/db/outbox.server";
import { type Subscription, type WebhookDelivery, webhookDeliveries } from "~/db/schema";
import { config } from "~/lib/config.server";
import { hmacSha256Hex } from "~/lib/crypto.server";
import { MINUTE, SECOND } from "~/lib/durations";
import { AppError } from "~/lib/errors";
import { paginationOf } from "~/lib/pagination";
import type { CustomerAccount } from "./schemas";

export const WEBHOOK_RULES = {
  maxAttempts: 6,
  timeout: 10 * SECOND, // per attempt
  /** A claimed delivery belongs to its deliverer this long (well above `timeout`), then may be claimed again. */
  lease: 2 * MINUTE,
  responseBodyLimit: 2000, // characters kept in the log
} as const;

export const WEBHOOK_HEADERS = {
  timestamp: "X-Flowlane-Timestamp",
  signature: "X-Flowlane-Signature",
  event: "X-Flowlane-Event",
  delivery: "X-Flowlane-Delivery",
} as const;

/** Backoff before attempt n+1: 1, 2, 4, 8, 16 minutes. */
export function webhookRetryDelay(attempts: number) {
  return backoffDelay(provisioningDelivery.rules, attempts);
}

export const webhookConfigured = () => config().PROVISIONING_WEBHOOK_URL.trim() !== "";

function webhookSecret() {
  const { PROVISIONING_WEBHOOK_SECRET, ENVIRONMENT } = config();
  if (PROVISIONING_WEBHOOK_SECRET) return PROVISIONING_WEBHOOK_SECRET;
  if (ENVIRONMENT !== "production") return "flowlane-dev-only-webhook-secret";
  return null;
}

/** `sha256=<hex HMAC-SHA256 of "timestamp.body">`, the receiver recomputes it with the shared secret. */
export async function signWebhook(secret: string, timestamp: string, body: string) {
  return `sha256=${await hmacSha256Hex(secret, `${timestamp}.${body}`)}`;
}

/** The delivery row asking the application host to create the customer account (put it in the approval batch). */
export function provisioningStatement(row: Subscription, approved: { startDate: Date; endDate: Date }, now: Date) {
  const id = crypto.randomUUID();
  const payload = JSON.stringify({
    id,
    event: "subscription.trial_approved",
    createdAt: now.toISOString(),
    data: {
      subscriptionId: row.id,
      userId: row.userId,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      phone: row.phone,
      role: row.role,
      companyName: row.companyName,
      country: row.country,
      plan: row.plan,
      requestedPlan: row.requestedPlan,
      startDate: approved.startDate.toISOString(),
      endDate: approved.endDate.toISOString(),
    },
  });
  return {
    id,
    statement: db().insert(webhookDeliveries).values({
      id,
      subscriptionId: row.id,
      event: "subscription.trial_approved",
      url: config().PROVISIONING_WEBHOOK_URL.trim(),
      payload,
      status: "pending",
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    }),
  };
}

type Outcome =
  | { kind: "created"; status: number; body: string; account: Record<string, unknown> }
  | { kind: "exists"; status: number; body: string }
  | { kind: "rejected"; status: number; body: string }
  | { kind: "retry"; status: number | null; body: string | null; error: string };

async function post(delivery: WebhookDelivery, now: Date, jobSignal?: AbortSignal): Promise<Outcome> {
  const secret = webhookSecret();
  if (!secret) {
    return { kind: "retry", status: null, body: null, error: "PROVISIONING_WEBHOOK_SECRET is not set" };
  }
  const timestamp = String(Math.floor(now.getTime() / 1000));
  try {
    const response = await fetch(delivery.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        [WEBHOOK_HEADERS.timestamp]: timestamp,
        [WEBHOOK_HEADERS.signature]: await signWebhook(secret, timestamp, delivery.payload),
        [WEBHOOK_HEADERS.event]: delivery.event,
        [WEBHOOK_HEADERS.delivery]: delivery.id,
      },
      body: delivery.payload,
      signal: jobSignal
        ? AbortSignal.any([AbortSignal.timeout(WEBHOOK_RULES.timeout), jobSignal])
        : AbortSignal.timeout(WEBHOOK_RULES.timeout),
    });
    const body = (await response.text()).slice(0, WEBHOOK_RULES.responseBodyLimit);
    if (response.ok) {
      let account: Record<string, unknown> = {};
      try {
        const parsed = JSON.parse(body);
        if (parsed && typeof parsed === "object") account = (parsed.data ?? parsed) as Record<string, unknown>;
      } catch {
        // A 2xx without JSON still means the account was created.
      }
      return { kind: "created", status: response.status, body, account };
    }
    if (response.status === 409 || /already exists/i.test(body))
      return { kind: "exists", status: response.status, body };
    if (response.status >= 400 && response.status < 500 && ![408, 425, 429].includes(response.status)) {
      return { kind: "rejected", status: response.status, body };
    }
    return { kind: "retry", status: response.status, body, error: `HTTP ${response.status}` };
  } catch (error) {
    return { kind: "retry", status: null, body: null, error: error instanceof Error ? error.message : String(error) };
  }
}

const text = (value: unknown) => (typeof value === "string" && value ? value : null);

type WebhookAttempt = Attempt<typeof webhookDeliveries> & { outcome: Outcome };

/**
 * The provisioning webhook as a kind of the delivery engine (decision 056): claims with a lease,
 * 6 attempts with backoff, a refusal (4xx, "already exists") final at once. The inline attempt
 * after an approval, the cron and an admin's retry never post the same row at the same time.
 */
export const provisioningDelivery: DeliveryKind<typeof webhookDeliveries, WebhookAttempt> = {
  name: "webhook",
  table: webhookDeliveries,
  rules: {
    maxAttempts: WEBHOOK_RULES.maxAttempts,
    lease: WEBHOOK_RULES.lease,
    backoff: { first: MINUTE },
    perRun: 20,
  },
  delivered: "succeeded",
  touch: (now) => ({ updatedAt: now }),
  async send(delivery, now, signal) {
    const outcome = await post(delivery, now, signal);
    const set = { responseStatus: outcome.status, responseBody: outcome.body };
    if (outcome.kind === "created") return { ok: true, set, outcome };
    if (outcome.kind === "retry") return { ok: false, error: outcome.error, set, outcome };
    return { ok: false, final: true, error: `HTTP ${outcome.status}`, set, outcome };
  },
};

const userIdOf = (delivery: WebhookDelivery) =>
  (JSON.parse(delivery.payload) as { data: { userId: string } }).data.userId;

/** One attempt on a claimed row, told as the customer account it asked for. */
async function attemptClaimed(delivery: WebhookDelivery, now: Date, signal?: AbortSignal): Promise<CustomerAccount> {
  const { result, gaveUp } = await attempt(provisioningDelivery, delivery, now, signal);
  const outcome: Outcome =
    "outcome" in result ? result.outcome : { kind: "retry", status: null, body: null, error: result.error };
  const userId = userIdOf(delivery);
  switch (outcome.kind) {
    case "created":
      return {
        status: "created",
        code: "account.created",
        message: text(outcome.account.message) ?? "Customer account created",
        userId:
          text(outcome.account.userId) ??
          text(outcome.account.customerId) ??
          text(outcome.account.accountId) ??
          text(outcome.account.id) ??
          userId,
      };
    case "exists":
      return { status: "failed", code: "account.exists", message: "Customer account already exists", userId };
    case "rejected":
      return {
        status: "failed",
        code: "account.refused",
        message: `The application host refused the request (HTTP ${outcome.status})`,
        userId,
      };
    default:
      return {
        status: "failed",
        code: gaveUp ? "account.failed" : "account.retrying",
        message: gaveUp
          ? `Creating the customer account failed (${outcome.error}); no retries left`
          : `Creating the customer account failed (${outcome.error}); it will be retried automatically`,
        userId,
      };
  }
}

/** What a caller is told when another deliverer holds the row (or it is already done). */
async function notClaimed(id: string): Promise<CustomerAccount> {
  const row = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).get();
  if (!row) throw new AppError(404, "Webhook delivery not found.");
  if (row.status === "succeeded")
    return { status: "created", code: "account.created", message: "Customer account created", userId: userIdOf(row) };
  return {
    status: "failed",
    code: "account.retrying",
    message: "The customer account request is being delivered; it will be retried automatically if it fails",
    userId: userIdOf(row),
  };
}

/** Delivers one row now if nobody else holds it (the inline attempt after an approval). */
export async function deliverWebhook(deliveryId: string, now = new Date()): Promise<CustomerAccount> {
  const [claimed] = await claim(provisioningDelivery, eq(webhookDeliveries.id, deliveryId), now);
  return claimed ? attemptClaimed(claimed, now) : notClaimed(deliveryId);
}

/** Delivers due webhooks only, until the time budget is spent (the cron drains every kind at once). */
export function retryDueWebhooks(now: Date, signal?: AbortSignal): Promise<number> {
  return drain([provisioningDelivery], now, signal);
}

/** An admin's retry: the given delivery, or every failed one (up to 20), tried again at once. */
export async function retryWebhooks(deliveryId: string | undefined, now = new Date()) {
  const client = db();
  const rows = await client
    .select()
    .from(webhookDeliveries)
    .where(deliveryId ? eq(webhookDeliveries.id, deliveryId) : inArray(webhookDeliveries.status, ["failed", "pending"]))
    .orderBy(webhookDeliveries.createdAt)
    .limit(20)
    .all();
  if (deliveryId && rows.length === 0) throw new AppError(404, "Webhook delivery not found.");
  if (deliveryId && rows[0]?.status === "succeeded") throw new AppError(409, "This delivery already succeeded.");
  const results = [];
  for (const row of rows) {
    // A manual retry starts the attempt count again.
    const [claimed] = await claim(provisioningDelivery, eq(webhookDeliveries.id, row.id), now, { manual: true });
    const account = claimed ? await attemptClaimed(claimed, now) : await notClaimed(row.id);
    results.push({ deliveryId: row.id, subscriptionId: row.subscriptionId, customerAccount: account });
  }
  return results;
}

export function toDeliveryView(row: WebhookDelivery) {
  return {
    id: row.id,
    subscriptionId: row.subscriptionId,
    event: row.event,
    url: row.url,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listWebhookDeliveries({
  page,
  limit,
  status,
}: {
  page: number;
  limit: number;
  status?: WebhookDelivery["status"];
}) {
  const where = status ? eq(webhookDeliveries.status, status) : undefined;
  const { rows, total } = await newestFirstPage(webhookDeliveries, where, { page, limit });
  return { rows, pagination: paginationOf(page, limit, total) };
}

export async function webhookStats() {
  const rows = await db()
    .select({ status: webhookDeliveries.status, n: count(), last: max(webhookDeliveries.updatedAt) })
    .from(webhookDeliveries)
    .groupBy(webhookDeliveries.status)
    .all();
  const by = Object.fromEntries(rows.map((r) => [r.status, r.n])) as Partial<Record<WebhookDelivery["status"], number>>;
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  const finished = (by.succeeded ?? 0) + (by.failed ?? 0);
  const last = rows
    .map((r) => (r.last instanceof Date ? r.last.getTime() : Number(r.last ?? 0)))
    .reduce((a, b) => Math.max(a, b), 0);
  return {
    configured: webhookConfigured(),
    total,
    pending: by.pending ?? 0,
    succeeded: by.succeeded ?? 0,
    failed: by.failed ?? 0,
    successRate: finished ? Math.round(((by.succeeded ?? 0) / finished) * 1000) / 10 : null,
    lastActivityAt: last ? new Date(last).toISOString() : null,
  };
}

/** True when a provisioning webhook for this subscription reported the account created. */
export async function accountCreatedFor(subscriptionId: string): Promise<boolean> {
  const row = await db()
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.subscriptionId, subscriptionId), eq(webhookDeliveries.status, "succeeded")))
    .limit(1)
    .get();
  return Boolean(row);
}
