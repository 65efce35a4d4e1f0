import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { auditLog } from "~/db/schema";

export type AuditActor = { id: string | null; email: string };

/**
 * The insert for one audit record, to be put in the same `batch()` as the change it
 * describes so that the record and the change land together or not at all.
 */
export function auditStatement(
  actor: AuditActor,
  action: string,
  targetType: string,
  targetId: string | null,
  before: unknown,
  after: unknown,
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
    });
}

export type AuditQuery = { actor?: string; action?: string; page: number; limit: number };

export async function listAudit({ actor, action, page, limit }: AuditQuery) {
  const filters: SQL[] = [];
  if (actor) filters.push(eq(auditLog.actorEmail, actor.toLowerCase()));
  if (action) filters.push(eq(auditLog.action, action));
  const where = filters.length ? and(...filters) : undefined;
  const client = db();
  const [rows, totals] = await client.batch([
    client
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset((page - 1) * limit),
    client.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { entries: rows, total: totals[0]?.total ?? 0 };
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
