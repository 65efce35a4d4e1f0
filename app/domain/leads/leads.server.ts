import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { db } from "~/db/client.server";
import { guardedBatch, rowMatches } from "~/db/guarded.server";
import { containsAny, newestFirstPage } from "~/db/lists.server";
import { admins, emailOutbox, type Lead, leadEvents, leads } from "~/db/schema";
import type { Actor } from "~/domain/accounts/actor";
import { auditStatement } from "~/domain/audit/audit.server";
import { bookingRules } from "~/domain/calendar/calendar.server";
import { DENSE_MATCHES, ftsPhrase, TRIGRAM } from "~/domain/console/search.server";
import { deliverSoon, emailStatement } from "~/domain/email/outbox.server";
import type { LeadEventData } from "~/domain/integrations/events";
import { attachLeadStatement, deliverEventsSoon, eventStatements } from "~/domain/integrations/webhooks.server";
import { config, siteUrl } from "~/lib/config.server";
import { DAY, HOUR } from "~/lib/durations";
import { AppError } from "~/lib/errors";
import { type Attribution, parseAttribution, type Touch } from "./attribution";
import { businessHoursBetween } from "./business-hours";
import { leadSlaEmail } from "./emails.server";
import {
  companyDomainOf,
  KIND_BIT,
  kindsOf,
  type LeadKind,
  type LeadStatus,
  OPEN_STATUSES,
  REASON_REQUIRED,
  STATUS_LABELS,
} from "./model";
import type { LeadListQuery, LeadPatch } from "./schemas";

/*
 * The lead inbox (issue 26 item 2, decision 072): one row per person, whatever they sent.
 * Two places write a lead, and only two: an ARRIVAL (a lead form stored a booking, callback,
 * Enterprise enquiry, trial signup or newsletter sign-up: `leadArrivalStatements`, in the form's
 * own batch) and a CHANGE by a member (status, owner: `leadChangeStatements`). Whatever else must
 * follow a lead's creation or update joins those statement lists: the CRM webhooks' `lead.created`
 * and `lead.updated` (decision 074) do.
 */

/** What a lead form hands over when it stores its own row. */
export type Arrival = {
  kind: LeadKind;
  email: string;
  name: string;
  company: string;
  /** The visitor's touches from the attribution cookie, if any (decision 071). */
  attribution: Attribution | null;
  /** What the timeline says of it ("Demo booked for 2026-12-03 10:00"). */
  detail: string;
  at: Date;
  /** Records the timeline entry only while this holds (a signup stored by this very batch). */
  onlyIf?: SQL;
};

/** What a lead form's submit knows besides its fields: the clock, the client's address (its limit's key), the touches. */
export type ArrivalContext = { now?: Date; clientAddress?: string | null; attribution?: Attribution | null };

const OPEN_LIST = sql.raw(OPEN_STATUSES.map((s) => `'${s}'`).join(", "));

/**
 * The Sales member a new lead goes to: among active Sales members, the one with the fewest open
 * leads; ties to the least recently assigned (never assigned first), then the longest-standing
 * member. A subquery of the INSERT itself, so simultaneous arrivals (D1 runs batches one after
 * another) each see the assignments before them. NULL when the team has no Sales member.
 */
const roundRobinOwner = sql`(SELECT a.id FROM admins a
  WHERE a.team_role = 'sales' AND a.status = 'active'
  ORDER BY
    (SELECT count(*) FROM leads o WHERE o.owner_id = a.id AND o.status IN (${OPEN_LIST})),
    (SELECT max(o.assigned_at) FROM leads o WHERE o.owner_id = a.id),
    a.created_at, a.id
  LIMIT 1)`;

const touchJson = (touch: Touch | undefined) => (touch ? JSON.stringify(touch) : null);

/**
 * The statements that record an arrival, for the form's own batch (so the lead exists exactly
 * when the booking, callback… does): the lead is created (assigned round-robin) or, for an email
 * already known, gains the kind, keeps its first touch and takes the new last touch; and the
 * timeline gets the arrival. The CRM webhooks hear of it in the same batch: `lead.created` when
 * this arrival created the lead (its new id is the row's), else `lead.updated` (a known person came
 * back: a new kind, a new last touch); both only while `onlyIf` holds. Events the form's batch
 * wrote before the lead existed get the lead in their payload (`attachLeadStatement`). `eventIds`
 * are those two events' ids: once the batch has gone through, the form posts them with its own
 * events (`deliverEventsSoon`), right after the response; the cron retries what fails.
 */
