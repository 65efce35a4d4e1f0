import { renderRss } from "~/domain/blog/feed";
import { listPublishedPosts } from "~/domain/blog/posts.server";
import { BRAND } from "~/lib/brand";
import { siteUrl } from "~/lib/config.server";

/** Enough for any reader catching up; older posts stay on /blog and in the sitemap. */
const FEED_SIZE = 50;

export async function loader() {
  const origin = siteUrl();
  const posts = await listPublishedPosts(FEED_SIZE);
  const body = renderRss(
    {
      origin,
      title: `${BRAND.name} Blog`,
      description: `Guides and news on no-code workflow automation from ${BRAND.name}.`,
    },
    posts,
  );
  return new Response(body, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
