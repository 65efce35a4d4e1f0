import { postPath } from "~/domain/blog/format";
import { publishedPostRefsPage } from "~/domain/blog/posts.server";
import { siteUrl } from "~/lib/config.server";
import { renderSitemap, SITEMAP_POSTS_PER_FILE, xmlHeaders } from "~/lib/sitemap.server";
import type { Route } from "./+types/sitemap-posts";

/** /sitemap/posts/N.xml: the Nth file of published posts, oldest first; a file past the last is 404. */
export async function loader({ params }: Route.LoaderArgs) {
  const page = /^[1-9]\d{0,5}\.xml$/.test(params.file) ? Number.parseInt(params.file, 10) : 0;
  const posts = page ? await publishedPostRefsPage({ page, limit: SITEMAP_POSTS_PER_FILE }) : [];
  if (posts.length === 0 && page !== 1) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const entries = posts.map((post) => ({
    path: postPath(post),
    lastModified: post.updatedAt,
  }));
  return new Response(renderSitemap(siteUrl(), entries), { headers: xmlHeaders });
}