export function leadArrivalStatements(arrival: Arrival): { statements: BatchItem<"sqlite">[]; eventIds: string[] } {
  const client = db();
  const email = arrival.email.trim().toLowerCase();
  const first = arrival.attribution?.first;
  const last = arrival.attribution?.last;
  const id = crypto.randomUUID();
  const upsert = client
    .insert(leads)
    .values({
      id,
      email,
      name: arrival.name.trim(),
      company: arrival.company.trim(),
      companyDomain: companyDomainOf(email),
      kinds: KIND_BIT[arrival.kind],
      status: "new",
      ownerId: roundRobinOwner,
      assignedAt: arrival.at,
      firstTouch: touchJson(first),
      lastTouch: touchJson(last),
      source: first?.source ?? null,
      campaign: first?.campaign ?? null,
      createdAt: arrival.at,
      updatedAt: arrival.at,
    })
    .onConflictDoUpdate({
      target: leads.email,
      set: {
        kinds: sql`${sql.identifier("kinds")} | excluded.kinds`,
        name: sql`CASE WHEN ${sql.identifier("name")} = '' THEN excluded.name ELSE ${sql.identifier("name")} END`,
        company: sql`CASE WHEN ${sql.identifier("company")} = '' THEN excluded.company ELSE ${sql.identifier("company")} END`,
        // The first touch is never overwritten; a lead first seen without one takes this one.
        source: sql`CASE WHEN ${sql.identifier("first_touch")} IS NULL THEN excluded.source ELSE ${sql.identifier("source")} END`,
        campaign: sql`CASE WHEN ${sql.identifier("first_touch")} IS NULL THEN excluded.campaign ELSE ${sql.identifier("campaign")} END`,
        firstTouch: sql`coalesce(${sql.identifier("first_touch")}, excluded.first_touch)`,
        lastTouch: sql`coalesce(excluded.last_touch, ${sql.identifier("last_touch")})`,
        ownerId: sql`coalesce(${sql.identifier("owner_id")}, excluded.owner_id)`,
        updatedAt: arrival.at,
      },
    });
  const created = sql`EXISTS (SELECT 1 FROM ${leads} WHERE ${leads.id} = ${id})`;
  const data = {
    email,
    name: arrival.name.trim() || null,
    company: arrival.company.trim(),
    kind: arrival.kind,
    previous: null,
  };
  const createdEvent = eventStatements<LeadEventData>("lead.created", data, arrival.at, and(created, arrival.onlyIf));
  const updatedEvent = eventStatements<LeadEventData>(
    "lead.updated",
    data,
    arrival.at,
    and(sql`NOT ${created}`, arrival.onlyIf),
  );
  return {
    statements: [
      upsert,
      eventStatement(email, arrival),
      ...createdEvent.statements,
      ...updatedEvent.statements,
      attachLeadStatement(email, arrival.at),
    ],
    eventIds: [createdEvent.id, updatedEvent.id],
  };
}

/** A timeline entry for the lead of `email` (found by the unique email, in the same batch). */
function eventStatement(email: string, { kind, detail, at, onlyIf }: Arrival) {
  const client = db();
  // INSERT … SELECT names every column of lead_events, in the table's order.
  return client.insert(leadEvents).select(
    client
      .select({
        id: sql<string>`${crypto.randomUUID()}`.as("id"),
        leadId: leads.id,
        type: sql<LeadKind>`${kind}`.as("type"),
        actorId: sql<null>`NULL`.as("actor_id"),
        actorEmail: sql<string>`''`.as("actor_email"),
        detail: sql<string>`${detail}`.as("detail"),
        createdAt: sql<number>`${at.getTime()}`.as("created_at"),
      })
      .from(leads)
      .where(and(eq(leads.email, email), onlyIf)),
  );
}

/** A member's timeline entry for a lead. */
function memberEvent(actor: Actor, leadId: string, type: "status" | "owner" | "note", detail: string, at: Date) {
  return db()
    .insert(leadEvents)
    .values({ leadId, type, actorId: actor.id, actorEmail: actor.email, detail, createdAt: at });
}

// ------------------------------------------------------------------ reading

export type LeadJson = ReturnType<typeof toLeadJson>;

/** A stored touch column as a touch (null when absent or unreadable). */
export const storedTouch = (value: string | null) =>
  parseAttribution(value ? `{"first":${value},"last":${value}}` : null)?.first ?? null;

