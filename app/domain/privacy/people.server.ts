import { getTableColumns, is, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { getTableConfig, type SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { db } from "~/db/client.server";
import { guardedBatch } from "~/db/guarded.server";
import * as schema from "~/db/schema";
import { type AuditActor, auditStatement } from "~/domain/audit/audit.server";
import { type CsvValue, toCsv } from "~/lib/csv";
import { AppError } from "~/lib/errors";

/*
 * A person's data on request (issue 29 item 3, decision 088): everything held about an email,
 * its export and its erasure. Nothing here lists the tables: they, their address columns and
 * their text columns are read from the drizzle schema, so a table added there (a consent ledger,
 * say) is looked up, exported and erased the day it is added. What is chosen by hand is only HOW
 * a few tables are erased (anonymised to keep counts) and what they are called.
 */

/** The columns that hold a person's address: `email` everywhere, `to` in the outbox. */
const ADDRESS_COLUMNS = new Set(["email", "to"]);

/** Columns never exported (hashes and secrets are the product's, not the person's data). */
const SECRET_COLUMN = /hash|secret|password/i;

/** What each table's rows are called on the People page and in the API; other tables go by their name. */
const KIND_OF_TABLE: Readonly<Record<string, string>> = {
  meetings: "bookings",
  callback_requests: "callbacks",
  leads: "leads",
  lead_events: "lead_notes",
  subscriptions: "trials",
  newsletter_subscribers: "newsletter",
  email_outbox: "emails",
  audit_log: "audit",
  verification_codes: "codes",
  password_resets: "password_resets",
  team_invitations: "invitations",
};

export type PersonTable = {
  table: SQLiteTable;
  name: string;
  kind: string;
  /** The address column, when the table has one (`email`, or the outbox's `to`). */
  address: SQLiteColumn | undefined;
  /** Every text column: where a mention of the email can sit. */
  texts: SQLiteColumn[];
  columns: SQLiteColumn[];
};

/** Every table of the schema with a text column, as the lookup and the erasure see it. */
export function personTables(module: Record<string, unknown> = schema): PersonTable[] {
  return Object.values(module)
    .filter((value): value is SQLiteTable => is(value, SQLiteTable))
    .map((table) => {
      const config = getTableConfig(table);
      const texts = config.columns.filter((column) => column.getSQLType() === "text");
      return {
        table,
        name: config.name,
        kind: KIND_OF_TABLE[config.name] ?? config.name,
        address: texts.find((column) => ADDRESS_COLUMNS.has(column.name)),
        texts,
        columns: config.columns,
      };
    })
    .filter((entry) => entry.texts.length > 0);
}

const TABLES = personTables();

/** What an anonymised lead's or trial's address becomes: unique, and nobody's. */
export const ERASED_ADDRESS_PATTERN = "erased-%@erased.invalid";

/** Normalised as every form stores it. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * Where an address ends in stored text (JSON, email bodies, headers, `mailto:`): these characters
 * become spaces before the search, and so does a sentence's full stop (". "), so a mention is the
 * address between two spaces. `sales@acme.example` then never matches inside
 * `presales@acme.example` or `sales@acme.example.in`.
 */
const ENDS_AN_ADDRESS = ['"', "'", "<", ">", "(", ")", "[", "]", ",", ";", ":", "/", "=", "\n", "\r", "\t"].map(
  (character) => sql.raw(`char(${character.charCodeAt(0)})`),
);

/** True when the column's text holds the address as a whole word (the person's, not a longer one). */
function holdsAddress(column: SQLiteColumn): SQL {
  let text = sql`(' ' || lower(${column}) || ' ')`;
  for (const character of ENDS_AN_ADDRESS) text = sql`replace(${text}, ${character}, ' ')`;
  return sql`instr(replace(${text}, '. ', ' '), ' ' || person.e || ' ') > 0`;
}

/**
 * True when one of the row's text columns (its address column among them) holds the email as a
 * whole address. The email is bound once (D1 allows 100 bound
 * values a statement) and found with instr, not LIKE, whose `_` and `%` are wildcards in an address.
 * `roughly` finds every row that may mention it (any substring: a superset), for the erasure's
 * guard, which must stay under D1's statement size over every table at once.
 */
export function mentions(entry: Pick<PersonTable, "texts">, email: string, roughly = false): SQL {
  const found = entry.texts.map((column) =>
    roughly ? sql`instr(lower(${column}), person.e) > 0` : holdsAddress(column),
  );
  return sql`EXISTS (SELECT 1 FROM (SELECT ${email} AS e) AS person WHERE ${anyOf(found)})`;
}

/**
 * `a OR b OR …` as a balanced tree: SQLite caps an expression's depth at 100 (a chain over every
 * table is deeper) and D1 caps a compound SELECT's terms, so neither a chain nor a UNION will do.
 */
function anyOf(conditions: SQL[]): SQL {
  if (conditions.length <= 2) return sql`(${sql.join(conditions, sql` OR `)})`;
  const half = Math.ceil(conditions.length / 2);
  return sql`(${anyOf(conditions.slice(0, half))} OR ${anyOf(conditions.slice(half))})`;
}

const addressIs = (column: SQLiteColumn, email: string) => sql`lower(${column}) = ${email}`;

/** A lead's notes and events are the person's through the lead, not through an address. */
const personsLeads = (email: string) => sql`(SELECT id FROM leads WHERE email = ${email})`;
const personsMeetings = (email: string) => sql`(SELECT id FROM meetings WHERE lower(email) = ${email})`;

function rowsOf(entry: PersonTable, email: string) {
  const where =
    entry.name === "lead_events"
      ? sql`${schema.leadEvents.leadId} IN ${personsLeads(email)} OR ${mentions(entry, email)}`
      : mentions(entry, email);
  return db().select().from(entry.table).where(where).all();
}

export type Held = Record<string, Record<string, unknown>[]>;

/** Drops secrets; keeps the rest of a row as stored (times as ISO strings in JSON). */
function exported(entry: PersonTable, row: Record<string, unknown>) {
  const columns = getTableColumns(entry.table) as Record<string, SQLiteColumn>;
  return Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET_COLUMN.test(columns[key]?.name ?? key)));
}
/** The property name drizzle gives a column (what `.set()` takes). */
const toKey = (column: SQLiteColumn) =>
  Object.entries(getTableColumns(column.table) as Record<string, SQLiteColumn>).find(([, c]) => c === column)?.[0] ??
  column.name;

