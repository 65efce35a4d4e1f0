import { waitUntil } from "cloudflare:workers";
import { and, desc, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { newestFirstPage } from "~/db/lists.server";
import { type Attempt, type DeliveryKind, deliverNow } from "~/db/outbox.server";
import {
  admins,
  leads,
  type Meeting,
  type NewsletterSubscriber,
  type Subscription,
  type WebhookEndpoint,
  type WebhookEndpointDelivery,
  webhookEndpointDeliveries,
  webhookEndpoints,
} from "~/db/schema";
import type { Actor } from "~/domain/accounts/actor";
import { auditStatement } from "~/domain/audit/audit.server";
import { deliverSoon, emailStatement } from "~/domain/email/outbox.server";
import { composeEmail } from "~/emails/render.server";
import { BRAND } from "~/lib/brand";
import { siteUrl } from "~/lib/config.server";
import { hmacSha256Hex, randomToken } from "~/lib/crypto.server";
import { HOUR, MINUTE, SECOND } from "~/lib/durations";
import { AppError } from "~/lib/errors";
import { paginationOf } from "~/lib/pagination";
import {
  ENDPOINT_MESSAGES,
  type EventData,
  endpointUrlProblem,
  type MeetingEventData,
  SIGNATURE_HEADER,
  type SubscriberEventData,
  type TrialEventData,
  type WebhookEventType,
} from "./events";

/** Decision 074: how deliveries are made, retried and when an endpoint is disabled. */
export const CRM_WEBHOOK_RULES = {
  maxAttempts: 8,
  /** Each attempt gets this long for the whole answer. */
  timeout: 10 * SECOND,
  lease: 2 * MINUTE,
  /** Backoff 1, 2, 4, … minutes, at most an hour: 8 attempts span about two hours. */
  backoff: { first: MINUTE, cap: HOUR },
  /** At most this many bytes of an answer are read; the rest is not downloaded. */
  responseBytes: 16 * 1024,
  /** Characters of the answer kept in the delivery log. */
  excerpt: 1000,
  /** Sustained failure: this many failed attempts in a row… */
  disableAfterFailures: 10,
  /** …the first of them at least this long ago. Then the endpoint is turned off and the Owners emailed. */
  disableAfterFor: 24 * HOUR,
} as const;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, as a receiver recomputes it. */
export async function signatureHeader(secret: string, body: string, now: Date) {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${await hmacSha256Hex(secret, `${t}.${body}`)}`;
}

/** "Local" comes from the configuration (SITE_URL on plain-http localhost), never from a request's Host. */
export function isLocalSite() {
  const url = new URL(siteUrl());
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

function checkUrl(url: string) {
  const problem = endpointUrlProblem(url, { local: isLocalSite() });
  if (problem) throw new AppError(400, problem, { details: [{ field: "url", message: problem }] });
}

export const newSecret = () => `whsec_${randomToken(24)}`;

// ——— Endpoints ———————————————————————————————————————————————————————————————

export function toEndpointView(row: WebhookEndpoint) {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    failures: row.failures,
    failingSince: row.failingSince?.toISOString() ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type EndpointView = ReturnType<typeof toEndpointView>;

/** The audit record's copy of an endpoint: never its secret. */
const audited = (row: WebhookEndpoint) => ({ url: row.url, events: row.events, enabled: row.enabled });

export async function listEndpoints() {
  return db().select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt)).all();
}

export async function requireEndpoint(id: string) {
  const row = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).get();
  if (!row) throw new AppError(404, ENDPOINT_MESSAGES.notFound);
  return row;
}

/** Adds an endpoint; answers it with its secret (generated when none is given), shown this once. */
export async function createEndpoint(
  actor: Actor,
  input: { url: string; events: WebhookEventType[]; secret?: string },
  now = new Date(),
) {
  checkUrl(input.url);
  const row: WebhookEndpoint = {
    id: crypto.randomUUID(),
    url: input.url,
    events: input.events,
    secret: input.secret ?? newSecret(),
    enabled: true,
    failures: 0,
    failingSince: null,
    disabledAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const client = db();
  await client.batch([
    client.insert(webhookEndpoints).values(row),
    auditStatement(actor, "webhook.created", "webhook_endpoint", row.id, null, audited(row)),
  ]);
  return row;
}

/** Changes the URL, the events or on/off; turning it on clears the failure streak. */
export async function updateEndpoint(
  actor: Actor,
  id: string,
  input: { url?: string; events?: WebhookEventType[]; enabled?: boolean },
  now = new Date(),
) {
  if (input.url !== undefined) checkUrl(input.url);
  const before = await requireEndpoint(id);
  const client = db();
  const [rows] = await client.batch([
    client
      .update(webhookEndpoints)
      .set({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(input.enabled === true ? { failures: 0, failingSince: null, disabledAt: null } : {}),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning(),
    auditStatement(actor, "webhook.updated", "webhook_endpoint", id, audited(before), {
      ...audited(before),
      ...input,
    }),
  ]);
  const [row] = rows;
  if (!row) throw new AppError(404, ENDPOINT_MESSAGES.notFound);
  return row;
}

/** A new secret at once: deliveries from now on are signed with it. Answered this once. */
export async function rotateSecret(actor: Actor, id: string, now = new Date()) {
  const secret = newSecret();
  const client = db();
  const [rows] = await client.batch([
    client
      .update(webhookEndpoints)
      .set({ secret, updatedAt: now })
      .where(eq(webhookEndpoints.id, id))
      .returning({ id: webhookEndpoints.id }),
    auditStatement(actor, "webhook.secret_rotated", "webhook_endpoint", id, null, null),
  ]);
  if (rows.length === 0) throw new AppError(404, ENDPOINT_MESSAGES.notFound);
  return { id, secret };
}

/** Deletes the endpoint and its delivery log. */
export async function deleteEndpoint(actor: Actor, id: string) {
  const before = await requireEndpoint(id);
  const client = db();
  const [rows] = await client.batch([
    client.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id }),
    auditStatement(actor, "webhook.deleted", "webhook_endpoint", id, audited(before), null),
  ]);
  if (rows.length === 0) throw new AppError(404, ENDPOINT_MESSAGES.notFound);
  return before;
}

// ——— Events ——————————————————————————————————————————————————————————————————

/**
 * The person's lead as the API shows it (id, status, owner, attribution), built in SQL from the
 * row as the batch has it so far; NULL when the address has no lead. A stored touch that is not
 * valid JSON shows as null rather than failing the batch that emits the event.
 */
const leadJson = (email: string) => {
  const touch = (column: string) => sql.raw(`CASE WHEN json_valid(l.${column}) THEN json(l.${column}) END`);
  return sql`(SELECT json_object('id', l.id, 'status', l.status, 'ownerId', l.owner_id,
      'attribution', json_object('first', ${touch("first_touch")}, 'last', ${touch("last_touch")}))
    FROM ${leads} l WHERE l.email = ${email})`;
};

type AnyEventData = { email: string; lead: unknown; [key: string]: unknown };

/** Leads are keyed by the trimmed, lower-cased address (app/domain/leads). */
const leadKey = (email: string) => email.trim().toLowerCase();

/**
 * Emitting an event: the one statement to put in the batch of the change that causes it, so the
 * event exists exactly when the change does. It writes one pending delivery per enabled endpoint
 * subscribed to `type` (an INSERT … SELECT: no read before the batch), all with the same event
 * id. `onlyIf` makes the event conditional on the batch's own change (an insert that may do
 * nothing). Every payload's `data.lead` is the person's lead (issue 26 item 3), read here in SQL
 * so no emitter builds it; when the lead is created later in the same batch (a first booking),
 * `attachLeadStatement` fills it in. Nothing is posted here: `deliverEventsSoon` posts after the
 * response, the cron retries.
 */
export function eventStatements<T extends { email: string; lead: unknown } = AnyEventData>(
  type: WebhookEventType,
  data: EventData<T>,
  now = new Date(),
  onlyIf?: SQL,
) {
  const id = crypto.randomUUID();
  const payload = JSON.stringify({ id, type, createdAt: now.toISOString(), data });
  const at = now.getTime();
  return {
    id,
    statements: [
      // Every column in the table's order (drizzle's INSERT … SELECT names them all).
      db()
        .insert(webhookEndpointDeliveries)
        .select(
          sql`SELECT lower(hex(randomblob(16))), e.id, ${id}, ${type}, json_set(${payload}, '$.data.lead', ${leadJson(leadKey(data.email))}), 'pending', 0, NULL, NULL, NULL, NULL, ${at}, NULL, NULL, ${at}, ${at}
            FROM webhook_endpoints e
            WHERE e.enabled = 1 AND EXISTS (SELECT 1 FROM json_each(e.events) WHERE json_each.value = ${type})
              AND ${onlyIf ?? sql`1`}`,
        ),
    ] as const,
  };
}

/**
 * For a lead's arrival, at the end of its batch: the events this batch wrote before the lead
 * existed (a first booking's `meeting.booked`, a first signup's `trial.started`) get the lead in
 * their payload. Such a row is still untouched: pending, never tried, due at the batch's time
 * (the status index finds it), with a null lead for this address.
 */
export function attachLeadStatement(email: string, at: Date) {
  const key = leadKey(email);
  const t = webhookEndpointDeliveries;
  return db()
    .update(t)
    .set({ payload: sql`json_set(${t.payload}, '$.data.lead', ${leadJson(key)})` })
    .where(
      and(
        eq(t.status, "pending"),
        eq(t.nextAttemptAt, at),
        eq(t.attempts, 0),
        sql`json_type(${t.payload}, '$.data.lead') = 'null'`,
        sql`lower(trim(json_extract(${t.payload}, '$.data.email'))) = ${key}`,
      ),
    );
}

/**
 * Posts the deliveries of these events after the response is sent (the cron retries what fails).
 * A lead form passes its own events' ids and its arrival's (`leadArrivalStatements`' `eventIds`).
 */
export function deliverEventsSoon(eventIds: string[]) {
  if (eventIds.length === 0) return Promise.resolve();
  const work = deliverNow(crmWebhookDelivery, inArray(webhookEndpointDeliveries.eventId, eventIds), new Date())
    .then(() => undefined)
    .catch((error) => console.error("webhook delivery", error));
  try {
    waitUntil(work);
  } catch {
    // Outside a request (scripts, some tests): the promise still runs.
  }
  return work;
}

// ——— Delivering ——————————————————————————————————————————————————————————————

/** Reads at most `limit` bytes of a body, then stops the download. */
async function readCapped(response: Response, limit: number) {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  const bytes = new Uint8Array(Math.min(size, limit));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, Math.min(chunk.byteLength, bytes.byteLength - offset));
    bytes.set(part, offset);
    offset += part.byteLength;
    if (offset >= bytes.byteLength) break;
  }
  return new TextDecoder().decode(bytes);
}

type Posted = { status: number | null; excerpt: string | null; error: string | null };

/**
 * Each attempt's time limit (CRM_WEBHOOK_RULES.timeout) as an abort signal. Swappable, so a test
 * ends an attempt against a receiver that holds the request at the moment it chooses, instead of
 * waiting the real 10 seconds. Holds a function only, no request's I/O.
 */
export const attemptTimer = { timeout: (ms: number): AbortSignal => AbortSignal.timeout(ms) };

async function post(endpoint: WebhookEndpoint, row: WebhookEndpointDelivery, now: Date, jobSignal?: AbortSignal) {
  const timeout = attemptTimer.timeout(CRM_WEBHOOK_RULES.timeout);
  try {
    const response = await fetch(endpoint.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": `${BRAND.name}-Webhooks/1`,
        [SIGNATURE_HEADER]: await signatureHeader(endpoint.secret, row.payload, now),
        "Flowlane-Event": row.eventType,
        "Flowlane-Delivery": row.id,
      },
      body: row.payload,
      // A redirect could point anywhere (a private address): it counts as a failed attempt.
      redirect: "manual",
      signal: jobSignal ? AbortSignal.any([timeout, jobSignal]) : timeout,
    });
    const text = await readCapped(response, CRM_WEBHOOK_RULES.responseBytes);
    const excerpt = text.slice(0, CRM_WEBHOOK_RULES.excerpt);
    const ok = response.status >= 200 && response.status < 300;
    return { status: response.status, excerpt, error: ok ? null : `HTTP ${response.status}` } satisfies Posted;
  } catch (error) {
    const message = timeout.aborted
      ? `No answer within ${CRM_WEBHOOK_RULES.timeout / SECOND} seconds`
      : error instanceof Error
        ? error.message
        : String(error);
    return { status: null, excerpt: null, error: message } satisfies Posted;
  }
}

/** A failed attempt extends the endpoint's streak; a sustained one turns it off and emails the Owners. */
async function countFailure(endpointId: string, now: Date) {
  const client = db();
  const since = new Date(now.getTime() - CRM_WEBHOOK_RULES.disableAfterFor);
  const [, disabled] = await client.batch([
    client
      .update(webhookEndpoints)
      .set({
        failures: sql`${webhookEndpoints.failures} + 1`,
        failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.getTime()})`,
      })
      .where(eq(webhookEndpoints.id, endpointId)),
    // Guarded: only the attempt that crosses the line turns it off, so the Owners get one email.
    client
      .update(webhookEndpoints)
      .set({ enabled: false, disabledAt: now, updatedAt: now })
      .where(
        and(
          eq(webhookEndpoints.id, endpointId),
          eq(webhookEndpoints.enabled, true),
          sql`${webhookEndpoints.failures} >= ${CRM_WEBHOOK_RULES.disableAfterFailures}`,
          lte(webhookEndpoints.failingSince, since),
        ),
      )
      .returning(),
  ]);
  const [endpoint] = disabled;
  if (endpoint) await emailOwners(endpoint);
}

