import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { Lead } from "~/db/schema";
import type { Actor } from "~/domain/accounts/actor";
import { auditStatement } from "~/domain/audit/audit.server";
import { BRAND } from "~/lib/brand";
import { type CsvColumn, toCsv } from "~/lib/csv";
import type { Touch } from "./attribution";
import { allLeads, salesMembers, storedTouch } from "./leads.server";
import { KIND_LABELS, kindsOf, STATUS_LABELS } from "./model";
import type { LeadListQuery } from "./schemas";

type Row = Lead & { first: Touch | null; last: Touch | null; owner: string };

/** The attribution columns of one touch ("First source", … "Last landed at"). */
function touchColumns(which: "first" | "last"): CsvColumn<Row>[] {
  const label = which === "first" ? "First" : "Last";
  const field = (key: keyof Touch) => (row: Row) => row[which]?.[key] ?? "";
  return [
    { header: `${label} source`, value: field("source") },
    { header: `${label} medium`, value: field("medium") },
    { header: `${label} campaign`, value: field("campaign") },
    { header: `${label} term`, value: field("term") },
    { header: `${label} content`, value: field("content") },
    { header: `${label} click id`, value: field("clickId") },
    { header: `${label} referrer`, value: field("referrer") },
    { header: `${label} landing path`, value: field("landingPath") },
    { header: `${label} landed at`, value: (row) => (row[which] ? new Date(row[which].at) : "") },
  ];
}

const COLUMNS: CsvColumn<Row>[] = [
  { header: "Name", value: (r) => r.name },
  { header: "Email", value: (r) => r.email },
  { header: "Company", value: (r) => r.company },
  { header: "Company domain", value: (r) => r.companyDomain ?? "" },
  {
    header: "Kinds",
    value: (r) =>
      kindsOf(r.kinds)
        .map((k) => KIND_LABELS[k])
        .join("; "),
  },
  { header: "Status", value: (r) => STATUS_LABELS[r.status] },
  { header: "Reason", value: (r) => r.statusReason ?? "" },
  { header: "Owner", value: (r) => r.owner },
  { header: "Arrived", value: (r) => r.createdAt },
  { header: "First touch by the team", value: (r) => r.firstTouchAt ?? "" },
  ...touchColumns("first"),
  ...touchColumns("last"),
];

/** The inbox as CSV, with the filters it shows and both touches' columns; audited like every export. */
export async function leadsCsv(
  actor: Actor,
  filters: Omit<LeadListQuery, "page" | "limit">,
  timeZone: string,
  now = new Date(),
) {
  const owners = new Map((await salesMembers()).map((m) => [m.id, m.email]));
  const rows: Row[] = [];
  for await (const lead of allLeads(filters)) {
    rows.push({
      ...lead,
      first: storedTouch(lead.firstTouch),
      last: storedTouch(lead.lastTouch),
      owner: lead.ownerId ? (owners.get(lead.ownerId) ?? lead.ownerId) : "",
    });
  }
  await auditStatement(actor, "export.leads", "export", null, null, { rows: rows.length, filters });
  const day = format(new TZDate(now, timeZone), "yyyy-MM-dd");
  return { csv: toCsv(COLUMNS, rows, { timeZone }), filename: `${BRAND.slug}-leads-${day}.csv`, rows: rows.length };
}
