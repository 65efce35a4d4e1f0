import { count, eq, isNotNull } from "drizzle-orm";
import { type BatchResults, type Database, db } from "~/db/client.server";
import { blogPosts, meetings, subscriptions } from "~/db/schema";
import { awaitingDecision } from "~/domain/subscriptions/rules.server";
import { notificationsReads } from "./notifications.server";

/** The side menu's badges' reads: scheduled meetings, users an admin can approve or reject, posts in review. */
function badgesReads(client: Database) {
  const statements = [
    client.select({ n: count() }).from(meetings).where(eq(meetings.status, "scheduled")),
    client.select({ n: count() }).from(subscriptions).where(awaitingDecision),
    // Posts waiting for review (decision 069), read from their index.
    client.select({ n: count() }).from(blogPosts).where(isNotNull(blogPosts.reviewRequestedAt)),
  ] as const;
  const read = ([pendingMeetings, awaitingUsers, postsInReview]: BatchResults<typeof statements>) => ({
    pendingMeetings: pendingMeetings[0]?.n ?? 0,
    awaitingUsers: awaitingUsers[0]?.n ?? 0,
    postsInReview: postsInReview[0]?.n ?? 0,
  });
  return { statements, read };
}

/** The side menu's badges. */
export async function sideMenuBadges() {
  const client = db();
  const { statements, read } = badgesReads(client);
  return read(await client.batch(statements));
}

/**
 * What every console page's frame shows, the side menu's badges and the admin's notifications
 * menu, in one round trip (one `batch()`).
 */
export async function consoleFrame(
  adminId: string,
  now = new Date(),
  shown?: Parameters<typeof notificationsReads>[3],
) {
  const client = db();
  const badges = badgesReads(client);
  const notifications = notificationsReads(client, adminId, now, shown);
  const [pendingMeetings, awaitingUsers, postsInReview, ...notificationRows] = await client.batch([
    ...badges.statements,
    ...notifications.statements,
  ]);
  return {
    badges: badges.read([pendingMeetings, awaitingUsers, postsInReview]),
    notifications: notifications.read(notificationRows),
  };
}
