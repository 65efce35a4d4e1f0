import { Newspaper } from "lucide-react";
import { Link } from "react-router";
import { Pagination } from "~/components/pagination";
import type { PostCardData } from "~/domain/blog/format";
import { PostCard } from "./post-card";

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
    <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="archive-posts">
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} />
        </li>
      ))}
    </ul>
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