export async function disabledEmail(
  endpoint: Pick<WebhookEndpoint, "id" | "url" | "failures" | "failingSince" | "disabledAt">,
  owner: { id: string; email: string; name: string },
) {
  const page = `${siteUrl()}/admin/dashboard/settings/integrations/${endpoint.id}`;
  const since = endpoint.failingSince?.toISOString() ?? "";
  const { host, pathname } = new URL(endpoint.url);
  const where = `${host}${pathname}`;
  return composeEmail(
    {
      kind: "integration.webhook_disabled",
      to: owner.email,
      idempotencyKey: `webhook.disabled:${endpoint.id}:${endpoint.disabledAt?.getTime() ?? 0}:${owner.id}`,
      subject: `A ${BRAND.name} webhook endpoint was turned off`,
    },
    {
      preview: "Its deliveries kept failing; nothing more is sent to it until it is turned on again.",
      heading: "Webhook endpoint turned off",
      greeting: `Hi ${owner.name},`,
      blocks: [
        {
          // The address without its scheme: a mail client would make a live link of it.
          p: `Every delivery to the endpoint ${where} has failed since ${since} (${endpoint.failures} attempts in a row), so we turned it off.`,
        },
        {
          p: "The failed deliveries stay in its log: fix the receiver, turn the endpoint on again and replay them. Events that happen while it is off are not queued for it.",
        },
        { button: { label: "Open the delivery log", href: page } },
      ],
    },
  );
}