/** Issue 26 item 5's lead, exactly. */
export function toLeadJson(lead: Lead) {
  return {
    id: lead.id,
    email: lead.email,
    name: lead.name,
    company: lead.company,
    kinds: kindsOf(lead.kinds),
    status: lead.status,
    ownerId: lead.ownerId,
    attribution: { first: storedTouch(lead.firstTouch), last: storedTouch(lead.lastTouch) },
    createdAt: lead.createdAt.toISOString(),
    firstTouchAt: lead.firstTouchAt ? lead.firstTouchAt.toISOString() : null,
  };
}

/** The lead search's trigram index (migration leads_search; not in schema.ts: drizzle-kit must not create it). */
const leadsSearch = sqliteTable("leads_search", { rowid: integer("rowid") });

/** The page's condition, the count's, and the count itself when the search index gave it already. */
type LeadWhere = { where: SQL | undefined; countWhere: SQL | undefined; total?: number };

/**
 * The filters of the inbox and of `GET /api/leads`. The search (name, email or company contains
 * the text, case-insensitive, literal) asks the `leads_search` trigram index for 3+ characters,
 * counting its matches first: a common text (a surname in 1 of 12 leads at 100k) is read by
 * walking the newest-first index and stopping at the page (`+rowid` keeps SQLite from looking
 * every match up instead), a rare one by looking its few matches up. With fewer characters there
 * is no trigram to ask, so the columns are scanned (`containsAny`), as before.
 */
async function leadFilters(query: Omit<LeadListQuery, "page" | "limit">): Promise<LeadWhere> {
  const t = leads;
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(t.status, query.status));
  if (query.ownerId === "none") filters.push(isNull(t.ownerId));
  else if (query.ownerId) filters.push(eq(t.ownerId, query.ownerId));
  if (query.kind) filters.push(sql`(${t.kinds} & ${KIND_BIT[query.kind]}) != 0`);
  if (query.source) filters.push(eq(t.source, query.source));
  if (query.campaign) filters.push(eq(t.campaign, query.campaign));
  if (query.from) filters.push(gte(t.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) filters.push(lte(t.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + 24 * HOUR - 1)));
  const all = (extra?: SQL) => {
    const list = extra ? [...filters, extra] : filters;
    return list.length ? and(...list) : undefined;
  };
  // SQLite ends a string at NUL, which would cut the closing quote off the FTS phrase.
  const text = query.q?.replaceAll("\u0000", "").trim();
  if (!text) return { where: all(), countWhere: all() };
  if ([...text].length < TRIGRAM) {
    const scan = containsAny(text, [t.name, t.email, t.company]);
    return { where: all(scan), countWhere: all(scan) };
  }
  const index = sql.identifier("leads_search");
  const matches = sql`(SELECT rowid FROM ${index} WHERE ${index} MATCH ${ftsPhrase(text)})`;
  const [counted] = await db()
    .select({ n: count() })
    .from(leadsSearch)
    .where(sql`${index} MATCH ${ftsPhrase(text)}`)
    .all();
  const total = counted?.n ?? 0;
  const dense = total > DENSE_MATCHES;
  return {
    where: all(dense ? sql`+"leads".rowid IN ${matches}` : sql`"leads".rowid IN ${matches}`),
    // The search alone: the index counted it (every lead has its row there), so `WHERE 0` reads nothing.
    ...(filters.length ? { countWhere: all(sql`"leads".rowid IN ${matches}`) } : { countWhere: sql`0`, total }),
  };
}

/** One page of leads, newest first, and how many match. */
export async function listLeads(query: LeadListQuery) {
  const { where, countWhere, total: counted } = await leadFilters(query);
  const { rows, total } = await newestFirstPage(leads, where, query, countWhere);
  return { leads: rows, total: counted ?? total };
}

/** Every lead matching the filters (newest first), for the CSV, in pages of `chunk`. */
export async function* allLeads(query: Omit<LeadListQuery, "page" | "limit">, chunk = 1000) {
  const { where, countWhere } = await leadFilters(query);
  for (let page = 1; ; page++) {
    const { rows } = await newestFirstPage(leads, where, { page, limit: chunk }, countWhere);
    yield* rows;
    if (rows.length < chunk) return;
  }
}

export async function requireLead(id: string): Promise<Lead> {
  const lead = await db().select().from(leads).where(eq(leads.id, id)).get();
  if (!lead) throw new AppError(404, "Lead not found.");
  return lead;
}

