import { lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { analyticsSalts } from "~/db/schema";
import { utcDay } from "./visit";

/**
 * Deletes every salt of a day that is over (decision 090). The first view of a day deletes the
 * older ones too; this job makes sure it happens on a day without views as well, so no hash of a
 * past day can ever be recomputed from an address.
 */
export async function purgeOldSalts(now: Date) {
  const result = await db()
    .delete(analyticsSalts)
    .where(lt(analyticsSalts.day, utcDay(now)));
  return result.meta.changes ?? 0;
}