/**
 * Everything held about an email, by kind: every row of every table that carries it in any text
 * column (the address, a notification's body, an audit entry's before/after, a CRM event's
 * payload), and a lead's timeline. Team members are not people on request: their account is
 * the Team page's.
 */
export async function peopleLookup(rawEmail: string): Promise<Held> {
  const email = normalEmail(rawEmail);
  const found = await Promise.all(TABLES.map((entry) => rowsOf(entry, email)));
  const held: Held = {};
  TABLES.forEach((entry, index) => {
    const rows = found[index] ?? [];
    if (rows.length === 0) return;
    held[entry.kind] = [
      ...(held[entry.kind] ?? []),
      ...rows.map((row) => exported(entry, row as Record<string, unknown>)),
    ];
  });
  return held;
}

/** How many rows each kind holds (the People page's summary, the erase answer's shape). */
export const countsOf = (held: Held) =>
  Object.fromEntries(Object.entries(held).map(([kind, rows]) => [kind, rows.length]));

export const NOTHING_HELD = "Nothing is held about this email.";
export const TEAM_MEMBER = "This email belongs to a team member: remove them on the Team page instead.";
export const upcomingMeeting = (date: string, time: string) =>
  `They have an upcoming meeting on ${date} at ${time}: cancel it first, then erase.`;

const ERASED = "Erased";
/** Each statement answers a row per row it changed: D1's `meta.changes` also counts index writes. */
const ONE = { one: sql<number>`1` };
const erasedAddress = (id: SQLiteColumn) => sql`'erased-' || ${id} || '@erased.invalid'`;

/**
 * Anonymised, not deleted, so the counts and the reports keep them (a demo held, a trial
 * decided, a lead won): the person's words and contact go, the row's facts stay. Any other
 * table with the address loses the rows (codes, resets, invitations, subscribers, consents…).
 */
