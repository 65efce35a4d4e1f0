import { getTableColumns, type SQL, sql } from "drizzle-orm";
import { blogPosts } from "~/db/schema";

/**
 * Columns a revision does not keep: the key, the HTML derived from the markdown and the times
 * the database sets. Every other column of `blog_posts` is in the snapshot, so a field added to
 * the post later (slug, meta title …) is kept and restored without a change here.
 */
const NOT_SNAPSHOTTED = new Set(["id", "contentHtml", "createdAt", "updatedAt", "publishedAt"]);

/**
 * `json_object('title', title, 'tags', json(tags), …)` over the post's snapshotted columns.
 * No database client here: the seed script (Node) builds the same snapshot as the Worker.
 */
export function snapshotObject(): SQL {
  const parts = Object.entries(getTableColumns(blogPosts))
    .filter(([key]) => !NOT_SNAPSHOTTED.has(key))
    .map(([key, column]) => (column.dataType === "json" ? sql`${key}, json(${column})` : sql`${key}, ${column}`));
  return sql`json_object(${sql.join(parts, sql`, `)})`;
}