export type TimelineEntry = { id: string; type: string; at: string; actor: string | null; text: string };

/**
 * The lead's timeline, oldest first: its own entries plus every email sent to it (read from the
 * outbox, which keeps messages 30 days), at most the latest 200 of each.
 */
export async function leadTimeline(lead: Lead): Promise<TimelineEntry[]> {
  const client = db();
  const [events, emails] = await client.batch([
    client
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, lead.id))
      .orderBy(desc(leadEvents.createdAt), desc(leadEvents.id))
      .limit(200),
    client
      .select({ id: emailOutbox.id, subject: emailOutbox.subject, createdAt: emailOutbox.createdAt })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, lead.email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(200),
  ]);
  const entries: TimelineEntry[] = [
    ...events.map((e) => ({
      id: e.id,
      type: e.type,
      at: e.createdAt.toISOString(),
      actor: e.actorEmail || null,
      text: e.detail,
    })),
    ...emails.map((e) => ({
      id: e.id,
      type: "email",
      at: e.createdAt.toISOString(),
      actor: null,
      text: `Email sent: ${e.subject}`,
    })),
  ];
  return entries.sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
}

/** Active Sales members (who may own leads), by name. */
export async function salesMembers() {
  return db()
    .select({ id: admins.id, name: admins.name, email: admins.email })
    .from(admins)
    .where(and(eq(admins.role, "sales"), eq(admins.status, "active")))
    .orderBy(admins.name)
    .all();
}

// ------------------------------------------------------------------ changing

export const LEAD_MESSAGES = {
  nothing: "Choose a status or an owner.",
  reason: "Give a reason for losing or disqualifying this lead.",
  notSales: "The owner must be an active Sales member.",
  same: "This lead already has that status and owner.",
  changed: "This lead was changed meanwhile. Please reload.",
} as const;

/**
 * The statements of a member's change to a lead, after the guard that it is still as read:
 * the row, one timeline entry per changed field, the audit record and the CRM webhooks'
 * `lead.updated` (with the status and owner before it), whose id is for `deliverEventsSoon`
 * once the batch has gone through.
 */
export function leadChangeStatements(actor: Actor, before: Lead, after: Lead, now: Date) {
  const client = db();
  const statements: BatchItem<"sqlite">[] = [
    client
      .update(leads)
      .set({
        status: after.status,
        statusReason: after.statusReason,
        ownerId: after.ownerId,
        assignedAt: after.assignedAt,
        firstTouchAt: after.firstTouchAt,
        updatedAt: now,
      })
      .where(eq(leads.id, before.id)),
  ];
  if (after.status !== before.status) {
    const reason = after.statusReason ? ` (${after.statusReason})` : "";
    const text = `${STATUS_LABELS[before.status]} → ${STATUS_LABELS[after.status]}${reason}`;
    statements.push(memberEvent(actor, before.id, "status", text, now));
  }
  if (after.ownerId !== before.ownerId) {
    statements.push(memberEvent(actor, before.id, "owner", after.ownerId ? "Owner changed" : "Owner removed", now));
  }
  statements.push(
    auditStatement(
      actor,
      "lead.updated",
      "lead",
      before.id,
      { status: before.status, ownerId: before.ownerId },
      { status: after.status, ownerId: after.ownerId, reason: after.statusReason },
    ),
  );
  const event = eventStatements<LeadEventData>(
    "lead.updated",
    {
      email: before.email,
      name: before.name || null,
      company: before.company,
      kind: null,
      previous: { status: before.status, ownerId: before.ownerId },
    },
    now,
  );
  statements.push(...event.statements);
  return { statements, eventId: event.id };
}

/**
 * A member changes a lead's status (with a reason where it needs one) or owner: a guarded change
 * (decision 013) on the status and owner that were read, so of 20 simultaneous changes one wins
 * and writes one timeline entry; the others get a 409 and write nothing. A status change is the
 * team's first touch when there was none (speed to lead).
 */
export async function updateLead(actor: Actor, id: string, patch: LeadPatch, now = new Date()): Promise<Lead> {
  const { lead, eventId } = await changeLead(actor, id, patch, now);
  deliverEventsSoon([eventId]);
  return lead;
}

