import { data } from "react-router";
import { config } from "~/lib/config.server";
import { pageCount, pageParam } from "~/lib/pagination";
import { canonicalUrl } from "~/lib/seo";
import { toCard } from "./format";
import { imageSizes } from "./media.server";
import { ARCHIVE_PAGE_NOT_FOUND } from "./messages";
import { BLOG_PAGE_SIZE, type PublicFilter, publishedPostsPage } from "./posts.server";

/**
 * One page of a filtered list of published posts as cards (tag, author and search pages):
 * 12 a page like /blog; a malformed or past-the-end page is a 404, as on /blog.
 */
export async function archivePage(request: Request, filter: PublicFilter, { emptyIsFound = false } = {}) {
  const { BUSINESS_TIMEZONE, SITE_URL } = config();
  const url = new URL(request.url);
  const page = pageParam(url.searchParams.get("page"));
  if (page === null) throw data({ message: ARCHIVE_PAGE_NOT_FOUND }, { status: 404 });
  const { posts, total } = await publishedPostsPage({ page, limit: BLOG_PAGE_SIZE, ...filter });
  const pages = pageCount(total, BLOG_PAGE_SIZE);
  // A tag or author without published posts has no page; a search without results does.
  if (page > pages || (total === 0 && !emptyIsFound)) throw data({ message: ARCHIVE_PAGE_NOT_FOUND }, { status: 404 });
  const covers = await imageSizes(posts.flatMap((post) => (post.coverImage ? [post.coverImage] : [])));
  const canonical = canonicalUrl(request.url, SITE_URL);
  return {
    posts: posts.map((post) => toCard(post, BUSINESS_TIMEZONE, covers)),
    page,
    pages,
    total,
    canonical: page > 1 ? `${canonical}?page=${page}` : canonical,
  };
}
