import { and, count, eq, inArray, isNull, lte, max, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { newestFirstPage } from "~/db/lists.server";
import { type Subscription, type WebhookDelivery, webhookDeliveries } from "~/db/schema";
import { config } from "~/lib/config.server";
import { hmacSha256Hex } from "~/lib/crypto.server";
import { AppError } from "~/lib/errors";
import { paginationOf } from "~/lib/pagination";
import type { CustomerAccount } from "./schemas";

const MINUTE = 60 * 1000;

export const WEBHOOK_RULES = {
  maxAttempts: 6,
  timeout: 10 * 1000, // 10 seconds per attempt
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
  return 2 ** Math.max(0, attempts - 1) * MINUTE;
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

/**
 * Claims a delivery for one attempt (decision 013): one atomic UPDATE … RETURNING counts the
 * attempt and sets a lease, so the inline delivery after an approval, the cron and an admin's
 * retry never post the same row at the same time. A `manual` claim also takes failed rows and
 * starts the attempt count again. Answers null when the row is not claimable.
 */
async function claimDelivery(id: string, now: Date, { manual = false } = {}) {
  const free = or(isNull(webhookDeliveries.leaseUntil), lte(webhookDeliveries.leaseUntil, now));
  const row = await db()
    .update(webhookDeliveries)
    .set({
      status: "pending",
      attempts: manual ? 1 : sql`${webhookDeliveries.attempts} + 1`,
      leaseUntil: new Date(now.getTime() + WEBHOOK_RULES.lease),
      updatedAt: now,
    })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        free,
        manual ? inArray(webhookDeliveries.status, ["pending", "failed"]) : eq(webhookDeliveries.status, "pending"),
      ),
    )
    .returning()
    .get();
  return row ?? null;
}

const userIdOf = (delivery: WebhookDelivery) =>
  (JSON.parse(delivery.payload) as { data: { userId: string } }).data.userId;

/** One attempt on a claimed row: posts, records the result (if the lease is still ours), and says what happened. */
async function attemptClaimed(delivery: WebhookDelivery, now: Date, signal?: AbortSignal): Promise<CustomerAccount> {
  const outcome = await post(delivery, now, signal);
  const attempts = delivery.attempts;
  const giveUp = outcome.kind === "retry" && attempts >= WEBHOOK_RULES.maxAttempts;
  await db()
    .update(webhookDeliveries)
    .set({
      status: outcome.kind === "created" ? "succeeded" : outcome.kind === "retry" && !giveUp ? "pending" : "failed",
      responseStatus: outcome.status,
      responseBody: outcome.body,
      lastError:
        outcome.kind === "retry" ? outcome.error : outcome.kind === "created" ? null : `HTTP ${outcome.status}`,
      nextAttemptAt: outcome.kind === "retry" && !giveUp ? new Date(now.getTime() + webhookRetryDelay(attempts)) : null,
      leaseUntil: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(webhookDeliveries.id, delivery.id),
        delivery.leaseUntil ? eq(webhookDeliveries.leaseUntil, delivery.leaseUntil) : undefined,
      ),
    );
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
        code: giveUp ? "account.failed" : "account.retrying",
        message: giveUp
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
  const claimed = await claimDelivery(deliveryId, now);
  return claimed ? attemptClaimed(claimed, now) : notClaimed(deliveryId);
}

/** Scheduled job: pending deliveries whose retry time has come, until the job's time budget is spent. */
export async function retryDueWebhooks(now: Date, signal?: AbortSignal): Promise<number> {
  const due = await db()
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, "pending"),
        or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, now)),
        or(isNull(webhookDeliveries.leaseUntil), lte(webhookDeliveries.leaseUntil, now)),
      ),
    )
    .orderBy(webhookDeliveries.createdAt)
    .limit(20)
    .all();
  let delivered = 0;
  for (const { id } of due) {
    if (signal?.aborted) break;
    const claimed = await claimDelivery(id, now);
    if (claimed && (await attemptClaimed(claimed, now, signal)).status === "created") delivered++;
  }
  return delivered;
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
    const claimed = await claimDelivery(row.id, now, { manual: true });
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
