/**
 * The subscription value lists of `~/db/schema`, restated here so that browser code (forms,
 * badges) does not pull the drizzle schema into the client bundle. The type checks below fail
 * the typecheck if the two ever differ.
 */
import type * as db from "~/db/schema";
import { sameValues } from "~/domain/same-values";

export const USER_PLANS = ["free", "trial", "basic", "standard", "premium", "enterprise"] as const;
export const USER_STATUSES = ["active", "unverified", "pending", "cancelled", "rejected"] as const;
export const APPROVAL_STATUSES = ["pending_admin_approval", "approved", "rejected"] as const;
/**
 * The console's statuses (decision 020): the stored ones plus "expired", a trial whose end
 * date has passed while its stored status is still "active". The API keeps the stored values
 * (with `trialExpired`); the console shows and filters the derived one.
 */
export const CONSOLE_STATUSES = ["active", "expired", "unverified", "pending", "cancelled", "rejected"] as const;
export type ConsoleStatus = (typeof CONSOLE_STATUSES)[number];

export const USER_ROLES = ["individual", "organization"] as const;
export const BILLING_CYCLES = ["monthly", "annual"] as const;

sameValues<typeof USER_PLANS, typeof db.USER_PLANS>(true);
sameValues<typeof USER_STATUSES, typeof db.USER_STATUSES>(true);
sameValues<typeof APPROVAL_STATUSES, typeof db.APPROVAL_STATUSES>(true);
sameValues<typeof USER_ROLES, typeof db.USER_ROLES>(true);
sameValues<typeof BILLING_CYCLES, typeof db.BILLING_CYCLES>(true);