async function emailOwners(endpoint: WebhookEndpoint) {
  const owners = await db()
    .select({ id: admins.id, email: admins.email, name: admins.name })
    .from(admins)
    .where(and(eq(admins.role, "owner"), eq(admins.status, "active")))
    .all();
  if (owners.length === 0) return;
  const emails = await Promise.all(owners.map((owner) => disabledEmail(endpoint, owner)));
  await db().batch(emails.map(emailStatement) as [ReturnType<typeof emailStatement>]);
  await deliverSoon(emails.map((email) => email.idempotencyKey));
}

type CrmAttempt = Attempt<typeof webhookEndpointDeliveries>;

/**
 * CRM webhooks as a kind of the delivery engine (decision 056, 074): claimed with a lease, 8
 * attempts with backoff (1 minute doubling, at most an hour), every non-2xx answer and every
 * network failure retried; an endpoint that is off takes nothing (the row fails and can be replayed).
 */
export const crmWebhookDelivery: DeliveryKind<typeof webhookEndpointDeliveries, CrmAttempt> = {
  name: "crm-webhook",
  table: webhookEndpointDeliveries,
  rules: {
    maxAttempts: CRM_WEBHOOK_RULES.maxAttempts,
    lease: CRM_WEBHOOK_RULES.lease,
    backoff: CRM_WEBHOOK_RULES.backoff,
    perRun: 20,
  },
  delivered: "succeeded",
  touch: (now) => ({ updatedAt: now }),
  async send(row, now, signal) {
    const endpoint = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, row.endpointId)).get();
    if (!endpoint?.enabled) {
      return { ok: false, final: true, error: "The endpoint is turned off.", set: { lastAttemptAt: now } };
    }
    const posted = await post(endpoint, row, now, signal);
    const set = { responseStatus: posted.status, responseExcerpt: posted.excerpt, lastAttemptAt: now };
    if (posted.error === null) {
      await db()
        .update(webhookEndpoints)
        .set({ failures: 0, failingSince: null })
        .where(eq(webhookEndpoints.id, endpoint.id));
      return { ok: true, set };
    }
    await countFailure(endpoint.id, now);
    return { ok: false, error: posted.error, set };
  },
};