/** `updateLead` without posting its `lead.updated`: the bulk change posts all of them at once. */
async function changeLead(actor: Actor, id: string, patch: LeadPatch, now: Date) {
  if (patch.status === undefined && patch.ownerId === undefined) throw new AppError(400, LEAD_MESSAGES.nothing);
  const before = await requireLead(id);
  const status = patch.status ?? before.status;
  if (patch.status && REASON_REQUIRED.has(patch.status) && !patch.reason) {
    throw new AppError(400, LEAD_MESSAGES.reason, { details: [{ field: "reason", message: LEAD_MESSAGES.reason }] });
  }
  if (patch.ownerId) {
    const members = await salesMembers();
    if (!members.some((m) => m.id === patch.ownerId)) {
      throw new AppError(400, LEAD_MESSAGES.notSales, {
        details: [{ field: "ownerId", message: LEAD_MESSAGES.notSales }],
      });
    }
  }
  const ownerId = patch.ownerId === undefined ? before.ownerId : patch.ownerId;
  if (status === before.status && ownerId === before.ownerId) throw new AppError(409, LEAD_MESSAGES.same);
  const statusChanged = status !== before.status;
  const after: Lead = {
    ...before,
    status,
    statusReason: statusChanged ? (patch.reason ?? null) : before.statusReason,
    ownerId,
    assignedAt: ownerId !== before.ownerId ? now : before.assignedAt,
    firstTouchAt: before.firstTouchAt ?? (statusChanged ? now : null),
    updatedAt: now,
  };
  const change = leadChangeStatements(actor, before, after, now);
  await guardedBatch(
    rowMatches(
      "lead still as read",
      leads,
      and(
        eq(leads.id, id),
        eq(leads.status, before.status),
        before.ownerId === null ? isNull(leads.ownerId) : eq(leads.ownerId, before.ownerId),
      ),
    ),
    change.statements,
    () => new AppError(409, LEAD_MESSAGES.changed),
  );
  return { lead: after, eventId: change.eventId };
}

/**
 * The same change to many leads (the inbox's bulk actions): each lead its own guarded change, so
 * one changed meanwhile (or already so) is skipped and the rest go through.
 */
export async function updateLeads(actor: Actor, ids: readonly string[], patch: LeadPatch, now = new Date()) {
  let skipped = 0;
  const eventIds: string[] = [];
  try {
    for (const id of ids) {
      try {
        eventIds.push((await changeLead(actor, id, patch, now)).eventId);
      } catch (error) {
        if (error instanceof AppError && (error.status === 409 || error.status === 404)) skipped++;
        else throw error;
      }
    }
  } finally {
    deliverEventsSoon(eventIds);
  }
  return { updated: eventIds.length, skipped };
}

/** A member's note on a lead: a timeline entry, the first touch when there was none, audited. */
export async function addLeadNote(actor: Actor, id: string, text: string, now = new Date()) {
  const client = db();
  const entryId = crypto.randomUUID();
  await guardedBatch(
    rowMatches("lead exists", leads, eq(leads.id, id)),
    [
      client.insert(leadEvents).values({
        id: entryId,
        leadId: id,
        type: "note",
        actorId: actor.id,
        actorEmail: actor.email,
        detail: text,
        createdAt: now,
      }),
      client
        .update(leads)
        .set({ firstTouchAt: sql`coalesce(${leads.firstTouchAt}, ${now.getTime()})`, updatedAt: now })
        .where(eq(leads.id, id)),
      auditStatement(actor, "lead.note", "lead", id, null, { note: entryId }),
    ],
    () => new AppError(404, "Lead not found."),
  );
  return { id: entryId, type: "note", at: now.toISOString(), actor: actor.email, text } satisfies TimelineEntry;
}

// ------------------------------------------------------------------ speed to lead and the SLA

/** The SLA in business hours (LEAD_SLA_HOURS, default 2). */
export const slaHours = () => config().LEAD_SLA_HOURS;

/** Whether a lead still "new" has waited past the SLA at `now`. */
export function isLate(lead: Pick<Lead, "status" | "createdAt">, now: Date) {
  const sla = slaHours();
  return lead.status === "new" && businessHoursBetween(lead.createdAt, now, bookingRules(), sla) >= sla;
}

/**
 * The scheduled job: every lead still "new" past the SLA, not yet flagged, is flagged (a
 * timeline entry) and its owner emailed, once: a guarded change on "still new, never flagged",
 * so two runs at once send one email. Leads without an owner are flagged to the sales inbox.
 * Business hours are never fewer than wall-clock hours, so older-than-the-SLA is the index's cut.
 */
