import { publishedPostCount } from "~/domain/blog/posts.server";
import { renderSitemapIndex, sitemapFiles, xmlHeaders } from "~/lib/sitemap.server";
import type { Route } from "./+types/sitemap";

/**
 * /sitemap.xml is a sitemap index: the public pages in one file and the posts in files of a
 * bounded size, so no response grows with the blog (one count query here).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const files = sitemapFiles(await publishedPostCount());
  return new Response(renderSitemapIndex(origin, files), { headers: xmlHeaders });
}
