import { TZDate } from "@date-fns/tz";
import { addBusinessDays, format, subDays } from "date-fns";
import { sql } from "drizzle-orm";
import { blogPostRevisions, blogPosts, callbackRequests, meetings, subscriptions } from "~/db/schema";
import { postSlug } from "~/domain/blog/format";
import { renderMarkdown } from "~/domain/blog/markdown";
import { snapshotObject } from "~/domain/blog/revision-snapshot";
import { SEED_POSTS } from "./data/blog";
import { SEED_CALLBACKS, SEED_MEETINGS, SEED_SUBSCRIPTIONS } from "./data/people";
import { openLocalDb } from "./platform";

/**
 * `npm run db:seed`: demo content for the local database. Every row has a fixed id and is
 * inserted with ON CONFLICT DO NOTHING, so running it again changes nothing.
 */
const TIMEZONE = process.env.BUSINESS_TIMEZONE ?? "Asia/Kolkata";
const DAY = 24 * 60 * 60 * 1000;
/** Who wrote a seeded post's first revision, as the scheduler's and visitors' changes name theirs. */
const SEED_ACTOR = "seed";

export async function seed(now = new Date()) {
  const { db, dispose } = await openLocalDb();
  try {
    const today = new TZDate(now, TIMEZONE);
    const posts = SEED_POSTS.map((post) => {
      const at = subDays(now, post.daysAgo);
      return {
        id: post.id,
        slug: postSlug(post.title),
        title: post.title,
        content: post.content,
        contentHtml: renderMarkdown(post.content),
        excerpt: post.excerpt,
        author: post.author,
        tags: post.tags,
        status: post.status,
        publishedAt: post.status === "published" ? at : null,
        createdAt: at,
        updatedAt: at,
      };
    });
    const meetingRows = SEED_MEETINGS.map(({ weekdayOffset, createdDaysAgo, ...m }) => {
      const day = addBusinessDays(today, weekdayOffset);
      const date = format(day, "yyyy-MM-dd");
      const [hours, minutes] = m.timeSlot.split(":").map(Number);
      const startsAt = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), hours ?? 0, minutes ?? 0, TIMEZONE);
      const createdAt = subDays(now, createdDaysAgo);
      return {
        ...m,
        date,
        startsAt: new Date(startsAt.getTime()),
        meetingType: "demo" as const,
        createdAt,
        updatedAt: createdAt,
      };
    });
    const callbackRows = SEED_CALLBACKS.map(({ createdDaysAgo, ...c }) => ({
      ...c,
      createdAt: subDays(now, createdDaysAgo),
    }));
    const subscriptionRows = SEED_SUBSCRIPTIONS.map(({ createdDaysAgo, startDaysAgo, ...s }) => {
      const createdAt = subDays(now, createdDaysAgo);
      const startDate = startDaysAgo === undefined ? null : new Date(now.getTime() - startDaysAgo * DAY);
      const endDate = startDate ? new Date(startDate.getTime() + 7 * DAY) : null;
      return {
        ...s,
        userId: `${s.email.split("@")[0]?.replace(/[^a-z0-9]/gi, "")}_${createdAt.getTime()}`,
        startDate,
        endDate: s.plan === "trial" ? endDate : startDate ? new Date(startDate.getTime() + 365 * DAY) : null,
        approvedAt: startDate,
        emailSentAt: s.emailSent ? startDate : null,
        features: s.plan === "trial" ? ["Unlimited workflow steps", "Form builder", "Integrations"] : [],
        createdAt,
        updatedAt: createdAt,
      };
    });
    // One row per statement: D1 binds at most 100 parameters per query.
    const results = await db.batch([
      db.insert(blogPosts).values(posts[0]!).onConflictDoNothing(),
      ...posts.slice(1).map((row) => db.insert(blogPosts).values(row).onConflictDoNothing()),
      // Each seeded post's original text as its first revision (decision 030), so "restore" can
      // go back to it as to any saved post's. Only while the post has none: a second run (or a
      // database seeded before this) adds it once.
      ...posts.map((post) =>
        db
          .insert(blogPostRevisions)
          .select(
            sql`SELECT NULL, ${blogPosts.id}, 'save', NULL, ${SEED_ACTOR}, ${snapshotObject()}, ${blogPosts.createdAt} FROM ${blogPosts} WHERE ${blogPosts.id} = ${post.id} AND NOT EXISTS (SELECT 1 FROM ${blogPostRevisions} WHERE ${blogPostRevisions.postId} = ${post.id})`,
          ),
      ),
      ...meetingRows.map((row) => db.insert(meetings).values(row).onConflictDoNothing()),
      ...callbackRows.map((row) => db.insert(callbackRequests).values(row).onConflictDoNothing()),
      ...subscriptionRows.map((row) => db.insert(subscriptions).values(row).onConflictDoNothing()),
    ]);
    const added = results.reduce((sum, r) => sum + (r.meta.changes ?? 0), 0);
    console.log(added ? `Seeded ${added} demo records.` : "Demo content already present: nothing to seed.");
  } finally {
    await dispose();
  }
}

await seed();