export async function flagLateLeads(now: Date, signal?: AbortSignal): Promise<number> {
  const client = db();
  const candidates = await client
    .select({ lead: leads, ownerEmail: admins.email, ownerName: admins.name })
    .from(leads)
    .leftJoin(admins, eq(admins.id, leads.ownerId))
    .where(
      and(
        eq(leads.status, "new"),
        isNull(leads.slaNotifiedAt),
        lte(leads.createdAt, new Date(now.getTime() - slaHours() * HOUR)),
      ),
    )
    .orderBy(leads.createdAt)
    .limit(100)
    .all();
  let flagged = 0;
  for (const { lead, ownerEmail, ownerName } of candidates) {
    if (signal?.aborted) break;
    if (!isLate(lead, now)) continue;
    const email = await leadSlaEmail(lead, { to: ownerEmail ?? config().SALES_EMAIL, name: ownerName }, siteUrl());
    try {
      await guardedBatch(
        rowMatches(
          "lead still new and not flagged",
          leads,
          and(eq(leads.id, lead.id), eq(leads.status, "new"), isNull(leads.slaNotifiedAt)),
        ),
        [
          client.update(leads).set({ slaNotifiedAt: now }).where(eq(leads.id, lead.id)),
          client.insert(leadEvents).values({
            leadId: lead.id,
            type: "sla",
            detail: `Still new after ${slaHours()} business hours: ${ownerEmail ? "owner" : "sales inbox"} emailed`,
            createdAt: now,
          }),
          emailStatement(email),
        ],
        () => new AppError(409, LEAD_MESSAGES.changed),
      );
      deliverSoon([email.idempotencyKey]);
      flagged++;
    } catch (error) {
      if (!(error instanceof AppError && error.status === 409)) throw error;
    }
  }
  return flagged;
}

/**
 * Speed to lead per week (Monday-based, UTC) over the last `weeks` weeks: the median time from a
 * lead's arrival to the team's first touch, in minutes, and how many leads were touched. Computed
 * in SQL from the touched leads' partial index (created_at, first_touch_at): at 100k leads eight
 * weeks hold thousands of them, too many to read into the Worker. The median is the middle row of
 * each week (the mean of the two middle ones for an even count), as `row_number` ranks them.
 */
export async function speedToLeadByWeek(now: Date, weeks = 8) {
  const today = Math.floor(now.getTime() / DAY);
  // 1970-01-01 was a Thursday: (day + 3) % 7 is the days since Monday.
  const monday = (today - ((today + 3) % 7)) * DAY;
  const since = new Date(monday - (weeks - 1) * 7 * DAY);
  // A literal, not a bound number (which could arrive as a REAL and make the division fractional).
  const day = sql.raw(String(DAY));
  const rows = (await db().all(sql`
    WITH touched AS (
      SELECT (${leads.createdAt} / ${day}) - ((${leads.createdAt} / ${day} + 3) % 7) AS week,
             (${leads.firstTouchAt} - ${leads.createdAt}) / 60000.0 AS minutes
      FROM ${leads}
      WHERE ${leads.createdAt} >= ${since.getTime()} AND ${leads.firstTouchAt} IS NOT NULL
    ), ranked AS (
      SELECT week, minutes,
             row_number() OVER (PARTITION BY week ORDER BY minutes) AS n,
             count(*) OVER (PARTITION BY week) AS total
      FROM touched
    )
    SELECT week, avg(minutes) AS median, max(total) AS touched
    FROM ranked WHERE n IN ((total + 1) / 2, (total + 2) / 2)
    GROUP BY week`)) as { week: number; median: number; touched: number }[];
  const byWeek = new Map(rows.map((row) => [row.week * DAY, row]));
  return Array.from({ length: weeks }, (_, i) => {
    const week = since.getTime() + i * 7 * DAY;
    const row = byWeek.get(week);
    return {
      week: new Date(week).toISOString().slice(0, 10),
      medianMinutes: row ? row.median : null,
      touched: row ? row.touched : 0,
    };
  });
}

/** Open leads per owner (the inbox's owner filter shows it). */
export async function openLeadCounts() {
  const rows = await db()
    .select({ ownerId: leads.ownerId, n: sql<number>`count(*)` })
    .from(leads)
    .where(and(inArray(leads.status, [...OPEN_STATUSES]), isNotNull(leads.ownerId)))
    .groupBy(leads.ownerId)
    .all();
  return new Map(rows.map((r) => [r.ownerId as string, r.n]));
}

export type { LeadStatus };
