import { env, waitUntil } from "cloudflare:workers";
import { and, inArray, lt, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { backoffDelay, claim, type DeliveryKind, deliverNow, drain } from "~/db/outbox.server";
import { type EmailAttachment, type EmailMessage, emailOutbox } from "~/db/schema";
import { config } from "~/lib/config.server";
import { DAY, MINUTE, SECOND } from "~/lib/durations";

export type OutgoingEmail = {
  /** What the message is about, e.g. "trial.code" — shown in the email log. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: EmailAttachment[];
  /** The same key twice sends once. */
  idempotencyKey: string;
  /** Carries a secret (a one-time code): a real transport's stored copy is redacted once delivered. */
  sensitive?: boolean;
  /** Extra headers for the transport (a newsletter's List-Unsubscribe pair, decision 092). */
  headers?: Record<string, string>;
};

export const EMAIL_RULES = {
  maxAttempts: 8,
  /** The email API gets this long per message (10 seconds) before the attempt counts as failed. */
  timeout: 10 * SECOND,
  /** A claimed message belongs to its deliverer this long (well above `timeout`), then may be claimed again. */
  lease: 2 * MINUTE,
  /** Sent and failed messages are deleted this long after they were written (30 days): RETENTION_EMAIL_DAYS's default. */
  keepFor: 30 * DAY,
  /** Rows deleted per statement by the purge (keeps each statement short at any table size). */
  purgeChunk: 500,
} as const;

/** What stays of a sensitive message once a real transport delivered it. */
export const REDACTED = {
  subject: "[redacted after delivery]",
  text: "This message carried a one-time code. Its stored copy was removed once it was delivered.",
} as const;

/** Backoff before attempt n+1: 1, 2, 4, … minutes, capped at 2 hours. */
export function retryDelay(attempts: number) {
  return backoffDelay(emailDelivery.rules, attempts);
}

/** The insert for one message; put it in the same `batch()` as the change that causes it. */
export function emailStatement(message: OutgoingEmail) {
  return db()
    .insert(emailOutbox)
    .values({
      idempotencyKey: message.idempotencyKey,
      kind: message.kind,
      to: message.to.toLowerCase(),
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      attachments: message.attachments ?? [],
      status: "pending",
      sensitive: message.sensitive ?? false,
      headers: message.headers ?? null,
      nextAttemptAt: new Date(),
    })
    .onConflictDoNothing({ target: emailOutbox.idempotencyKey });
}

/** Delivers the given messages after the response is sent (the retry job catches failures). */
export function deliverSoon(idempotencyKeys: string[]) {
  const work = deliverByKeys(idempotencyKeys, new Date()).catch((error) => console.error("email delivery", error));
  try {
    waitUntil(work);
  } catch {
    // Outside a request (scripts, some tests): the promise still runs.
  }
  return work;
}

/** Writes and delivers one message on its own (for changes with nothing else to batch). */
export async function sendEmail(message: OutgoingEmail) {
  await emailStatement(message);
  await deliverSoon([message.idempotencyKey]);
}

/**
 * Email as a kind of the delivery engine (decision 056): claims with a lease, 8 attempts with
 * backoff, and the result written only while the lease is ours. A sensitive message delivered
 * by a real transport keeps no copy of its secret.
 */
export const emailDelivery: DeliveryKind<typeof emailOutbox> = {
  name: "email",
  table: emailOutbox,
  rules: {
    maxAttempts: EMAIL_RULES.maxAttempts,
    lease: EMAIL_RULES.lease,
    backoff: { first: MINUTE, cap: 120 * MINUTE },
    perRun: 50,
  },
  delivered: "sent",
  async send(message, now, signal) {
    const transport = await handToTransport(message, signal);
    const redact = message.sensitive && transport !== "outbox";
    return {
      ok: true,
      set: { sentAt: now, ...(redact ? { subject: REDACTED.subject, text: REDACTED.text, html: null } : {}) },
    };
  },
};

/** Claims messages for one delivery attempt each (decision 013); answers the rows claimed. */
export function claimEmails(where: SQL, now: Date) {
  return claim(emailDelivery, where, now);
}

async function deliverByKeys(keys: string[], now: Date) {
  if (keys.length === 0) return;
  await deliverNow(emailDelivery, inArray(emailOutbox.idempotencyKey, keys), now);
}

/** What a transport is handed: a stored message, or a newsletter's message made at delivery time. */
export type TransportMessage = Pick<
  EmailMessage,
  "idempotencyKey" | "to" | "subject" | "text" | "html" | "attachments" | "headers"
>;

/** Hands the message to the configured transport; answers which one took it. */
export async function handToTransport(message: TransportMessage, jobSignal?: AbortSignal) {
  const settings = config();
  if (settings.EMAIL_TRANSPORT === "outbox") {
    // Local transport: the message stays in D1 (the console's email log) and is printed.
    if (settings.ENVIRONMENT !== "test") {
      console.log(`[email] to=${message.to} subject=${JSON.stringify(message.subject)}\n${message.text}`);
    }
    return "outbox" as const;
  }
  if (settings.EMAIL_TRANSPORT === "cloudflare") {
    await sendThroughCloudflare(message, settings.EMAIL_FROM);
    return "cloudflare" as const;
  }
  if (!settings.EMAIL_API_URL || !settings.EMAIL_API_KEY) {
    throw new Error("EMAIL_API_URL and EMAIL_API_KEY must be set for the http transport");
  }
  // A hung provider must not stall the rest of the cron run: each message gets `timeout`.
  const timeout = AbortSignal.timeout(EMAIL_RULES.timeout);
  const response = await fetch(settings.EMAIL_API_URL, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Authorization: `Bearer ${settings.EMAIL_API_KEY}`,
      "Idempotency-Key": message.idempotencyKey,
    },
    body: JSON.stringify({
      from: settings.EMAIL_FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? undefined,
      attachments: message.attachments,
      headers: message.headers ?? undefined,
    }),
    signal: jobSignal ? AbortSignal.any([timeout, jobSignal]) : timeout,
  });
  if (!response.ok) throw new Error(`email API answered ${response.status}`);
  return "http" as const;
}

