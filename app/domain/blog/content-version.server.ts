import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cacheVersions } from "~/db/schema";

/*
 * The blog's content version (decision 015): the edge cache's keys for pages that show blog posts
 * carry it, so bumping it makes every such page fresh at once. Its own module, below the HTTP
 * floor, because the blog writes bump it and the edge cache (app/http) only reads it.
 */

const BLOG_VERSION = "blog";

/** The blog's content version (0 before the first write). One primary-key read. */
export async function blogContentVersion(): Promise<number> {
  const row = await db()
    .select({ version: cacheVersions.version })
    .from(cacheVersions)
    .where(eq(cacheVersions.name, BLOG_VERSION))
    .get();
  return row?.version ?? 0;
}

/**
 * Makes the blog list and its pages, every article, the RSS feed and the sitemap fresh at once:
 * their keys carry the version this bumps. Every blog write calls it after its change.
 */
export async function purgePublicBlogPages(): Promise<void> {
  await db()
    .insert(cacheVersions)
    .values({ name: BLOG_VERSION, version: 1 })
    .onConflictDoUpdate({ target: cacheVersions.name, set: { version: sql`${cacheVersions.version} + 1` } });
}
