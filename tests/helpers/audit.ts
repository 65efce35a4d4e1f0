import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { auditLog } from "~/db/schema";

/** The audit records of one action on one record, as a test reads them back. */
export const auditsOf = (targetId: string, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), eq(auditLog.action, action)))
    .all();
