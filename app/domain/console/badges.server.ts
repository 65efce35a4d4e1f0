import { and, count, eq, inArray, notInArray, or } from "drizzle-orm";
import { db } from "~/db/client.server";
import { meetings, subscriptions } from "~/db/schema";

/** Spec §4: a user awaits approval when status is unverified or pending, or approvalStatus is pending_admin_approval. */
export const awaitingApproval = or(
  inArray(subscriptions.status, ["unverified", "pending"]),
  eq(subscriptions.approvalStatus, "pending_admin_approval"),
);

/**
 * Awaiting approval with a proved email: what an admin can approve or reject (decision 020).
 * The guard of every approval decision, and what the side menu's badge counts.
 */
export const awaitingDecision = and(
  awaitingApproval,
  eq(subscriptions.emailVerified, true),
  notInArray(subscriptions.status, ["unverified", "rejected"]),
);

/** The side menu's badges: scheduled meetings and users an admin can approve or reject. */
export async function sideMenuBadges() {
  const client = db();
  const [pendingMeetings, awaitingUsers] = await client.batch([
    client.select({ n: count() }).from(meetings).where(eq(meetings.status, "scheduled")),
    client.select({ n: count() }).from(subscriptions).where(awaitingDecision),
  ]);
  return { pendingMeetings: pendingMeetings[0]?.n ?? 0, awaitingUsers: awaitingUsers[0]?.n ?? 0 };
}