function anonymise(email: string) {
  const client = db();
  const { meetings, callbackRequests, leads, subscriptions } = schema;
  return [
    client
      .update(meetings)
      .set({
        name: ERASED,
        email: "",
        phone: "",
        company: "",
        notes: "",
        visitorTimezone: null,
        meetingLink: null,
      })
      .where(addressIs(meetings.email, email))
      .returning(ONE),
    client
      .update(callbackRequests)
      .set({ firstName: ERASED, lastName: "", email: "", company: "", phone: "", message: "" })
      .where(addressIs(callbackRequests.email, email))
      .returning(ONE),
    client
      .update(leads)
      .set({
        email: erasedAddress(leads.id),
        name: "",
        company: "",
        companyDomain: null,
        statusReason: null,
        firstTouch: null,
        lastTouch: null,
      })
      .where(addressIs(leads.email, email))
      .returning(ONE),
    client.update(subscriptions).set(anonymisedTrial()).where(addressIs(subscriptions.email, email)).returning(ONE),
  ] as const;
}
/** A trial signup without the person: plan, dates, status and company size stay for the reports. */
export function anonymisedTrial() {
  const { subscriptions } = schema;
  return {
    email: erasedAddress(subscriptions.id),
    userId: sql`'erased-' || ${subscriptions.id}`,
    firstName: ERASED,
    lastName: "",
    phone: "",
    jobTitle: "",
    occupation: "",
    companyName: "",
    website: "",
    howDidYouHear: "",
    useCase: "",
    currentTools: "",
    approvalNotes: null,
    cardLast4: null,
  };
}
const ANONYMISED = new Set(["meetings", "callback_requests", "leads", "subscriptions"]);

/** Tables whose rows stay when they mention the person: the mention is cut out of them instead. */
const REDACTED = new Set(["audit_log", "blog_posts", "blog_post_revisions", "lead_events"]);
/** Never erased here: a member's account (refused above), and the guard table. */
const UNTOUCHED = new Set(["admins", "change_guards"]);

function redact(entry: PersonTable, email: string) {
  if (entry.name === "audit_log") {
    // The entry stays (who did what, when); what it said about the person goes.
    return db()
      .update(schema.auditLog)
      .set({ before: null, after: sql`json_object('erased', json('true'))` })
      .where(mentions(entry, email))
      .returning(ONE);
  }
  if (entry.name === "lead_events") {
    return db()
      .update(schema.leadEvents)
      .set({ detail: "" })
      .where(sql`${schema.leadEvents.leadId} IN ${personsLeads(email)} OR ${mentions(entry, email)}`)
      .returning(ONE);
  }
  const set = Object.fromEntries(
    entry.texts.map((column) => [toKey(column), sql`replace(${column}, ${email}, ${ERASED.toLowerCase()})`]),
  );
  return db().update(entry.table).set(set).where(mentions(entry, email)).returning(ONE);
}

export type Erasure = { erased: Record<string, number>; total: number };

/**
 * Erases a person in ONE guarded batch (decision 088): refused while a meeting of theirs is
 * upcoming (cancel it first), when the email is a member's, and when nothing is held (so of 20
 * racing erasures one erases and the others find nothing). Their manage links, lead notes, codes,
 * outbox emails (to them or about them) and every other mention go; bookings, callbacks, leads and
 * trials are anonymised so counts and reports stay. The audit entry records that an erasure
 * happened and who erased, never whose data.
 */
