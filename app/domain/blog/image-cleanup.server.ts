import { and, desc, eq, inArray, not, or, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { blogImages, blogPosts } from "~/db/schema";
import { deleteImageObject, mediaKeysIn } from "./media.server";

/**
 * Deleting a post offers to delete its images that no other post uses (issue 16, decision 030).
 * "Its images" are those uploaded for it and those its cover and text show; "used" means a
 * post's cover or a `/media/<key>` reference in its text. The test reads every post's text
 * (instr), which is fine at thousands of posts; at 100,000 a table of image references kept
 * at save time would be the next step.
 */

/** SQL: some post (other than `exceptPostId`, if given) shows the image in `blog_images.key`. */
export function imageInUse(exceptPostId?: string): SQL {
  const other = exceptPostId ? sql`AND ${blogPosts.id} <> ${exceptPostId}` : sql``;
  return sql`EXISTS (SELECT 1 FROM ${blogPosts} WHERE (${blogPosts.coverImage} = ${blogImages.key} OR instr(${blogPosts.content}, '/media/' || ${blogImages.key}) > 0) ${other})`;
}

/** The post's images that no other post uses, newest first (what the delete confirmation lists). */
export async function unusedImagesOf(post: { id: string; content: string; coverImage: string | null }) {
  const shown = [...new Set([...mediaKeysIn(post.content), ...(post.coverImage ? [post.coverImage] : [])])];
  const mine = shown.length
    ? or(eq(blogImages.postId, post.id), inArray(blogImages.key, shown))
    : eq(blogImages.postId, post.id);
  return db()
    .select()
    .from(blogImages)
    .where(and(mine, not(imageInUse(post.id))))
    .orderBy(desc(blogImages.createdAt))
    .limit(100)
    .all();
}

/**
 * The statement that deletes the chosen image rows, for the batch that deletes the post (placed
 * after the post's delete): a row goes only while no remaining post shows it, decided inside the
 * transaction, so an image another post started to use meanwhile is kept. Answers the keys it
 * deleted, whose R2 objects go once the batch has succeeded (`deleteImageObjects`).
 */
export function deleteUnusedImagesStatement(keys: readonly string[]) {
  return db()
    .delete(blogImages)
    .where(and(inArray(blogImages.key, [...keys]), not(imageInUse())))
    .returning({ key: blogImages.key });
}

/** Removes the objects of deleted image rows from R2; a failure is logged, the rows are already gone. */
export async function deleteImageObjects(keys: readonly string[]) {
  const results = await Promise.allSettled(keys.map((key) => deleteImageObject(key)));
  for (const result of results) {
    if (result.status === "rejected") console.warn("Could not delete an image from R2", result.reason);
  }
}
