import { Newspaper } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Pagination } from "~/components/pagination";
import type { PostCardData } from "~/domain/blog/format";
import { ARCHIVE_PAGE_NOT_FOUND } from "~/domain/blog/messages";
import { BRAND } from "~/lib/brand";
import { seo } from "~/lib/seo";
import { BackToBlog, BlogErrorView, blogNotFoundMeta, PostCardList } from "./blog-parts";

/** A grid of post cards, or a plain message when there are none. */
export function PostGrid({ posts, empty }: { posts: PostCardData[]; empty: React.ReactNode }) {
  if (posts.length === 0) {
    return (
      <section className="card mt-10 flex flex-col items-center px-6 py-16 text-center" data-testid="archive-empty">
        <Newspaper aria-hidden className="size-12 text-slate-400" />
        <div className="mt-4 text-slate-600 dark:text-slate-300">{empty}</div>
        <Link to="/blog" className="btn-primary mt-6">
          Back to Blog
        </Link>
      </section>
    );
  }
  return (
    <PostCardList
      posts={posts}
      className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
      testId="archive-posts"
      headingLevel={2}
    />
  );
}

/** Previous, the page numbers and Next as plain links (no JavaScript needed). */
export function ArchivePager({
  page,
  pages,
  hrefFor,
  label,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  return (
    <Pagination
      page={page}
      totalPages={pages}
      href={hrefFor}
      label={label}
      className="mt-12 flex flex-wrap items-center justify-center gap-1"
      current="bg-brand-700 text-white dark:bg-brand-300 dark:text-slate-950"
    />
  );
}

/** The search box of the blog: a GET form, so it works and bookmarks without JavaScript. */
export function BlogSearchForm({ q = "" }: { q?: string }) {
  return (
    <search className="mt-8">
      <form method="get" action="/blog" className="flex max-w-xl gap-2" aria-label="Search the blog">
        <label htmlFor="blog-search" className="sr-only">
          Search articles
        </label>
        <input
          id="blog-search"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          placeholder="Search articles"
          className="input flex-1"
        />
        <button type="submit" className="btn-primary">
          Search
        </button>
      </form>
    </search>
  );
}

/** "1 article" / "N articles", and the page when there are several. */
export const articleCount = (total: number, page: number, pages: number) =>
  `${total === 1 ? "1 article" : `${total} articles`}${pages > 1 ? `, page ${page} of ${pages}` : ""}`;

/**
 * One page of an archive — a tag, an author or search results: the way back, the heading, what
 * sits under it (a count, the search box), the cards and the page links.
 */
export function ArchiveView({
  kicker,
  heading,
  children,
  posts,
  empty,
  page,
  pages,
  hrefFor,
  pagerLabel,
}: {
  kicker?: string;
  heading: string;
  children: ReactNode;
  posts: PostCardData[];
  empty: ReactNode;
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  pagerLabel: string;
}) {
  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <BackToBlog />
      {kicker ? (
        <>
          <p className="mt-6 text-sm font-semibold tracking-wider text-brand-700 uppercase dark:text-brand-300">
            {kicker}
          </p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">{heading}</h1>
        </>
      ) : (
        <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">{heading}</h1>
      )}
      {children}
      <PostGrid posts={posts} empty={empty} />
      <ArchivePager page={page} pages={pages} hrefFor={hrefFor} label={pagerLabel} />
    </main>
  );
}

/**
 * A tag's or an author's archive: the kind and the name, how many articles, the cards and the
 * page links.
 */
export function NamedArchiveView({
  kicker,
  name,
  list,
  empty,
  hrefFor,
}: {
  kicker: string;
  name: string;
  list: { posts: PostCardData[]; page: number; pages: number; total: number };
  empty: string;
  hrefFor: (page: number) => string;
}) {
  return (
    <ArchiveView
      kicker={kicker}
      heading={name}
      posts={list.posts}
      empty={empty}
      page={list.page}
      pages={list.pages}
      hrefFor={hrefFor}
      pagerLabel={`Pages of ${name}`}
    >
      <p className="mt-3 text-slate-600 dark:text-slate-300">{articleCount(list.total, list.page, list.pages)}</p>
    </ArchiveView>
  );
}

/** The head of a tag's or an author's archive page; `title` is what comes before the page number. */
export function namedArchiveMeta(
  list: { page: number; pages: number; canonical: string } | undefined,
  { title, description }: { title: string; description: string },
) {
  if (!list) return blogNotFoundMeta();
  return seo({
    title: `${title}${list.page > 1 ? `, page ${list.page} of ${list.pages}` : ""} | ${BRAND.name} Blog`,
    description,
    url: list.canonical,
  });
}

/** The error boundary of the tag and author pages: an unknown name or a page past the end is a 404. */
export function ArchiveErrorBoundary({ error }: { error: unknown }) {
  return (
    <BlogErrorView
      error={error}
      notFound={{ title: ARCHIVE_PAGE_NOT_FOUND, message: "There are no articles at this address." }}
      what="The articles"
    />
  );
}
