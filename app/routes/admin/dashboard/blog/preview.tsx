import { Pencil } from "lucide-react";
import { data, href, Link } from "react-router";
import { BlogStatusBadge } from "~/components/blog/admin";
import { AdminBlogError } from "~/components/blog/admin-error";
import { Article } from "~/components/blog/article";
import { consoleMeta } from "~/components/site/noindex-meta";
import { toArticle } from "~/domain/blog/format";
import { imageSizes } from "~/domain/blog/media.server";
import { POST_NOT_FOUND } from "~/domain/blog/messages";
import { findPost } from "~/domain/blog/posts.server";
import { requireAdmin } from "~/http/guards.server";
import { requireReadablePost } from "~/http/post-access.server";
import { config } from "~/lib/config.server";
import type { Route } from "./+types/preview";
import { BackToBlogList } from "./blog-ui";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireReadablePost(request, await requireAdmin(request), params.id);
  const post = await findPost(params.id);
  if (!post) throw data({ message: POST_NOT_FOUND }, { status: 404 });
  const covers = await imageSizes(post.coverImage ? [post.coverImage] : []);
  return { post: { ...toArticle(post, config().BUSINESS_TIMEZONE, covers), status: post.status } };
}

/**
 * Spec §2: the preview shows title, author, date, tags, excerpt and content — as the article
 * component of the public page renders them, cover and byline included (issue 24 item 8).
 */
export default function PreviewPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackToBlogList />
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
      <section className="card mt-4 p-6 sm:p-10" aria-label="Preview">
        <div className="mb-6 flex flex-wrap items-center gap-2">
          <span className="text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
            Preview
          </span>
          <BlogStatusBadge status={post.status} />
        </div>
        <Article post={post} />
      </section>
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return consoleMeta(`Preview: ${loaderData?.post.title ?? "Blog post"}`);
}

export function ErrorBoundary() {
  return <AdminBlogError />;
}