// ——— The log and replay ——————————————————————————————————————————————————————

export function toDeliveryView(row: WebhookEndpointDelivery) {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType as WebhookEventType,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    responseExcerpt: row.responseExcerpt,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    replayOf: row.replayOf,
    createdAt: row.createdAt.toISOString(),
  };
}
export type DeliveryView = ReturnType<typeof toDeliveryView>;

/** One endpoint's deliveries, newest first. */
export async function listDeliveries(endpointId: string, { page, limit }: { page: number; limit: number }) {
  await requireEndpoint(endpointId);
  const { rows, total } = await newestFirstPage(
    webhookEndpointDeliveries,
    eq(webhookEndpointDeliveries.endpointId, endpointId),
    { page, limit },
  );
  return { rows, pagination: paginationOf(page, limit, total) };
}

export async function getDelivery(id: string) {
  const row = await db().select().from(webhookEndpointDeliveries).where(eq(webhookEndpointDeliveries.id, id)).get();
  if (!row) throw new AppError(404, ENDPOINT_MESSAGES.deliveryNotFound);
  return row;
}

/**
 * Replays a delivery: a new row with the same event id and body (the receiver can tell a replay
 * by the id), posted at once; the original row stays as it was in the log.
 */
export async function replayDelivery(actor: Actor, deliveryId: string, now = new Date()) {
  const original = await getDelivery(deliveryId);
  const endpoint = await requireEndpoint(original.endpointId);
  if (!endpoint.enabled) {
    throw new AppError(409, "This endpoint is turned off. Turn it on before replaying its deliveries.");
  }
  const id = crypto.randomUUID();
  const client = db();
  await client.batch([
    client.insert(webhookEndpointDeliveries).values({
      id,
      endpointId: original.endpointId,
      eventId: original.eventId,
      eventType: original.eventType,
      payload: original.payload,
      status: "pending",
      attempts: 0,
      nextAttemptAt: now,
      replayOf: original.id,
      createdAt: now,
      updatedAt: now,
    }),
    auditStatement(actor, "webhook.replayed", "webhook_endpoint", original.endpointId, null, {
      delivery: original.id,
      replay: id,
      event: original.eventId,
    }),
  ]);
  await deliverNow(crmWebhookDelivery, eq(webhookEndpointDeliveries.id, id), now);
  return getDelivery(id);
}

