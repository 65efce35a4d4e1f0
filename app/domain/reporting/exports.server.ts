import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { asc, count } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import {
  type CallbackRequest,
  callbackRequests,
  type Meeting,
  meetings,
  type NewsletterSubscriber,
  newsletterSubscribers,
  type Subscription,
  subscriptions,
} from "~/db/schema";
import type { Actor } from "~/domain/accounts/actor";
import { auditStatement } from "~/domain/audit/audit.server";
import { BRAND } from "~/lib/brand";
import { type CsvColumn, toCsv } from "~/lib/csv";

export const EXPORT_KINDS = ["meetings", "callbacks", "users", "subscribers"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const ExportKindSchema = z.enum(EXPORT_KINDS, {
  error: "Unknown export. Choose meetings, callbacks, users or subscribers.",
});

export const EXPORT_LABELS: Record<ExportKind, string> = {
  meetings: "Demo meetings",
  callbacks: "Callback requests",
  users: "Users",
  subscribers: "Newsletter subscribers",
};

/** Column names are the field names of spec §3, so a file reads like the API. */
export const MEETING_COLUMNS: CsvColumn<Meeting>[] = [
  { header: "_id", value: (m) => m.id },
  { header: "name", value: (m) => m.name },
  { header: "email", value: (m) => m.email },
  { header: "phone", value: (m) => m.phone },
  { header: "company", value: (m) => m.company },
  { header: "meetingType", value: (m) => m.meetingType },
  { header: "date", value: (m) => m.date },
  { header: "timeSlot", value: (m) => m.timeSlot },
  { header: "status", value: (m) => m.status },
  { header: "notes", value: (m) => m.notes },
  { header: "createdAt", value: (m) => m.createdAt },
];

export const CALLBACK_COLUMNS: CsvColumn<CallbackRequest>[] = [
  { header: "_id", value: (c) => c.id },
  { header: "firstName", value: (c) => c.firstName },
  { header: "lastName", value: (c) => c.lastName },
  { header: "email", value: (c) => c.email },
  { header: "company", value: (c) => c.company },
  { header: "phone", value: (c) => c.phone },
  { header: "message", value: (c) => c.message },
  { header: "status", value: (c) => c.status },
  { header: "source", value: (c) => c.source },
  { header: "teamSize", value: (c) => c.teamSize },
  { header: "createdAt", value: (c) => c.createdAt },
];

export const SUBSCRIBER_COLUMNS: CsvColumn<NewsletterSubscriber>[] = [
  { header: "_id", value: (s) => s.id },
  { header: "email", value: (s) => s.email },
  { header: "status", value: (s) => s.status },
  { header: "confirmedAt", value: (s) => s.confirmedAt },
  { header: "unsubscribedAt", value: (s) => s.unsubscribedAt },
  { header: "createdAt", value: (s) => s.createdAt },
];

export const USER_COLUMNS: CsvColumn<Subscription>[] = [
  { header: "_id", value: (s) => s.id },
  { header: "userId", value: (s) => s.userId },
  { header: "email", value: (s) => s.email },
  { header: "firstName", value: (s) => s.firstName },
  { header: "lastName", value: (s) => s.lastName },
  { header: "phone", value: (s) => s.phone },
  { header: "jobTitle", value: (s) => s.jobTitle },
  { header: "companyName", value: (s) => s.companyName },
  { header: "companySize", value: (s) => s.companySize },
  { header: "industry", value: (s) => s.industry },
  { header: "country", value: (s) => s.country },
  { header: "website", value: (s) => s.website },
  { header: "plan", value: (s) => s.plan },
  { header: "status", value: (s) => s.status },
  { header: "emailVerified", value: (s) => s.emailVerified },
  { header: "approvalStatus", value: (s) => s.approvalStatus },
  { header: "trialApproved", value: (s) => s.trialApproved },
  { header: "startDate", value: (s) => s.startDate },
  { header: "endDate", value: (s) => s.endDate },
  { header: "emailSent", value: (s) => s.emailSent },
  { header: "howDidYouHear", value: (s) => s.howDidYouHear },
  { header: "useCase", value: (s) => s.useCase },
  { header: "subscribeNewsletter", value: (s) => s.subscribeNewsletter },
  { header: "createdAt", value: (s) => s.createdAt },
];

type Exported = typeof meetings | typeof callbackRequests | typeof subscriptions | typeof newsletterSubscribers;

/** Every row of `table`, oldest first (the id breaks ties, so the order is the same each time). */
async function oldestFirst<T extends Exported>(table: T) {
  const rows = await db()
    .select()
    .from(table as Exported)
    .orderBy(asc(table.createdAt), asc(table.id))
    .all();
  return rows as T["$inferSelect"][];
}

async function exportDocument(kind: ExportKind, timeZone: string) {
  const document = <Row>(columns: CsvColumn<Row>[], rows: Row[]) => ({
    csv: toCsv(columns, rows, { timeZone }),
    rows: rows.length,
  });
  switch (kind) {
    case "meetings":
      return document(MEETING_COLUMNS, await oldestFirst(meetings));
    case "callbacks":
      return document(CALLBACK_COLUMNS, await oldestFirst(callbackRequests));
    case "users":
      return document(USER_COLUMNS, await oldestFirst(subscriptions));
    case "subscribers":
      return document(SUBSCRIBER_COLUMNS, await oldestFirst(newsletterSubscribers));
  }
}

/**
 * Builds one CSV export. Exports carry personal data, so each download is recorded in the
 * audit log (who took which file, and when).
 */
export async function exportCsv(actor: Actor, kind: ExportKind, timezone: string, now = new Date()) {
  const { csv, rows } = await exportDocument(kind, timezone);
  await auditStatement(actor, `export.${kind}`, "export", null, null, { rows });
  const day = format(new TZDate(now, timezone), "yyyy-MM-dd");
  return { csv, rows, filename: `${BRAND.slug}-${kind}-${day}.csv` };
}

/** How many rows each export holds, for the Export page. */
export async function exportCounts() {
  const client = db();
  const [m, c, u, n] = await client.batch([
    client.select({ n: count() }).from(meetings),
    client.select({ n: count() }).from(callbackRequests),
    client.select({ n: count() }).from(subscriptions),
    client.select({ n: count() }).from(newsletterSubscribers),
  ]);
  const rows = { meetings: m[0]?.n ?? 0, callbacks: c[0]?.n ?? 0, users: u[0]?.n ?? 0, subscribers: n[0]?.n ?? 0 };
  return EXPORT_KINDS.map((kind) => ({ kind, label: EXPORT_LABELS[kind], rows: rows[kind] }));
}