export async function erasePerson(actor: AuditActor, rawEmail: string, now = new Date()): Promise<Erasure> {
  const email = normalEmail(rawEmail);
  // The batch's "is held" guard finds any substring (it must fit D1's statement size over every
  // table), so `bob@acme.example` would pass it on `jimbob@acme.example`'s rows alone: ask the exact
  // question first, so an address held only inside a longer one is "nothing held", with no audit.
  if (Object.keys(await peopleLookup(email)).length === 0) throw await refusal(email, now);
  const client = db();
  const { meetings, meetingTokens } = schema;
  const upcoming = sql`${meetings.status} IN ('scheduled', 'confirmed') AND ${meetings.startsAt} > ${now.getTime()}`;
  const guards = [
    { name: "person is not a member", holds: sql`NOT EXISTS (SELECT 1 FROM admins WHERE email = ${email})` },
    {
      name: "no upcoming meeting",
      holds: sql`NOT EXISTS (SELECT 1 FROM meetings WHERE ${addressIs(meetings.email, email)} AND ${upcoming})`,
    },
    {
      name: "person is held",
      holds: anyOf(
        TABLES.filter((entry) => !UNTOUCHED.has(entry.name)).map(
          (entry) => sql`EXISTS (SELECT 1 FROM ${entry.table} WHERE ${mentions(entry, email, true)})`,
        ),
      ),
    },
  ];
  // Children first: the meeting's links and the lead's notes are found through the address.
  const steps: { kind: string; statement: BatchItem<"sqlite"> }[] = [
    {
      kind: "manage_links",
      statement: client
        .delete(meetingTokens)
        .where(sql`${meetingTokens.meetingId} IN ${personsMeetings(email)}`)
        .returning(ONE),
    },
  ];
  for (const entry of TABLES) {
    if (UNTOUCHED.has(entry.name) || ANONYMISED.has(entry.name)) continue;
    const statement = REDACTED.has(entry.name)
      ? redact(entry, email)
      : client.delete(entry.table).where(mentions(entry, email)).returning(ONE);
    steps.push({ kind: entry.kind, statement });
  }
  const anonymised = anonymise(email);
  [...ANONYMISED].forEach((name, index) => {
    const statement = anonymised[index];
    if (statement) steps.push({ kind: KIND_OF_TABLE[name] ?? name, statement });
  });
  // Last in the batch, after the redactions: that an erasure happened, by whom, never whose.
  const audit = auditStatement(actor, "person.erase", "person", null, null, { erasure: true }, now);
  const results = (await guardedBatch(guards, [...steps.map((step) => step.statement), audit], () =>
    refusal(email, now),
  )) as unknown as unknown[][];
  const erased: Record<string, number> = {};
  steps.forEach((step, index) => {
    const changes = results[index]?.length ?? 0;
    if (changes > 0) erased[step.kind] = (erased[step.kind] ?? 0) + changes;
  });
  const total = Object.values(erased).reduce((sum, n) => sum + n, 0);
  // A racing erasure got there first and only longer addresses mentioned the person's: nothing
  // of theirs was left to erase, whatever the rough guard let through.
  if (total === 0) throw new AppError(404, NOTHING_HELD);
  return { erased, total };
}

/** Why an erasure was refused, read fresh. */
async function refusal(email: string, now: Date): Promise<AppError> {
  const client = db();
  const member = await client.select({ id: schema.admins.id }).from(schema.admins).where(sql`email = ${email}`).get();
  if (member) return new AppError(409, TEAM_MEMBER);
  const { meetings } = schema;
  const next = await client
    .select({ date: meetings.date, time: meetings.timeSlot })
    .from(meetings)
    .where(
      sql`${addressIs(meetings.email, email)} AND ${meetings.status} IN ('scheduled', 'confirmed') AND ${meetings.startsAt} > ${now.getTime()}`,
    )
    .orderBy(meetings.startsAt)
    .get();
  if (next) return new AppError(409, upcomingMeeting(next.date, next.time));
  return new AppError(404, NOTHING_HELD);
}

export type PersonExport = { email: string; exportedAt: string; held: Held };

/**
 * The export file: everything held, as JSON. Audited (who exported whose data, the email in
 * `after`, which an erasure later redacts like any other mention).
 */
export async function exportPerson(actor: AuditActor, rawEmail: string, now = new Date()): Promise<PersonExport> {
  const email = normalEmail(rawEmail);
  const held = await peopleLookup(email);
  await auditStatement(actor, "person.export", "person", null, null, { email }, now);
  // Dates as ISO strings, as JSON.stringify writes them: the file and the API answer alike.
  return JSON.parse(JSON.stringify({ email, exportedAt: now.toISOString(), held })) as PersonExport;
}

/** The export's file name: no address in it (it lands in download folders and logs). */
export const exportFilename = (now: Date, extension: "json" | "csv", kind?: string) =>
  `person-export-${kind ? `${kind}-` : ""}${now.toISOString().slice(0, 10)}.${extension}`;

/** One kind of an export as CSV: a column per field any of its rows has (objects as JSON). */
export function kindCsv(rows: Record<string, unknown>[], timeZone: string) {
  const headers = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cell = (value: unknown): CsvValue =>
    value === null || value === undefined || value instanceof Date || typeof value !== "object"
      ? (value as CsvValue)
      : JSON.stringify(value);
  return toCsv(
    headers.map((header) => ({ header, value: (row: Record<string, unknown>) => cell(row[header]) })),
    rows,
    { timeZone },
  );
}
