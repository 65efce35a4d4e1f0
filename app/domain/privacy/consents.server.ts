import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { consents } from "~/db/schema";
import { type ConsentForm, type ConsentPurpose, MARKETING_PURPOSES, NOTICE_VERSION } from "~/lib/consent";

/** One consent given on a form, for the ledger (decision 087). */
export type GivenConsent = {
  email: string;
  purpose: ConsentPurpose;
  form: ConsentForm;
  at: Date;
  /** Only while this holds (the form's own row was stored): a refused or duplicate change records nothing. */
  onlyIf?: SQL;
};

/**
 * The ledger row of a consent, for the form's own batch: it exists exactly when the form's change
 * does. INSERT … SELECT so `onlyIf` can name the row the batch just wrote; ON CONFLICT DO NOTHING
 * on the active (email, purpose, notice version, form) index, so the same request sent again, or
 * 20 copies at once, leave one row.
 */
export function consentStatement({ email, purpose, form, at, onlyIf }: GivenConsent) {
  const client = db();
  return client
    .insert(consents)
    .select(
      client
        .select({
          id: sql<string>`${crypto.randomUUID()}`.as("id"),
          email: sql<string>`${email.trim().toLowerCase()}`.as("email"),
          purpose: sql<ConsentPurpose>`${purpose}`.as("purpose"),
          noticeVersion: sql<string>`${NOTICE_VERSION}`.as("notice_version"),
          form: sql<ConsentForm>`${form}`.as("form"),
          givenAt: sql<number>`${at.getTime()}`.as("given_at"),
          withdrawnAt: sql<null>`NULL`.as("withdrawn_at"),
        })
        .from(sql`(SELECT 1)`)
        .where(onlyIf ?? sql`1`),
    )
    .onConflictDoNothing();
}

/**
 * Withdraws every active marketing consent of `email`, for the batch that stops the marketing
 * itself (the newsletter unsubscribe): the rows stay, with the time they stopped counting.
 */
export function withdrawMarketingStatement(email: string, at: Date) {
  return db()
    .update(consents)
    .set({ withdrawnAt: at })
    .where(
      and(
        eq(consents.email, email.trim().toLowerCase()),
        inArray(consents.purpose, [...MARKETING_PURPOSES]),
        isNull(consents.withdrawnAt),
      ),
    );
}

/** The ledger of one address, oldest first. */
export function consentsOf(email: string) {
  return db()
    .select()
    .from(consents)
    .where(eq(consents.email, email.trim().toLowerCase()))
    .orderBy(asc(consents.givenAt), asc(consents.id))
    .all();
}
