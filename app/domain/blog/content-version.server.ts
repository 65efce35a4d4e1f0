import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cacheVersions } from "~/db/schema";

/** The `cache_versions` row that the edge-cache keys of blog pages carry (decision 015). */
export const BLOG_CONTENT_VERSION = "blog";

/**
 * The statement that makes the blog list and its pages, every article, the RSS feed and the
 * sitemap fresh at once: their cache keys carry the version it bumps. Every blog write puts it
 * in its own guarded batch (decision 057), so a post and the version change together or not at
 * all: a post can never be written while the public pages keep showing the old copy.
 */
export function bumpBlogVersionStatement() {
  return db()
    .insert(cacheVersions)
    .values({ name: BLOG_CONTENT_VERSION, version: 1 })
    .onConflictDoUpdate({ target: cacheVersions.name, set: { version: sql`${cacheVersions.version} + 1` } });
}
