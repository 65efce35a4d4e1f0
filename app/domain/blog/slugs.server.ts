import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { type Guard, guardedBatch, rowMatches } from "~/db/guarded.server";
import { type BlogPost, blogPosts, blogSlugRedirects } from "~/db/schema";
import { AppError, isAppError } from "~/lib/errors";
import { purgePublicBlogPages } from "./content-version.server";
import { postSlug, SLUG_MAX } from "./format";
import { SLUG_MESSAGES } from "./schemas";

/**
 * Post slugs (decision 029). A slug is the post's address, /blog/{slug}. It is unique among the
 * current slugs, the post ids and the earlier slugs of every other post that still exists, so
 * an address never changes which post it leads to while that post lives. The earlier slugs of
 * a post live in `blog_slug_redirects` and answer 301 to its current slug.
 */

/** True (in SQL) while `slug` leads to a post other than `postId`: as its slug, its id or an earlier slug. */
function slugTakenSql(slug: string, postId: string | null): SQL {
  const other = (column: SQL | typeof blogPosts.id) => (postId === null ? sql`1` : sql`${column} <> ${postId}`);
  return sql`(EXISTS (SELECT 1 FROM ${blogPosts} WHERE (${blogPosts.slug} = ${slug} OR ${blogPosts.id} = ${slug}) AND ${other(blogPosts.id)})
    OR EXISTS (SELECT 1 FROM ${blogSlugRedirects} INNER JOIN ${blogPosts} ON ${blogPosts.id} = ${blogSlugRedirects.postId}
      WHERE ${blogSlugRedirects.oldSlug} = ${slug} AND ${other(sql`${blogSlugRedirects.postId}`)}))`;
}

/** The guard of a write that gives `postId` (null: a new post) the slug. */
export function slugFree(slug: string, postId: string | null): Guard {
  return { name: "slug free", holds: sql`NOT ${slugTakenSql(slug, postId)}` };
}

/** Whether another post holds the slug now (a fresh read, for telling refusals apart). */
export async function slugTaken(slug: string, postId: string | null) {
  const row = await db().get<{ taken: number }>(sql`SELECT ${slugTakenSql(slug, postId)} AS taken`);
  return Boolean(row?.taken);
}

/** The field error a taken slug gets, in the form and in the API alike. */
export const slugTakenError = () =>
  new AppError(409, SLUG_MESSAGES.taken, {
    code: "blog.slug_taken",
    details: [{ field: "slug", message: SLUG_MESSAGES.taken }],
  });

/**
 * The statements that move a post from slug `from` to `to`, for the batch of the post's update:
 * `to` stops being an earlier slug (this post's own, renamed back, or one left by a deleted
 * post), and `from` becomes one, leading here.
 */
export function slugMoveStatements(postId: string, from: string | null, to: string, now: Date) {
  const client = db();
  const release = client.delete(blogSlugRedirects).where(eq(blogSlugRedirects.oldSlug, to));
  if (from === null) return [release] as const;
  const keep = client
    .insert(blogSlugRedirects)
    .values({ oldSlug: from, postId, createdAt: now })
    .onConflictDoUpdate({ target: blogSlugRedirects.oldSlug, set: { postId, createdAt: now } });
  return [release, keep] as const;
}

/** A second choice when the slug made from a title is taken: the title's words and a piece of the id. */
export function suffixedSlug(slug: string, postId: string) {
  const suffix = postId
    .replace(/[^a-z0-9]/gi, "")
    .slice(0, 8)
    .toLowerCase();
  return `${slug.slice(0, SLUG_MAX - suffix.length - 1).replace(/-+$/, "")}-${suffix}`;
}

/**
 * The post an address part names, and whether that part is its current address: a current
 * slug first, then a post id, then an earlier slug. One round trip.
 */
export async function findPostByRef(ref: string): Promise<{ post: BlogPost; current: boolean } | null> {
  const client = db();
  const [bySlug, byId, byOldSlug] = await client.batch([
    client.select().from(blogPosts).where(eq(blogPosts.slug, ref)).limit(1),
    client.select().from(blogPosts).where(eq(blogPosts.id, ref)).limit(1),
    client
      .select({ post: blogPosts })
      .from(blogSlugRedirects)
      .innerJoin(blogPosts, eq(blogPosts.id, blogSlugRedirects.postId))
      .where(eq(blogSlugRedirects.oldSlug, ref))
      .limit(1),
  ]);
  if (bySlug[0]) return { post: bySlug[0], current: true };
  // A post without a slug (written before slugs) still lives at its id.
  if (byId[0]) return { post: byId[0], current: byId[0].slug === null };
  if (byOldSlug[0]) return { post: byOldSlug[0].post, current: false };
  return null;
}

/** Posts given a slug per run of the `fill-post-slugs` job. */
export const FILL_BATCH = 100;

/**
 * The cron job (decision 029): gives the posts written before slugs existed one made from their
 * title (with a piece of the id when that is taken). Each is a guarded write that holds while
 * the post still has no slug and the slug is free, so parallel runs and an admin choosing a
 * slug meanwhile never collide. Answers how many posts it gave a slug.
 */
export async function fillMissingSlugs(_now: Date, signal?: AbortSignal) {
  const client = db();
  const rows = await client
    .select({ id: blogPosts.id, title: blogPosts.title })
    .from(blogPosts)
    // Read from the slug index (its null entries): no sort, however many posts there are.
    .where(isNull(blogPosts.slug))
    .limit(FILL_BATCH)
    .all();
  let filled = 0;
  for (const { id, title } of rows) {
    if (signal?.aborted) break;
    const base = postSlug(title);
    for (const slug of [base, suffixedSlug(base, id)]) {
      try {
        await guardedBatch(
          [
            rowMatches("post has no slug", blogPosts, and(eq(blogPosts.id, id), isNull(blogPosts.slug))),
            slugFree(slug, id),
          ],
          [
            client
              .update(blogPosts)
              .set({ slug })
              .where(and(eq(blogPosts.id, id), isNull(blogPosts.slug))),
          ],
          () => new AppError(409, "slug not free"),
        );
        filled += 1;
        break;
      } catch (error) {
        if (!isAppError(error)) throw error;
      }
    }
  }
  if (filled > 0) await purgePublicBlogPages();
  return filled;
}
