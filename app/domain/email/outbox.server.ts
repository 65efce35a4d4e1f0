import { waitUntil } from "cloudflare:workers";
import { and, desc, eq, inArray, isNull, lte, or } from "drizzle-orm";
import { db } from "~/db/client.server";
import { type EmailAttachment, type EmailMessage, emailOutbox } from "~/db/schema";
import { config } from "~/lib/config.server";

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
};

const MAX_ATTEMPTS = 8;
const MINUTE = 60 * 1000;

/** Backoff before attempt n+1: 1, 2, 4, … minutes, capped at 2 hours. */
export function retryDelay(attempts: number) {
  return Math.min(2 ** Math.max(0, attempts - 1), 120) * MINUTE;
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
      nextAttemptAt: new Date(),
    })
    .onConflictDoNothing({ target: emailOutbox.idempotencyKey });
}

/** Delivers the given messages after the response is sent (the retry job catches failures). */
export function deliverSoon(idempotencyKeys: string[]) {
  const work = deliverByKeys(idempotencyKeys).catch((error) => console.error("email delivery", error));
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

async function deliverByKeys(keys: string[]) {
  if (keys.length === 0) return;
  const rows = await db()
    .select()
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.idempotencyKey, keys), eq(emailOutbox.status, "pending")))
    .all();
  for (const row of rows) await deliver(row);
}

async function deliver(message: EmailMessage, now = new Date()) {
  const attempts = message.attempts + 1;
  try {
    await transport(message);
    await db()
      .update(emailOutbox)
      .set({ status: "sent", attempts, sentAt: now, lastError: null, nextAttemptAt: null })
      .where(and(eq(emailOutbox.id, message.id), eq(emailOutbox.status, "pending")));
    return true;
  } catch (error) {
    const lastError = error instanceof Error ? error.message : String(error);
    const failed = attempts >= MAX_ATTEMPTS;
    await db()
      .update(emailOutbox)
      .set({
        attempts,
        lastError,
        status: failed ? "failed" : "pending",
        nextAttemptAt: failed ? null : new Date(now.getTime() + retryDelay(attempts)),
      })
      .where(eq(emailOutbox.id, message.id));
    return false;
  }
}

async function transport(message: EmailMessage) {
  const settings = config();
  if (settings.EMAIL_TRANSPORT === "outbox") {
    // Local transport: the message stays in D1 (the console's email log) and is printed.
    if (settings.ENVIRONMENT !== "test") {
      console.log(`[email] to=${message.to} subject=${JSON.stringify(message.subject)}\n${message.text}`);
    }
    return;
  }
  if (!settings.EMAIL_API_URL || !settings.EMAIL_API_KEY) {
    throw new Error("EMAIL_API_URL and EMAIL_API_KEY must be set for the http transport");
  }
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
    }),
  });
  if (!response.ok) throw new Error(`email API answered ${response.status}`);
}

/** Scheduled job: retries pending messages whose time has come. */
export async function retryPendingEmails(now: Date): Promise<number> {
  const due = await db()
    .select()
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, "pending"),
        or(isNull(emailOutbox.nextAttemptAt), lte(emailOutbox.nextAttemptAt, now)),
      ),
    )
    .limit(50)
    .all();
  let sent = 0;
  for (const message of due) if (await deliver(message, now)) sent++;
  return sent;
}

/** An admin's retry of a failed message: it goes back to pending and is tried at once. */
export async function retryEmail(id: string) {
  const row = await db()
    .update(emailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(), lastError: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "failed")))
    .returning()
    .get();
  if (!row) return null;
  await deliver(row);
  return db().select().from(emailOutbox).where(eq(emailOutbox.id, id)).get();
}

export async function listEmails({
  to,
  status,
  limit = 50,
}: {
  to?: string;
  status?: EmailMessage["status"];
  limit?: number;
}) {
  return db()
    .select()
    .from(emailOutbox)
    .where(
      and(to ? eq(emailOutbox.to, to.toLowerCase()) : undefined, status ? eq(emailOutbox.status, status) : undefined),
    )
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit)
    .all();
}
