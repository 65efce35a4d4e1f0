import type * as db from "../../db/schema";

/*
 * The lead model (issue 26 item 2, decision 072), as plain values the console, the API and the
 * domain share.
 */

export const LEAD_KINDS = ["meeting", "callback", "enterprise", "trial", "newsletter"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
/** Restated from ~/db/schema so browser code does not pull in the drizzle schema; the check below keeps them equal. */
export const LEAD_STATUSES = ["new", "contacted", "qualified", "won", "lost", "disqualified"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same: Same<LeadStatus, (typeof db.LEAD_STATUSES)[number]> = true;
void same;

/** Each kind's bit in `leads.kinds`. */
export const KIND_BIT: Readonly<Record<LeadKind, number>> = {
  meeting: 1,
  callback: 2,
  enterprise: 4,
  trial: 8,
  newsletter: 16,
};

export const kindsOf = (bits: number): LeadKind[] => LEAD_KINDS.filter((kind) => (bits & KIND_BIT[kind]) !== 0);

export const KIND_LABELS: Readonly<Record<LeadKind, string>> = {
  meeting: "Demo booking",
  callback: "Callback",
  enterprise: "Enterprise",
  trial: "Trial",
  newsletter: "Newsletter",
};

export const STATUS_LABELS: Readonly<Record<LeadStatus, string>> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  won: "Won",
  lost: "Lost",
  disqualified: "Disqualified",
};

/** Still being worked: what round-robin counts and the SLA watches. */
export const OPEN_STATUSES = ["new", "contacted", "qualified"] as const satisfies readonly LeadStatus[];
/** Closing a lead this way needs a reason. */
export const REASON_REQUIRED: ReadonlySet<LeadStatus> = new Set(["lost", "disqualified"]);

/** Mailbox providers: their domain says nothing about the person's company. */
const PUBLIC_MAILBOXES = new Set([
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "icloud.com",
  "me.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "gmx.de",
  "yandex.com",
  "mail.com",
  "zoho.com",
  "rediffmail.com",
]);

/** The company's domain from an email, or null for a public mailbox. */
export function companyDomainOf(email: string): string | null {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  return domain && !PUBLIC_MAILBOXES.has(domain) ? domain : null;
}

/** SLA defaults: a lead still "new" after this many business hours is flagged (decision 072). */
export const SLA_DEFAULT_HOURS = 2;
