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
import { type CsvColumn, type CsvValue, toCsv } from "~/lib/csv";

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

/** Row fields whose values a CSV cell can hold (so the `as CsvValue` below only restates what this type checked). */
type CellField<Row> = { [K in keyof Row]: Row[K] extends CsvValue ? K : never }[keyof Row] & string;

/** Column names are the field names of spec §3, so a file reads like the API: `_id` first, then `fields`. */
function columnsOf<Row extends { id: string }>(fields: readonly CellField<Row>[]): CsvColumn<Row>[] {
  return [
    { header: "_id", value: (row) => row.id },
    ...fields.map((field) => ({ header: field, value: (row: Row) => row[field] as CsvValue })),
  ];
}

export const MEETING_COLUMNS = columnsOf<Meeting>([
  "name",
  "email",
  "phone",
  "company",
  "meetingType",
  "date",
  "timeSlot",
  "status",
  "notes",
  "createdAt",
]);

export const CALLBACK_COLUMNS = columnsOf<CallbackRequest>([
  "firstName",
  "lastName",
  "email",
  "company",
  "phone",
  "message",
  "status",
  "source",
  "teamSize",
  "createdAt",
]);

export const SUBSCRIBER_COLUMNS = columnsOf<NewsletterSubscriber>([
  "email",
  "status",
  "confirmedAt",
  "unsubscribedAt",
  "createdAt",
]);

export const USER_COLUMNS = columnsOf<Subscription>([
  "userId",
  "email",
  "firstName",
  "lastName",
  "phone",
  "jobTitle",
  "companyName",
  "companySize",
  "industry",
  "country",
  "website",
  "plan",
  "status",
  "emailVerified",
  "approvalStatus",
  "trialApproved",
  "startDate",
  "endDate",
  "emailSent",
  "howDidYouHear",
  "useCase",
  "subscribeNewsletter",
  "createdAt",
]);

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
