import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cacheVersions } from "~/db/schema";

/** The `cache_versions` row that the edge-cache keys of blog pages carry (decision 015). */
export const BLOG_CONTENT_VERSION = "blog";

/**
 * Makes the blog list and its pages, every article, the RSS feed and the sitemap fresh at once:
 * their keys carry the version this bumps. Every blog write calls it after its change. Below the
 * HTTP floor (decision 060): the blog writes bump it, the edge cache (app/http) only reads it.
 */
export async function purgePublicBlogPages(): Promise<void> {
  await db()
    .insert(cacheVersions)
    .values({ name: BLOG_CONTENT_VERSION, version: 1 })
    .onConflictDoUpdate({ target: cacheVersions.name, set: { version: sql`${cacheVersions.version} + 1` } });
}
