import { count, eq } from "drizzle-orm";
import { type BatchResults, type Database, db } from "~/db/client.server";
import { meetings, subscriptions } from "~/db/schema";
import { awaitingDecision } from "~/domain/subscriptions/rules.server";
import { notificationsReads } from "./notifications.server";

/** The side menu's badges' reads: scheduled meetings and users an admin can approve or reject. */
function badgesReads(client: Database) {
  const statements = [
    client.select({ n: count() }).from(meetings).where(eq(meetings.status, "scheduled")),
    client.select({ n: count() }).from(subscriptions).where(awaitingDecision),
  ] as const;
  const read = ([pendingMeetings, awaitingUsers]: BatchResults<typeof statements>) => ({
    pendingMeetings: pendingMeetings[0]?.n ?? 0,
    awaitingUsers: awaitingUsers[0]?.n ?? 0,
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
  const [pendingMeetings, awaitingUsers, ...notificationRows] = await client.batch([
    ...badges.statements,
    ...notifications.statements,
  ]);
  return { badges: badges.read([pendingMeetings, awaitingUsers]), notifications: notifications.read(notificationRows) };
}
