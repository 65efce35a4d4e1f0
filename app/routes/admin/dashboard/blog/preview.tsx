import { ArrowLeft, Pencil } from "lucide-react";
import { data, href, Link } from "react-router";
import { BlogStatusBadge } from "~/components/blog/admin";
import { AdminBlogError } from "~/components/blog/admin-error";
import { TagList } from "~/components/blog/post-card";
import { PostContent } from "~/components/blog/post-content";
import { ARTICLE_DATE, formatPostDate, postDate } from "~/domain/blog/format";
import { findPost } from "~/domain/blog/posts.server";
import { readingMinutes } from "~/domain/blog/reading-time";
import { POST_NOT_FOUND } from "~/domain/blog/schemas";
import { requireAdmin } from "~/http/guards.server";
import { BRAND } from "~/lib/brand";
import { config } from "~/lib/config.server";
import type { Route } from "./+types/preview";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const post = await findPost(params.id);
  if (!post) throw data({ message: POST_NOT_FOUND }, { status: 404 });
  return {
    post: {
      id: post.id,
      title: post.title,
      author: post.author,
      excerpt: post.excerpt,
      tags: post.tags,
      status: post.status,
      html: post.contentHtml,
      date: formatPostDate(postDate(post), ARTICLE_DATE, config().BUSINESS_TIMEZONE),
      isoDate: postDate(post).toISOString(),
      readingTime: readingMinutes(post.contentHtml),
    },
  };
}

/** Spec §2: the preview shows title, author, date, tags, excerpt and content. */
export default function PreviewPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link
          to={href("/admin/dashboard/blog")}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          <ArrowLeft aria-hidden className="size-4" /> Blog Management
        </Link>
        <div className="flex gap-2">
          {post.status === "published" ? (
            <Link to={href("/blog/:id", { id: post.id })} className="btn-secondary">
              View on site
            </Link>
          ) : null}
          <Link to={href("/admin/dashboard/blog/:id/edit", { id: post.id })} className="btn-primary">
            <Pencil aria-hidden className="size-4" /> Edit
          </Link>
        </div>
      </div>
      <article className="card mt-4 p-6 sm:p-10" aria-label="Preview">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
            Preview
          </span>
          <BlogStatusBadge status={post.status} />
        </div>
        <TagList tags={post.tags} className="mt-4" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{post.title}</h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300" data-testid="post-excerpt">
          {post.excerpt}
        </p>
        <p className="mt-4 flex flex-wrap gap-x-2 text-sm text-slate-600 dark:text-slate-400">
          <span className="min-w-0 font-semibold text-slate-900 dark:text-white" data-testid="post-author">
            {post.author}
          </span>
          <span aria-hidden>·</span>
          <time dateTime={post.isoDate} data-testid="post-date">
            {post.date}
          </time>
          <span aria-hidden>·</span>
          <span>{`${post.readingTime} min read`}</span>
        </p>
        <PostContent html={post.html} className="mt-8 border-t border-slate-200 pt-8 dark:border-slate-800" />
      </article>
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Preview: ${loaderData?.post.title ?? "Blog post"} | ${BRAND.name} Admin` },
    { name: "robots", content: "noindex" },
  ];
}

export function ErrorBoundary() {
  return <AdminBlogError />;
}
