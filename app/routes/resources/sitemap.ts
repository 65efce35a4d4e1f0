import { publishedPostCount } from "~/domain/blog/posts.server";
import { siteUrl } from "~/lib/config.server";
import { renderSitemapIndex, sitemapFiles, xmlHeaders } from "~/lib/sitemap.server";

/**
 * /sitemap.xml is a sitemap index: the public pages in one file and the posts in files of a
 * bounded size, so no response grows with the blog (one count query here).
 */
export async function loader() {
  const origin = siteUrl();
  const files = sitemapFiles(await publishedPostCount());
  return new Response(renderSitemapIndex(origin, files), { headers: xmlHeaders });
}
