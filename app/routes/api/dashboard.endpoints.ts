import { z } from "zod";
import { MEETING_STATUSES, USER_PLANS, USER_STATUSES } from "~/db/schema";
import { listNotifications, markNotificationsSeen, notificationsShownTo } from "~/domain/console/notifications.server";
import { SearchQuerySchema, searchConsole, searchResultsFor } from "~/domain/console/search.server";
import { dashboardStats } from "~/domain/reporting/stats.server";
import { endpointGroup } from "~/http/api/endpoint.server";
import { ok, pickErrors, SuccessSchema } from "~/http/api/schemas";

const count = z.number().int().min(0);

/** Spec §3 "Dashboard stats", exactly. */
export const DashboardStatsSchema = z.object({
  totalMeetings: count,
  pendingMeetings: count.describe("Meetings still `scheduled`"),
  totalBlogs: count,
  publishedBlogs: count,
  totalUsers: count,
  trialUsers: count.describe("Users on the trial plan"),
  recentActivity: count.describe("Meetings created in the last 7 days"),
});

const SearchResultSchema = z.object({
  query: z.string(),
  meetings: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      company: z.string(),
      date: z.string(),
      timeSlot: z.string(),
      status: z.enum(MEETING_STATUSES),
    }),
  ),
  users: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      companyName: z.string(),
      plan: z.enum(USER_PLANS),
      status: z.enum(USER_STATUSES),
      trialExpired: z
        .boolean()
        .describe("As on /api/subscriptions: a trial past its end date, which the console shows as Expired"),
    }),
  ),
  totalMeetings: count,
  totalUsers: count,
});

const NotificationsSchema = z.object({
  unread: count,
  items: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(["booking", "callback", "signup"]),
      title: z.string(),
      detail: z.string(),
      href: z.string(),
      unread: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});

const admin = endpointGroup("Dashboard", "admin");

export const endpoints = [
  admin.get("/api/dashboard/stats", {
    summary: "Dashboard figures: meetings, posts, users and meetings created in the last 7 days",
    permission: "read:analytics:any",
    responses: ok("Stats", DashboardStatsSchema, [401, 403]),
    async handler() {
      return { success: true, data: await dashboardStats() };
    },
  }),
  admin.get("/api/dashboard/search", {
    summary: "Search meetings (name, company) and users (email, first or last name, company), case-insensitive",
    permission: "read:dashboard:any",
    query: SearchQuerySchema,
    responses: ok("Matches (at most 20 of each kind)", SearchResultSchema, [400, 401, 403]),
    async handler({ query, session }) {
      // Only the result lists the caller's role may read (decision 064): the others come back empty.
      const { shown: _shown, ...data } = searchResultsFor(await searchConsole(query.q), session.admin.role);
      return { success: true, data };
    },
  }),
  admin.get("/api/dashboard/notifications", {
    summary:
      "Latest bookings, callback requests and trial signups; `unread` counts those since the menu was last opened",
    permission: null,
    responses: ok("Notifications", NotificationsSchema, [401, 403]),
    async handler({ session }) {
      const { items, unread } = await listNotifications(
        session.admin.id,
        new Date(),
        notificationsShownTo(session.admin.role),
      );
      return {
        success: true,
        data: { unread, items: items.map((item) => ({ ...item, createdAt: item.createdAt.toISOString() })) },
      };
    },
  }),
  admin.post("/api/dashboard/notifications/seen", {
    summary: "Mark every notification as read (the menu was opened)",
    permission: null,
    responses: { 200: { description: "Marked", schema: SuccessSchema }, ...pickErrors(401, 403) },
    async handler({ session }) {
      await markNotificationsSeen(session.admin.id);
      return { success: true };
    },
  }),
];
