import { count, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { meetings, subscriptions } from "~/db/schema";
import { awaitingDecision } from "~/domain/subscriptions/rules.server";

/** The side menu's badges: scheduled meetings and users an admin can approve or reject. */
export async function sideMenuBadges() {
  const client = db();
  const [pendingMeetings, awaitingUsers] = await client.batch([
    client.select({ n: count() }).from(meetings).where(eq(meetings.status, "scheduled")),
    client.select({ n: count() }).from(subscriptions).where(awaitingDecision),
  ]);
  return { pendingMeetings: pendingMeetings[0]?.n ?? 0, awaitingUsers: awaitingUsers[0]?.n ?? 0 };
}
