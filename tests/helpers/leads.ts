import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leads } from "~/db/schema";

/** A lead's address of its own: `prefix` names the test's company too. */
export const uniqueLeadEmail = (prefix: string) =>
  `${prefix}-${crypto.randomUUID().slice(0, 8)}@acme-${prefix}.example`;

/** The lead of an address (stored lower-cased). */
export const leadOf = (email: string) => db().select().from(leads).where(eq(leads.email, email.toLowerCase())).get();
