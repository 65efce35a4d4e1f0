import { Newspaper, Rss } from "lucide-react";
import { data, href, Link } from "react-router";
import { ArchivePager, ArchiveView, BlogSearchForm } from "~/components/blog/archive";
import { BlogErrorView, blogNotFoundMeta, PostCardList } from "~/components/blog/blog-parts";
import { FeaturedPost } from "~/components/blog/post-card";
import { archivePage } from "~/domain/blog/archive.server";
import { toCard } from "~/domain/blog/format";
import { imageSizes } from "~/domain/blog/media.server";
import { BLOG_PAGE_SIZE, publishedPostsPage } from "~/domain/blog/posts.server";
import { ftsQuery, MAX_SEARCH_LENGTH } from "~/domain/blog/search";
import { BRAND } from "~/lib/brand";
import { config } from "~/lib/config.server";
import { pageCount, pageParam } from "~/lib/pagination";
import { BLOG_FEED_LINK, canonicalUrl, seo } from "~/lib/seo";
import type { Route } from "./+types/index";

export const PAGE_NOT_FOUND = "This page of the blog does not exist";

/** The address of a page of the list: page 1 is plain /blog, so it has one address. */
export const blogPageHref = (page: number) => (page <= 1 ? "/blog" : `/blog?page=${page}`);

/** A page of search results: /blog?q=…&page=… */
export const searchHref = (q: string, page = 1) =>
  `/blog?${new URLSearchParams({ q, ...(page > 1 ? { page: String(page) } : {}) })}`;

/** /blog?q=…: published posts whose title, excerpt or text hold every word (FTS5), newest first. */
async function searchResults(request: Request, q: string) {
  const query = ftsQuery(q);
  const list = query
    ? await archivePage(request, { search: query }, { emptyIsFound: true })
    : { posts: [], page: 1, pages: 1, total: 0, canonical: "" };
  return { search: { q, ...list } };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { BUSINESS_TIMEZONE, SITE_URL } = config();
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  if (q) {
    const results = await searchResults(request, q);
    return {
      ...results,
      posts: [],
      page: 1,
      pages: 1,
      total: 0,
      canonical: canonicalUrl(request.url, SITE_URL),
      origin: "",
    };
  }
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  // A malformed or past-the-end page is a 404, not the last page: a crawler must not index one
  // list under many addresses, and a stale link says plainly that the page is gone.
  if (page === null) throw data({ message: PAGE_NOT_FOUND }, { status: 404 });
  const { posts, total } = await publishedPostsPage({ page, limit: BLOG_PAGE_SIZE });
  const pages = pageCount(total, BLOG_PAGE_SIZE);
  if (page > pages) throw data({ message: PAGE_NOT_FOUND }, { status: 404 });
  const canonical = canonicalUrl(request.url, SITE_URL);
  const covers = await imageSizes(posts.flatMap((post) => (post.coverImage ? [post.coverImage] : [])));
  return {
    search: null,
    posts: posts.map((post) => toCard(post, BUSINESS_TIMEZONE, covers)),
    page,
    pages,
    total,
    canonical: page > 1 ? `${canonical}?page=${page}` : canonical,
    origin: new URL(canonical).origin,
  };
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { page, pages, search } = loaderData;
  if (search) return <SearchResults search={search} />;
  // Spec §2: the first post is featured; only page 1 has it, later pages are all grid.
  const featured = page === 1 ? loaderData.posts[0] : undefined;
  const rest = page === 1 ? loaderData.posts.slice(1) : loaderData.posts;
  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase dark:text-brand-300">
            {BRAND.name} Blog
          </p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">Insights on workflow automation</h1>
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
            Guides, product news and practical advice for teams automating approvals, quotes and handoffs.
          </p>
        </div>
        <a
          href="/blog/rss.xml"
          className="inline-flex items-center gap-2 self-start text-sm font-semibold text-brand-700 hover:underline sm:self-auto dark:text-brand-300"
        >
          <Rss aria-hidden className="size-4" /> RSS feed
        </a>
      </header>
      <BlogSearchForm />

      {loaderData.posts.length > 0 ? (
        <>
          {featured ? (
            <section aria-label="Featured article" className="mt-10">
              <FeaturedPost post={featured} />
            </section>
          ) : null}
          {rest.length > 0 ? (
            <section aria-labelledby="more-articles" className={featured ? "mt-14" : "mt-10"}>
              <h2 id="more-articles" className="text-2xl font-bold tracking-tight">
                {featured ? "More articles" : `Articles, page ${page} of ${pages}`}
              </h2>
              <PostCardList posts={rest} className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" headingLevel={3} />
            </section>
          ) : null}
          <ArchivePager page={page} pages={pages} hrefFor={blogPageHref} label="Blog pages" />
        </>
      ) : (
        <section className="card mt-10 flex flex-col items-center px-6 py-16 text-center" data-testid="blog-empty">
          <Newspaper aria-hidden className="size-12 text-slate-400" />
          <h2 className="mt-4 text-2xl font-bold">No Blog Posts Yet</h2>
          <p className="mt-2 text-slate-600 dark:text-slate-300">Check back soon for articles from our team.</p>
          <Link to={href("/")} className="btn-primary mt-6">
            Back to Home
          </Link>
        </section>
      )}
    </main>
  );
}

function SearchResults({ search }: { search: NonNullable<Route.ComponentProps["loaderData"]["search"]> }) {
  const { q, posts, page, pages, total } = search;
  return (
    <ArchiveView
      heading="Search results"
      posts={posts}
      empty={<p>No articles match “{q}”. Try other or fewer words.</p>}
      page={page}
      pages={pages}
      hrefFor={(p) => searchHref(q, p)}
      pagerLabel="Pages of results"
    >
      <BlogSearchForm q={q} />
      <p className="mt-6 text-slate-600 dark:text-slate-300" role="status" data-testid="search-summary">
        {total === 1 ? "1 article" : `${total} articles`} for “{q}”{pages > 1 ? `, page ${page} of ${pages}` : ""}
      </p>
    </ArchiveView>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return blogNotFoundMeta();
  // Result pages are for visitors, not for search engines.
  if (loaderData.search)
    return [{ title: `Search: ${loaderData.search.q} | ${BRAND.name} Blog` }, { name: "robots", content: "noindex" }];
  const { page, pages, canonical, origin } = loaderData;
  return [
    ...seo({
      title: page > 1 ? `Blog, page ${page} of ${pages}` : "Blog",
      description: `Guides and news on no-code workflow automation from the ${BRAND.name} team.`,
      url: canonical,
    }),
    ...(page > 1 ? [{ tagName: "link", rel: "prev", href: `${origin}${blogPageHref(page - 1)}` }] : []),
    ...(page < pages ? [{ tagName: "link", rel: "next", href: `${origin}${blogPageHref(page + 1)}` }] : []),
    BLOG_FEED_LINK,
  ];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <BlogErrorView
      error={error}
      notFound={{ title: PAGE_NOT_FOUND, message: "The blog has fewer pages than that, or the address is mistyped." }}
      what="The blog"
    />
  );
}