// ——— The events of each entity (the `data` of their payloads) ————————————————

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A demo meeting's event, with the visitor's email and name. */
export function meetingEvent(type: `meeting.${string}` & WebhookEventType, meeting: Meeting, now = new Date()) {
  const data: EventData<MeetingEventData> = {
    email: meeting.email,
    name: meeting.name,
    meeting: {
      id: meeting.id,
      status: meeting.status,
      type: meeting.meetingType,
      date: meeting.date,
      timeSlot: meeting.timeSlot,
      startsAt: meeting.startsAt.toISOString(),
      company: meeting.company,
      phone: meeting.phone,
      visitorTimezone: meeting.visitorTimezone,
      createdAt: meeting.createdAt.toISOString(),
    },
  };
  return eventStatements<MeetingEventData>(type, data, now);
}

/** A trial's event, with the person's email and name. */
export function trialEvent(
  type: `trial.${string}` & WebhookEventType,
  trial: Pick<
    Subscription,
    | "id"
    | "userId"
    | "email"
    | "firstName"
    | "lastName"
    | "status"
    | "approvalStatus"
    | "plan"
    | "requestedPlan"
    | "companyName"
    | "country"
    | "emailVerified"
    | "startDate"
    | "endDate"
    | "createdAt"
  >,
  now = new Date(),
  onlyIf?: SQL,
) {
  const data: EventData<TrialEventData> = {
    email: trial.email,
    name: `${trial.firstName} ${trial.lastName}`.trim() || null,
    trial: {
      id: trial.id,
      userId: trial.userId,
      status: trial.status,
      approvalStatus: trial.approvalStatus,
      plan: trial.plan,
      requestedPlan: trial.requestedPlan,
      company: trial.companyName,
      country: trial.country,
      emailVerified: trial.emailVerified,
      startDate: iso(trial.startDate),
      endDate: iso(trial.endDate),
      createdAt: trial.createdAt.toISOString(),
    },
  };
  return eventStatements<TrialEventData>(type, data, now, onlyIf);
}

/** A newsletter subscriber's event (a subscriber gives no name). */
export function subscriberEvent(
  type: `newsletter.${string}` & WebhookEventType,
  subscriber: NewsletterSubscriber,
  now = new Date(),
  onlyIf?: SQL,
) {
  const data: EventData<SubscriberEventData> = {
    email: subscriber.email,
    name: null,
    subscriber: {
      id: subscriber.id,
      status: subscriber.status,
      confirmedAt: iso(subscriber.confirmedAt),
      unsubscribedAt: iso(subscriber.unsubscribedAt),
    },
  };
  return eventStatements<SubscriberEventData>(type, data, now, onlyIf);
}
