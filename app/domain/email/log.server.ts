import { and, count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { guardedBatch, rowMatches } from "~/db/guarded.server";
import { EMAIL_STATUSES, emailOutbox } from "~/db/schema";
import type { Actor } from "~/domain/accounts/actor";
import { auditStatement } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/errors";
import { deliverSoon } from "./outbox.server";

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

/** What the log shows of each message. */
const SUMMARY_COLUMNS = {
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
};

/** A message's bodies: text, HTML and attachments (large; read only where they are shown). */
const BODY_COLUMNS = {
  text: emailOutbox.text,
  html: emailOutbox.html,
  attachments: emailOutbox.attachments,
  headers: emailOutbox.headers,
};

type EmailLogQuery = {
  status?: (typeof EMAIL_STATUSES)[number];
  /** Recipient, matched in part and case-insensitively. */
  to?: string;
  page: number;
  limit?: number;
};

/**
 * The one email-log query (decision 021): outgoing messages, newest first, with their delivery
 * status, filtered by status and by recipient (matched in part, case-insensitively), a page at
 * a time. Settings → Email log lists them without bodies; `GET /api/admin/emails` asks for
 * the bodies too (`withBodies`).
 */
export function listEmailLog(query: EmailLogQuery & { withBodies: true }): Promise<{
  emails: SelectResult<typeof SUMMARY_COLUMNS & typeof BODY_COLUMNS>[];
  total: number;
}>;
export function listEmailLog(
  query: EmailLogQuery & { withBodies?: false },
): Promise<{ emails: SelectResult<typeof SUMMARY_COLUMNS>[]; total: number }>;
export async function listEmailLog({
  status,
  to,
  page,
  limit = EMAIL_LOG_PAGE_SIZE,
  withBodies = false,
}: EmailLogQuery & { withBodies?: boolean }) {
  const where = and(
    status ? eq(emailOutbox.status, status) : undefined,
    // Addresses are stored lower-case; the text is taken literally (no LIKE wildcards).
    to ? sql`instr(${emailOutbox.to}, ${to.toLowerCase()}) > 0` : undefined,
  );
  const client = db();
  const [rows, totals] = await client.batch([
    client
      .select(withBodies ? { ...SUMMARY_COLUMNS, ...BODY_COLUMNS } : SUMMARY_COLUMNS)
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(limit)
      .offset((page - 1) * limit),
    client.select({ n: count() }).from(emailOutbox).where(where),
  ]);
  return { emails: rows, total: totals[0]?.n ?? 0 };
}

type SelectResult<Columns extends Record<string, { _: { data: unknown; notNull: boolean } }>> = {
  [K in keyof Columns]: Columns[K]["_"]["notNull"] extends true
    ? Columns[K]["_"]["data"]
    : Columns[K]["_"]["data"] | null;
};

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

const EMAIL_NOT_FOUND = "Email not found.";

/** Attachment types served as themselves; anything else downloads as application/octet-stream. */
const SAFE_ATTACHMENT_TYPES = new Set(["text/calendar", "text/plain", "text/csv", "application/pdf"]);

/** An attachment's media type as served: a known base type (with its charset for text), never HTML. */
export function servedAttachmentType(stored: string) {
  const base = (stored.split(";")[0] ?? "").trim().toLowerCase();
  if (!SAFE_ATTACHMENT_TYPES.has(base)) return "application/octet-stream";
  return base.startsWith("text/") ? `${base}; charset=utf-8` : base;
}

/** A file name safe in a Content-Disposition header and on any disk. */
export function safeFilename(name: string) {
  const cleaned = name
    .replace(/[^\w.-]+/g, "_")
    .replace(/^\.+/, "")
    .slice(0, 100);
  return cleaned || "attachment";
}

/** Bytes of a base64 attachment (0 when it is not valid base64). */
function decodedSize(content: string) {
  const clean = content.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 !== 0) return 0;
  return (clean.length / 4) * 3 - (clean.endsWith("==") ? 2 : clean.endsWith("=") ? 1 : 0);
}

/**
 * Settings → Email log → one message (decision 020): its text, its HTML (shown by the page in
 * a sandboxed frame) and its attachments' names and sizes. Admin pages only.
 */
export async function getEmailMessage(id: string) {
  if (!id || id.length > 100) throw new AppError(404, EMAIL_NOT_FOUND);
  const row = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id)).get();
  if (!row) throw new AppError(404, EMAIL_NOT_FOUND);
  return {
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    headers: row.headers ?? null,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    sentAt: row.sentAt,
    createdAt: row.createdAt,
    attachments: row.attachments.map((a, index) => ({
      index,
      filename: safeFilename(a.filename),
      contentType: servedAttachmentType(a.contentType),
      size: decodedSize(a.content),
    })),
  };
}

/** One attachment of a message, decoded, for the admin-only download route. */
export async function getEmailAttachment(id: string, index: number) {
  if (!id || id.length > 100 || !Number.isInteger(index) || index < 0 || index > 100) {
    throw new AppError(404, "Attachment not found.");
  }
  const row = await db()
    .select({ attachments: emailOutbox.attachments })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id))
    .get();
  const attachment = row?.attachments[index];
  if (!attachment) throw new AppError(404, "Attachment not found.");
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = Uint8Array.from(atob(attachment.content.replace(/\s+/g, "")), (c) => c.charCodeAt(0));
  } catch {
    throw new AppError(404, "Attachment not found.");
  }
  return {
    filename: safeFilename(attachment.filename),
    contentType: servedAttachmentType(attachment.contentType),
    bytes,
  };
}

/**
 * The document a sandboxed frame shows for an email's HTML: its own CSP forbids scripts,
 * frames, forms and every remote load (images only as data: URLs), on top of `sandbox=""`.
 * The policy comes first, before anything of the message, so it holds for every element; a
 * stored full document (our emails are, decision 021) keeps its head (dark-mode styles, color
 * scheme) because the parser folds its `<html>` and `<head>` into the ones opened here.
 */
export function emailPreviewDocument(html: string) {
  const csp =
    "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; form-action 'none'; base-uri 'none'";
  const policy = `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}"><meta name="referrer" content="no-referrer">`;
  const body = html.replace(/^\s*<!doctype[^>]*>/i, "");
  return /^\s*<html[\s>]/i.test(body) ? `${policy}${body}` : `${policy}</head><body>${body}</body></html>`;
}
