import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { newestFirstPage } from "~/db/lists.server";
import {
  type AuditEntry,
  admins,
  auditLog,
  blogPosts,
  callbackRequests,
  emailOutbox,
  meetings,
  subscriptions,
  teamInvitations,
} from "~/db/schema";

export type AuditActor = { id: string | null; email: string };

/**
 * The insert for one audit record, to be put in the same `batch()` as the change it
 * describes so that the record and the change land together or not at all. `at` stamps it
 * with the change's own clock where rules count records by time (the invitation send limit);
 * without it the database's default time applies.
 */
export function auditStatement(
  actor: AuditActor,
  action: string,
  targetType: string,
  targetId: string | null,
  before: unknown,
  after: unknown,
  at?: Date,
) {
  return db()
    .insert(auditLog)
    .values({
      actorId: actor.id,
      actorEmail: actor.email,
      action,
      targetType,
      targetId,
      before: before ?? null,
      after: after ?? null,
      ...(at ? { createdAt: at } : {}),
    });
}

export type AuditQuery = { actor?: string; action?: string; page: number; limit: number };

export async function listAudit({ actor, action, page, limit }: AuditQuery) {
  const filters: SQL[] = [];
  if (actor) filters.push(eq(auditLog.actorEmail, actor.toLowerCase()));
  if (action) filters.push(eq(auditLog.action, action));
  const where = filters.length ? and(...filters) : undefined;
  const { rows, total } = await newestFirstPage(auditLog, where, { page, limit });
  return { entries: rows, total };
}

export async function listAuditActions() {
  const rows = await db().selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action).all();
  return rows.map((r) => r.action);
}

export async function listAuditActors() {
  const rows = await db()
    .selectDistinct({ email: auditLog.actorEmail })
    .from(auditLog)
    .orderBy(auditLog.actorEmail)
    .all();
  return rows.map((r) => r.email);
}

/** Where each kind of audited record lives, and how to name it for people reading the log. */
const TARGET_LOOKUPS = {
  admin: (ids: string[]) =>
    db()
      .select({ id: admins.id, label: sql<string>`${admins.name} || ' (' || ${admins.email} || ')'` })
      .from(admins)
      .where(inArray(admins.id, ids)),
  meeting: (ids: string[]) =>
    db()
      .select({
        id: meetings.id,
        label: sql<string>`${meetings.name} || ' — ' || ${meetings.date} || ' ' || ${meetings.timeSlot}`,
      })
      .from(meetings)
      .where(inArray(meetings.id, ids)),
  callback: (ids: string[]) =>
    db()
      .select({
        id: callbackRequests.id,
        label: sql<string>`${callbackRequests.firstName} || ' ' || ${callbackRequests.lastName}`,
      })
      .from(callbackRequests)
      .where(inArray(callbackRequests.id, ids)),
  blog: (ids: string[]) =>
    db().select({ id: blogPosts.id, label: blogPosts.title }).from(blogPosts).where(inArray(blogPosts.id, ids)),
  subscription: (ids: string[]) =>
    db()
      .select({ id: subscriptions.id, label: subscriptions.email })
      .from(subscriptions)
      .where(inArray(subscriptions.id, ids)),
  email: (ids: string[]) =>
    db()
      .select({ id: emailOutbox.id, label: sql<string>`${emailOutbox.subject} || ' → ' || ${emailOutbox.to}` })
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, ids)),
  invitation: (ids: string[]) =>
    db()
      .select({ id: teamInvitations.id, label: teamInvitations.email })
      .from(teamInvitations)
      .where(inArray(teamInvitations.id, ids)),
} as const;

/** Synonyms other sections may use for the same tables. */
const TARGET_ALIASES: Record<string, keyof typeof TARGET_LOOKUPS> = {
  admin: "admin",
  meeting: "meeting",
  callback: "callback",
  callback_request: "callback",
  blog: "blog",
  blog_post: "blog",
  post: "blog",
  subscription: "subscription",
  user: "subscription",
  email: "email",
  invitation: "invitation",
};

/**
 * Human names for the records a page of audit entries points at ("Kavya Menon (kavya@…)"
 * rather than an id), keyed `${targetType}:${targetId}`. Deleted records simply have none.
 */
export async function auditTargetLabels(entries: Pick<AuditEntry, "targetType" | "targetId">[]) {
  const wanted = new Map<keyof typeof TARGET_LOOKUPS, Set<string>>();
  for (const { targetType, targetId } of entries) {
    const kind = TARGET_ALIASES[targetType];
    if (!kind || !targetId) continue;
    wanted.set(kind, (wanted.get(kind) ?? new Set()).add(targetId));
  }
  const labels: Record<string, string> = {};
  await Promise.all(
    [...wanted].map(async ([kind, ids]) => {
      // A page holds at most 100 entries, within D1's 100 bound parameters per statement.
      const rows = await TARGET_LOOKUPS[kind]([...ids].slice(0, 100));
      for (const row of rows) {
        for (const [type, alias] of Object.entries(TARGET_ALIASES)) {
          if (alias === kind) labels[`${type}:${row.id}`] = row.label;
        }
      }
    }),
  );
  return labels;
}
