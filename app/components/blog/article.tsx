import { Clock } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ARTICLE_COVER_SIZES, Cover, TagList } from "~/components/blog/post-card";
import { PostContent } from "~/components/blog/post-content";
import { type ArticleData, authorSlug } from "~/domain/blog/format";

/**
 * A blog article: tags, title, excerpt, the byline (author, date, reading time), the cover and
 * the content. The public page and the admin preview both render it, so the preview shows what
 * readers will see (issue 24 item 8); `actions` sits at the end of the byline (the share menu).
 */
export function Article({ post, actions, className }: { post: ArticleData; actions?: ReactNode; className?: string }) {
  return (
    <article className={className}>
      <header>
        <TagList tags={post.tags} linked />
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
          {post.title}
        </h1>
        <p className="mt-4 text-lg text-slate-600 sm:text-xl dark:text-slate-300" data-testid="post-excerpt">
          {post.excerpt}
        </p>
        <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-y border-slate-200 py-4 dark:border-slate-800">
          <p
            className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 dark:text-slate-400"
            data-testid="post-byline"
          >
            <Link
              to={`/blog/author/${authorSlug(post.author)}`}
              className="min-w-0 font-semibold wrap-break-word text-slate-900 hover:underline dark:text-white"
              data-testid="post-author"
            >
              {post.author}
            </Link>
            <span aria-hidden>·</span>
            <time dateTime={post.isoDate} data-testid="post-date">
              {post.date}
            </time>
            <span aria-hidden>·</span>
            <span className="inline-flex items-center gap-1" data-testid="reading-time">
              <Clock aria-hidden className="size-3.5" />
              {`${post.readingTime} min read`}
            </span>
          </p>
          {actions}
        </div>
        {post.cover ? <Cover cover={post.cover} eager sizes={ARTICLE_COVER_SIZES} className="mt-8 rounded-xl" /> : null}
      </header>
      <PostContent html={post.html} className="mt-8" />
    </article>
  );
}
