import { and, count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { guardedBatch, rowMatches } from "~/db/guarded.server";
import { EMAIL_STATUSES, emailOutbox } from "~/db/schema";
import type { Actor } from "~/domain/accounts/accounts.server";
import { auditStatement } from "~/domain/audit/audit.server";
import { deliverSoon } from "~/domain/email/outbox.server";
import { AppError } from "~/lib/errors";

export const EMAIL_LOG_PAGE_SIZE = 20;

const ONLY_FAILED = "Only failed emails can be retried.";

export const EmailLogQuerySchema = z.object({
  status: z.enum(EMAIL_STATUSES).optional().catch(undefined),
  /** Recipient, matched in part and case-insensitively. */
  to: z
    .string()
    .trim()
    .max(254)
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

/** Settings → Email log: outgoing messages, newest first, with their delivery status. */
export async function listEmailLog({
  status,
  to,
  page,
  limit = EMAIL_LOG_PAGE_SIZE,
}: {
  status?: (typeof EMAIL_STATUSES)[number];
  to?: string;
  page: number;
  limit?: number;
}) {
  const where = and(
    status ? eq(emailOutbox.status, status) : undefined,
    // Addresses are stored lower-case; the text is taken literally (no LIKE wildcards).
    to ? sql`instr(${emailOutbox.to}, ${to.toLowerCase()}) > 0` : undefined,
  );
  const client = db();
  const [rows, totals] = await client.batch([
    client
      .select({
        id: emailOutbox.id,
        kind: emailOutbox.kind,
        to: emailOutbox.to,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        nextAttemptAt: emailOutbox.nextAttemptAt,
        sentAt: emailOutbox.sentAt,
        createdAt: emailOutbox.createdAt,
      })
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(limit)
      .offset((page - 1) * limit),
    client.select({ n: count() }).from(emailOutbox).where(where),
  ]);
  return { emails: rows, total: totals[0]?.n ?? 0 };
}

/**
 * An admin's retry of a failed message: back to pending with a fresh attempt count and its
 * audit record, as one guarded change (decision 013) — of parallel retries exactly one
 * passes, is audited and is delivered (the delivery claims the row). Answers with the
 * message's new state.
 */
export async function retryFailedEmail(actor: Actor, id: string, now = new Date()) {
  const client = db();
  const message = await client.select().from(emailOutbox).where(eq(emailOutbox.id, id)).get();
  if (!message) throw new AppError(404, "Email not found.");
  if (message.status !== "failed") throw new AppError(409, ONLY_FAILED);
  await guardedBatch(
    rowMatches("email failed", emailOutbox, and(eq(emailOutbox.id, id), eq(emailOutbox.status, "failed"))),
    [
      client
        .update(emailOutbox)
        .set({ status: "pending", attempts: 0, nextAttemptAt: now, lastError: null, leaseUntil: null })
        .where(eq(emailOutbox.id, id)),
      auditStatement(
        actor,
        "email.retried",
        "email",
        id,
        { status: "failed", attempts: message.attempts, lastError: message.lastError },
        { status: "pending" },
      ),
    ],
    () => new AppError(409, ONLY_FAILED),
  );
  await deliverSoon([message.idempotencyKey]);
  const after = await client.select().from(emailOutbox).where(eq(emailOutbox.id, id)).get();
  return { id, to: message.to, subject: message.subject, status: after?.status ?? "pending" };
}
