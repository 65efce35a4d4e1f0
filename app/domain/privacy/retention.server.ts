import { and, eq, inArray, lt, not, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leads, subscriptions } from "~/db/schema";
import type { AuditActor } from "~/domain/audit/audit.server";
import { config } from "~/lib/config.server";
import { isAppError } from "~/lib/errors";
import { anonymisedTrial, ERASED_ADDRESS_PATTERN, erasePerson } from "./people.server";

/*
 * Retention (issue 29 item 4, decision 089), applied by the scheduled job with the job's clock:
 * - a lead with no activity (no arrival, note or change) for RETENTION_LEAD_MONTHS (24) is erased
 *   as a person, by the same guarded erasure as a request (decision 088), unless they are a
 *   customer or a confirmed subscriber now (their consent is activity) or have a demo coming;
 * - a rejected trial signup is anonymised RETENTION_REJECTED_TRIAL_MONTHS (12) after the decision;
 * - email bodies: the outbox purge keeps RETENTION_EMAIL_DAYS (30) (app/domain/email/outbox.server.ts).
 */

/** Who the audit names for an erasure by retention. */
export const RETENTION_ACTOR: AuditActor = { id: null, email: "retention (scheduled job)" };

/** People erased per run: each erasure reads every table, so a backlog is worked off run by run. */
const PEOPLE_PER_RUN = 20;
/** Trials anonymised per statement. */
const TRIALS_PER_RUN = 200;

/** `now` less whole calendar months (UTC). */
export function monthsBefore(now: Date, months: number) {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** The addresses of leads with no activity since `cutoff` and nothing that keeps them. */
function dormantLeads(cutoff: Date) {
  return db()
    .select({ email: leads.email })
    .from(leads)
    .where(
      and(
        lt(leads.updatedAt, cutoff),
        not(sql`${leads.email} LIKE ${ERASED_ADDRESS_PATTERN}`),
        sql`NOT EXISTS (SELECT 1 FROM lead_events e WHERE e.lead_id = ${leads.id} AND e.created_at >= ${cutoff.getTime()})`,
        sql`NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.email = ${leads.email} AND s.status IN ('active', 'pending', 'unverified'))`,
        sql`NOT EXISTS (SELECT 1 FROM newsletter_subscribers n WHERE n.email = ${leads.email} AND n.status = 'confirmed')`,
        sql`NOT EXISTS (SELECT 1 FROM meetings m WHERE lower(m.email) = ${leads.email} AND m.updated_at >= ${cutoff.getTime()})`,
      ),
    )
    .orderBy(leads.updatedAt)
    .limit(PEOPLE_PER_RUN)
    .all();
}

/** Scheduled job: applies the retention periods; answers how many people and trials it cleared. */
export async function applyRetention(now: Date, signal?: AbortSignal): Promise<number> {
  const settings = config();
  let cleared = 0;
  for (const { email } of await dormantLeads(monthsBefore(now, settings.RETENTION_LEAD_MONTHS))) {
    if (signal?.aborted) break;
    try {
      await erasePerson(RETENTION_ACTOR, email, now);
      cleared++;
    } catch (error) {
      // A demo coming (409) or erased meanwhile (404): left for a later run, or nothing to do.
      if (!isAppError(error)) throw error;
    }
  }
  const trialCutoff = monthsBefore(now, settings.RETENTION_REJECTED_TRIAL_MONTHS);
  const client = db();
  const due = client
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, "rejected"),
        lt(subscriptions.updatedAt, trialCutoff),
        not(sql`${subscriptions.email} LIKE ${ERASED_ADDRESS_PATTERN}`),
      ),
    )
    .limit(TRIALS_PER_RUN);
  const trials = await client
    .update(subscriptions)
    .set(anonymisedTrial())
    .where(inArray(subscriptions.id, due))
    .returning({ id: subscriptions.id });
  return cleared + trials.length;
}