/** "Flowlane <no-reply@…>" as Email Service's address object; a bare address as is. */
function senderOf(from: string): string | EmailAddress {
  const named = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  return named ? { name: named[1] ?? "", email: named[2] ?? "" } : from.trim();
}

/**
 * Cloudflare Email Service (decision 092): the `send_email` binding named EMAIL, given the
 * message as fields (no MIME of our own), our headers (List-Unsubscribe) included. Locally,
 * wrangler dev and the tests' miniflare accept and log it instead of sending.
 */
async function sendThroughCloudflare(message: TransportMessage, from: string) {
  const binding = (env as { EMAIL?: SendEmail }).EMAIL;
  if (!binding) throw new Error('The cloudflare transport needs a send_email binding named "EMAIL" in wrangler.toml');
  await binding.send({
    from: senderOf(from),
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.headers ? { headers: message.headers } : {}),
    ...(message.attachments.length > 0
      ? {
          attachments: message.attachments.map((a) => ({
            disposition: "attachment" as const,
            filename: a.filename,
            type: a.contentType,
            content: Uint8Array.from(atob(a.content), (c) => c.charCodeAt(0)),
          })),
        }
      : {}),
  });
}

/** Delivers due email only, until the time budget is spent (the cron drains every kind at once). */
export function retryPendingEmails(now: Date, signal?: AbortSignal): Promise<number> {
  return drain([emailDelivery], now, signal);
}

/** Scheduled job: sent and failed messages older than 30 days are deleted, in short chunks. */
export async function purgeOldEmails(now: Date, signal?: AbortSignal): Promise<number> {
  const client = db();
  // The retention setting (decision 089); EMAIL_RULES.keepFor is its default.
  const cutoff = new Date(now.getTime() - config().RETENTION_EMAIL_DAYS * DAY);
  let purged = 0;
  while (!signal?.aborted) {
    const chunk = client
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(inArray(emailOutbox.status, ["sent", "failed"]), lt(emailOutbox.createdAt, cutoff)))
      .limit(EMAIL_RULES.purgeChunk);
    const result = await client.delete(emailOutbox).where(inArray(emailOutbox.id, chunk));
    const n = result.meta.changes ?? 0;
    purged += n;
    if (n < EMAIL_RULES.purgeChunk) break;
  }
  return purged;
}
