import { env } from "cloudflare:workers";
import { publishedAuthorsAndTags } from "~/domain/blog/posts.server";
import { sitemapPaths } from "~/http/request-policy.server";
import { siteUrl } from "~/lib/config.server";
import { renderSitemap, xmlHeaders } from "~/lib/sitemap.server";

const later = (a: Date, b: Date | undefined) => (b && b > a ? b : a);

/**
 * The site's pages (the routes whose policy says `sitemap`, decision 061), then the blog's tag and author pages (first page of each, like /blog), each
 * with when it last changed: a page's text and layout change only with a deploy, so the running
 * Worker version's upload time; a page that lists posts also changes with its newest post.
 */
export async function loader() {
  const { tags, authors, changed } = await publishedAuthorsAndTags();
  const deployed = new Date(env.CF_VERSION_METADATA.timestamp);
  const newestPost = [...changed.authors.values()].reduce<Date | undefined>(
    (newest, at) => (newest && newest > at ? newest : at),
    undefined,
  );
  const pages = sitemapPaths().map((path) => ({
    path,
    lastModified: path === "/blog" ? later(deployed, newestPost) : deployed,
  }));
  const browsing = [
    ...tags.map((tag) => ({
      path: `/blog/tag/${encodeURIComponent(tag)}`,
      lastModified: later(deployed, changed.tags.get(tag)),
    })),
    ...authors.map((slug) => ({
      path: `/blog/author/${encodeURIComponent(slug)}`,
      lastModified: later(deployed, changed.authors.get(slug)),
    })),
  ];
  return new Response(renderSitemap(siteUrl(), [...pages, ...browsing]), {
    headers: xmlHeaders,
  });
}
