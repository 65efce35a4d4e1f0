import { count, desc, eq, gt, sql } from "drizzle-orm";
import { type BatchResults, type Database, db } from "~/db/client.server";
import { admins, callbackRequests, meetings, subscriptions } from "~/db/schema";
import { can } from "~/domain/accounts/permissions";
import { DAY } from "~/lib/durations";
import type { TeamRole } from "~/lib/team-roles";

/** How many entries the menu lists. */
export const NOTIFICATION_LIMIT = 8;
/** An admin who never opened the menu is told about the last week (spec §9's recent window). */
export const FIRST_VISIT_WINDOW = 7 * DAY;

export type NotificationKind = "booking" | "callback" | "signup";

export type ConsoleNotification = {
  id: string;
  kind: NotificationKind;
  title: string;
  detail: string;
  createdAt: Date;
  unread: boolean;
  /** Where the admin handles it. */
  href: string;
};

const q = (text: string) => `?q=${encodeURIComponent(text)}`;

/** The kinds of notification a role may open (decision 064): each leads to a page its permission guards. */
export const notificationsShownTo = (role: TeamRole | null) => ({
  booking: can(role, "read:meeting:any"),
  callback: can(role, "read:callback:any"),
  signup: can(role, "read:trial:any"),
});
type Shown = Readonly<Record<ConsoleNotification["kind"], boolean>>;
const ALL_SHOWN: Shown = { booking: true, callback: true, signup: true };

/**
 * The notifications menu's reads, and how their rows become the menu: the latest new demo
 * bookings, callback requests and trial signups, and how many arrived since the admin last
 * opened the menu (`admins.notifications_seen_at`). Apart, so the console layout can send them
 * in the same round trip as its badges (`consoleFrame`).
 */
export function notificationsReads(
  client: Database,
  adminId: string,
  now: Date,
  /** The kinds the member's role may open (decision 064); the others are neither listed nor counted. */
  shown: Shown = ALL_SHOWN,
) {
  const firstVisit = now.getTime() - FIRST_VISIT_WINDOW;
  // The marker is read inside the same batch as the counts (one round trip, one snapshot): the
  // counts compare with it in SQL, the list's "unread" flags with the row read first.
  const sinceSql = sql`coalesce((select ${admins.notificationsSeenAt} from ${admins} where ${admins.id} = ${adminId}), ${firstVisit})`;
  const statements = [
    client.select({ seenAt: admins.notificationsSeenAt }).from(admins).where(eq(admins.id, adminId)),
    client
      .select({ id: meetings.id, name: meetings.name, company: meetings.company, createdAt: meetings.createdAt })
      .from(meetings)
      .orderBy(desc(meetings.createdAt))
      .limit(NOTIFICATION_LIMIT),
    client
      .select({
        id: callbackRequests.id,
        firstName: callbackRequests.firstName,
        lastName: callbackRequests.lastName,
        company: callbackRequests.company,
        createdAt: callbackRequests.createdAt,
      })
      .from(callbackRequests)
      .orderBy(desc(callbackRequests.createdAt))
      .limit(NOTIFICATION_LIMIT),
    client
      .select({
        id: subscriptions.id,
        firstName: subscriptions.firstName,
        lastName: subscriptions.lastName,
        email: subscriptions.email,
        companyName: subscriptions.companyName,
        createdAt: subscriptions.createdAt,
      })
      .from(subscriptions)
      .orderBy(desc(subscriptions.createdAt))
      .limit(NOTIFICATION_LIMIT),
    client.select({ n: count() }).from(meetings).where(gt(meetings.createdAt, sinceSql)),
    client.select({ n: count() }).from(callbackRequests).where(gt(callbackRequests.createdAt, sinceSql)),
    client.select({ n: count() }).from(subscriptions).where(gt(subscriptions.createdAt, sinceSql)),
  ] as const;
  const read = ([[admin], bookings, callbacks, signups, newBookings, newCallbacks, newSignups]: BatchResults<
    typeof statements
  >) => {
    const since = admin?.seenAt ?? new Date(firstVisit);
    const isNew = (at: Date) => at.getTime() > since.getTime();
    const items: ConsoleNotification[] = [
      ...bookings.map((m) => ({
        id: `booking:${m.id}`,
        kind: "booking" as const,
        title: `New demo booking: ${m.name}`,
        detail: m.company,
        createdAt: m.createdAt,
        unread: isNew(m.createdAt),
        href: `/admin/dashboard/meetings${q(m.name)}`,
      })),
      ...callbacks.map((c) => ({
        id: `callback:${c.id}`,
        kind: "callback" as const,
        title: `Callback request: ${c.firstName} ${c.lastName}`,
        detail: c.company,
        createdAt: c.createdAt,
        unread: isNew(c.createdAt),
        href: "/admin/dashboard/meetings/callbacks",
      })),
      ...signups.map((s) => ({
        id: `signup:${s.id}`,
        kind: "signup" as const,
        title: `Trial signup: ${s.firstName} ${s.lastName}`,
        detail: s.companyName || s.email,
        createdAt: s.createdAt,
        unread: isNew(s.createdAt),
        href: `/admin/dashboard/users${q(s.email)}`,
      })),
    ]
      .filter((item) => shown[item.kind])
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id))
      .slice(0, NOTIFICATION_LIMIT);
    const unread =
      (shown.booking ? (newBookings[0]?.n ?? 0) : 0) +
      (shown.callback ? (newCallbacks[0]?.n ?? 0) : 0) +
      (shown.signup ? (newSignups[0]?.n ?? 0) : 0);
    return { items, unread, seenAt: admin?.seenAt ?? null };
  };
  return { statements, read };
}

/** The notifications menu (GET /api/dashboard/notifications), in one round trip. */
export async function listNotifications(adminId: string, now = new Date(), shown: Shown = ALL_SHOWN) {
  const client = db();
  const { statements, read } = notificationsReads(client, adminId, now, shown);
  return read(await client.batch(statements));
}

/**
 * Opening the menu (or "Mark all as read") moves the admin's marker to now. A personal read
 * marker, not a change to shared data, so it is not written to the audit log.
 */
export async function markNotificationsSeen(adminId: string, now = new Date()) {
  await db().update(admins).set({ notificationsSeenAt: now }).where(eq(admins.id, adminId));
}
