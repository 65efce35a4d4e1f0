import { db } from "~/db/client.server";
import { blogPosts, callbackRequests, meetings, subscriptions } from "~/db/schema";
import type { DashboardStats } from "~/domain/reporting/stats.server";
import { DAY } from "~/lib/durations";

let slot = 0;

/** Spec §3's stats object of an empty database: every figure 0. */
export const NO_STATS: DashboardStats = {
  totalMeetings: 0,
  pendingMeetings: 0,
  totalBlogs: 0,
  publishedBlogs: 0,
  totalUsers: 0,
  trialUsers: 0,
  recentActivity: 0,
};

/** A meeting in a slot of its own (the active-slot UNIQUE index allows one per date and time). */
export async function addMeeting(
  overrides: Partial<typeof meetings.$inferInsert> & { createdDaysAgo?: number; now?: Date } = {},
) {
  const { createdDaysAgo = 0, now = new Date(), ...values } = overrides;
  slot++;
  const day = new Date(Date.UTC(2030, 0, 1) + slot * DAY);
  const createdAt = new Date(now.getTime() - createdDaysAgo * DAY);
  return db()
    .insert(meetings)
    .values({
      name: `Visitor ${slot}`,
      email: `visitor${slot}@example.test`,
      company: `Company ${slot}`,
      date: day.toISOString().slice(0, 10),
      timeSlot: "10:00",
      startsAt: day,
      createdAt,
      updatedAt: createdAt,
      ...values,
    })
    .returning()
    .get();
}

export async function addPost(overrides: Partial<typeof blogPosts.$inferInsert> = {}) {
  return db()
    .insert(blogPosts)
    .values({
      title: "A post",
      content: "Body",
      contentHtml: "<p>Body</p>",
      excerpt: "Excerpt",
      author: "Author",
      ...overrides,
    })
    .returning()
    .get();
}

let user = 0;

export async function addUser(overrides: Partial<typeof subscriptions.$inferInsert> = {}) {
  user++;
  const email = overrides.email ?? `user${user}-${crypto.randomUUID().slice(0, 6)}@example.test`;
  return db()
    .insert(subscriptions)
    .values({
      userId: `${email.split("@")[0]}_${user}`,
      email,
      role: "organization",
      firstName: "First",
      lastName: "Last",
      ...overrides,
    })
    .returning()
    .get();
}

export async function addCallback(overrides: Partial<typeof callbackRequests.$inferInsert> = {}) {
  return db()
    .insert(callbackRequests)
    .values({ firstName: "Cal", lastName: "Back", email: "cal@example.test", company: "Callers", ...overrides })
    .returning()
    .get();
}
