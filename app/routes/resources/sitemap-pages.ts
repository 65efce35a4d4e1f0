import { publishedAuthorsAndTags } from "~/domain/blog/posts.server";
import { siteUrl } from "~/lib/config.server";
import { renderSitemap, STATIC_PAGES, xmlHeaders } from "~/lib/sitemap.server";

/** The site's pages, then the blog's tag and author pages (first page of each, like /blog). */
export async function loader() {
  const { tags, authors } = await publishedAuthorsAndTags();
  const browsing = [
    ...tags.map((tag) => ({ path: `/blog/tag/${encodeURIComponent(tag)}` })),
    ...authors.map((slug) => ({ path: `/blog/author/${encodeURIComponent(slug)}` })),
  ];
  return new Response(renderSitemap(siteUrl(), [...STATIC_PAGES, ...browsing]), {
    headers: xmlHeaders,
  });
}
