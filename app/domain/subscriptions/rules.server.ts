/**
 * The SQL form of the rules in `rules.ts`, for the queries and guards that need them. Each
 * fragment is the same rule as the predicate of the same name there; `rules.server.test.ts`
 * runs both over every combination of the columns involved and compares.
 */
import { and, eq, gt, inArray, isNull, lte, ne, notInArray, or, type SQL } from "drizzle-orm";
import { subscriptions } from "~/db/schema";
import { DAY } from "~/lib/durations";
import { EXPIRING_WINDOW_DAYS } from "./rules";

/** `isAwaitingApproval`. */
export const awaitingApproval = or(
  inArray(subscriptions.status, ["unverified", "pending"]),
  eq(subscriptions.approvalStatus, "pending_admin_approval"),
) as SQL;

/** `isDecidable`: what an admin can approve or reject, and what the side menu's badge counts. */
export const awaitingDecision = and(
  awaitingApproval,
  eq(subscriptions.emailVerified, true),
  notInArray(subscriptions.status, ["unverified", "rejected"]),
) as SQL;

/** `isAwaitingCode`. */
export const awaitingCode = and(eq(subscriptions.status, "unverified"), eq(subscriptions.emailVerified, false)) as SQL;

/** `isWelcomeDue`. */
export const welcomeDue = and(
  eq(subscriptions.emailSent, false),
  eq(subscriptions.status, "active"),
  eq(subscriptions.approvalStatus, "approved"),
) as SQL;

/** `isBeforeDecision`. */
export const beforeDecision = and(
  notInArray(subscriptions.status, ["rejected", "cancelled"]),
  or(isNull(subscriptions.approvalStatus), ne(subscriptions.approvalStatus, "approved")),
) as SQL;

/** `isEndedTrial`: "Expired" in the console while the stored status is still "active". */
export const endedTrial = (now: Date) =>
  and(eq(subscriptions.plan, "trial"), eq(subscriptions.status, "active"), lte(subscriptions.endDate, now)) as SQL;

/** Active trials that `trialState` calls "expiring": ending after `now` and within the window. */
export const expiringTrial = (now: Date) =>
  and(
    eq(subscriptions.plan, "trial"),
    eq(subscriptions.status, "active"),
    gt(subscriptions.endDate, now),
    lte(subscriptions.endDate, new Date(now.getTime() + EXPIRING_WINDOW_DAYS * DAY)),
  ) as SQL;

/** Active rows that are not ended trials: the console's "active" filter (decision 020). */
export const activeNotEnded = (now: Date) =>
  and(
    eq(subscriptions.status, "active"),
    or(ne(subscriptions.plan, "trial"), isNull(subscriptions.endDate), gt(subscriptions.endDate, now)),
  ) as SQL;
