import { Eye, FilePlus2, MoreVertical, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { href, Link, useLocation, useSearchParams } from "react-router";
import { BlogStatusBadge, InReviewBadge, Notice } from "~/components/blog/admin";
import { DeleteDialog } from "~/components/blog/delete-dialog";
import { TagList } from "~/components/blog/post-card";
import { ListToolbar } from "~/components/console/list-toolbar";
import { Pagination } from "~/components/pagination";
import { consoleMeta } from "~/components/site/noindex-meta";
import { BLOG_STATUSES } from "~/db/schema";
import { can } from "~/domain/accounts/permissions";
import { CARD_DATE, formatPostDate, postDate, SCHEDULE_DATE } from "~/domain/blog/format";
import { adminPostsPage } from "~/domain/blog/posts.server";
import { requireAdmin } from "~/http/guards.server";
import { config } from "~/lib/config.server";
import { pageCount, pageParam, showingRange } from "~/lib/pagination";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/blog";

/** What the list says after a change (the change itself redirects here with `?notice=`; a new post opens in its editor). */
const NOTICES: Record<string, string> = {
  updated: "Blog post saved.",
  deleted: "Blog post deleted.",
  // Decision 069: the review forms of the editor.
  submitted: "Post submitted for review.",
  returned: "Post sent back to its author.",
  published: "Blog post published.",
  withdrawn: "Submission withdrawn: the post is your draft again.",
};

/** Posts per page of Blog Management. */
export const ADMIN_BLOG_PAGE_SIZE = 20;
const FILTERS = ["all", ...BLOG_STATUSES, "review"] as const;
type Filter = (typeof FILTERS)[number];
const FILTER_LABELS: Record<Filter, string> = {
  all: "All",
  draft: "Drafts",
  published: "Published",
  review: "In review",
};

export async function loader({ request }: Route.LoaderArgs) {
  const { admin } = await requireAdmin(request);
  // An Author lists their own posts only; deleting needs Marketing or above (decision 064).
  const createdBy = can(admin.role, "read:blog-post:any") ? undefined : admin.id;
  const mayDelete = can(admin.role, "delete:blog-post:any");
  const timeZone = config().BUSINESS_TIMEZONE;
  const url = new URL(request.url);
  const requested = url.searchParams.get("status") ?? "all";
  const status: Filter = (FILTERS as readonly string[]).includes(requested) ? (requested as Filter) : "all";
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const filter = {
    status: status === "all" || status === "review" ? undefined : status,
    inReview: status === "review",
    q: q || undefined,
    limit: ADMIN_BLOG_PAGE_SIZE,
    createdBy,
  };
  let page = pageParam(url.searchParams.get("page")) ?? 1;
  let result = await adminPostsPage({ ...filter, page });
  // Past the last page (say, after deleting its only post): show the last page instead.
  const pages = pageCount(result.total, ADMIN_BLOG_PAGE_SIZE);
  if (page > pages) {
    page = pages;
    result = await adminPostsPage({ ...filter, page });
  }
  const { posts, total, counts } = result;
  return {
    status,
    q,
    page,
    mayDelete,
    pages: pageCount(total, ADMIN_BLOG_PAGE_SIZE),
    total,
    counts,
    posts: posts.map((post) => ({
      id: post.id,
      title: post.title,
      excerpt: post.excerpt,
      author: post.author,
      tags: post.tags,
      status: post.status,
      inReview: post.reviewRequestedAt !== null,
      returned: post.status === "draft" && post.reviewRequestedAt === null && post.reviewNote !== null,
      date: formatPostDate(postDate(post), CARD_DATE, timeZone),
      isoDate: postDate(post).toISOString(),
      // When a scheduled post goes out, as the business sees it.
      goesOut:
        post.status === "draft" && post.publishAt
          ? {
              text: `Goes out ${formatPostDate(post.publishAt, SCHEDULE_DATE, timeZone)} (${timeZone})`,
              iso: post.publishAt.toISOString(),
            }
          : null,
    })),
  };
}

type ListedPost = Route.ComponentProps["loaderData"]["posts"][number];

export default function BlogManagement({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const notice = NOTICES[searchParams.get("notice") ?? ""];
  const hydrated = useHydrated();
  const [deleting, setDeleting] = useState<ListedPost | null>(null);
  const location = useLocation();
  const { status, q, page, pages, total, counts } = loaderData;
  const hrefFor = (filter: Filter) => {
    const params = new URLSearchParams();
    if (filter !== "all") params.set("status", filter);
    if (q) params.set("q", q);
    const search = params.toString();
    return `${href("/admin/dashboard/blog")}${search ? `?${search}` : ""}`;
  };
  const range = showingRange(page, ADMIN_BLOG_PAGE_SIZE, total);
  // Page links keep the filter and search but not a one-off notice such as "deleted".
  const pageSearch = new URLSearchParams(location.search);
  pageSearch.delete("notice");

  return (
    <div className="mx-auto max-w-5xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Blog Management</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {counts.all} posts · {counts.published} published · {counts.draft} drafts
          </p>
        </div>
        <Link to={href("/admin/dashboard/blog/new")} className="btn-primary">
          <FilePlus2 aria-hidden className="size-4" />
          New Post
        </Link>
      </div>

      {notice ? <Notice className="mt-6">{notice}</Notice> : null}

      <div className="mt-6">
        <ListToolbar
          filters={FILTERS}
          labels={FILTER_LABELS}
          counts={counts}
          status={status}
          q={q}
          hrefFor={hrefFor}
          searchId="blog-search"
          searchLabel="Search posts"
          landmarkLabel="Search blog posts"
        />
      </div>

      {counts.all > 0 ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300" aria-live="polite" data-testid="post-count">
          {total === 0
            ? "No posts match."
            : `Showing ${range.from} to ${range.to} of ${range.total} ${total === 1 ? "post" : "posts"}`}
          {q ? (
            <>
              {" "}
              for “{q}”.{" "}
              <Link
                to={
                  status === "all" ? href("/admin/dashboard/blog") : `${href("/admin/dashboard/blog")}?status=${status}`
                }
                className="font-semibold text-brand-700 hover:underline dark:text-brand-300"
              >
                Clear search
              </Link>
            </>
          ) : null}
        </p>
      ) : null}

      {counts.all === 0 ? (
        <div className="card mt-6 p-10 text-center">
          <h2 className="text-lg font-semibold">No blog posts yet</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Write the first one.</p>
        </div>
      ) : loaderData.posts.length === 0 ? null : (
        <ul role="list" className="mt-6 space-y-4" aria-label="Blog posts">
          {loaderData.posts.map((post) => (
            <li key={post.id} className="card p-5" data-testid="admin-post">
              <div className="flex items-start gap-4">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <BlogStatusBadge status={post.status} scheduled={post.goesOut !== null} />
                    {post.inReview ? <InReviewBadge /> : null}
                    {post.returned ? (
                      <span className="text-xs font-medium text-amber-900 dark:text-amber-200">Sent back</span>
                    ) : null}
                    {post.goesOut ? (
                      <time
                        dateTime={post.goesOut.iso}
                        className="text-xs font-medium text-sky-900 dark:text-sky-200"
                        data-testid="goes-out"
                      >
                        {post.goesOut.text}
                      </time>
                    ) : (
                      <time dateTime={post.isoDate} className="text-xs text-slate-600 dark:text-slate-400">
                        {post.date}
                      </time>
                    )}
                  </div>
                  <h2 className="mt-2 text-lg font-semibold break-words">{post.title}</h2>
                  <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-300">{post.excerpt}</p>
                  <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">By {post.author}</p>
                  <TagList tags={post.tags} className="mt-3" />
                </div>
                <details className="relative shrink-0" data-testid="post-menu">
                  <summary
                    aria-label={`Actions for ${post.title}`}
                    className="inline-flex size-9 list-none items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                  >
                    <MoreVertical aria-hidden className="size-5" />
                  </summary>
                  <div className="absolute right-0 z-20 mt-1 w-40 rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-800 dark:bg-slate-900">
                    <MenuLink
                      to={href("/admin/dashboard/blog/:id/preview", { id: post.id })}
                      icon={Eye}
                      label="Preview"
                    />
                    <MenuLink to={href("/admin/dashboard/blog/:id/edit", { id: post.id })} icon={Pencil} label="Edit" />
                    {loaderData.mayDelete ? (
                      <MenuLink
                        to={href("/admin/dashboard/blog/:id/delete", { id: post.id })}
                        icon={Trash2}
                        label="Delete"
                        danger
                        onClick={
                          hydrated
                            ? (event) => {
                                // With JavaScript the confirmation is a dialog; without, its own page.
                                event.preventDefault();
                                event.currentTarget.closest("details")?.removeAttribute("open");
                                setDeleting(post);
                              }
                            : undefined
                        }
                      />
                    ) : null}
                  </div>
                </details>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6">
        <Pagination page={page} totalPages={pages} search={pageSearch.toString()} label="Blog post pages" />
      </div>
      {deleting ? <DeleteDialog post={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}

function MenuLink({
  to,
  icon: Icon,
  label,
  danger = false,
  onClick,
}: {
  to: string;
  icon: typeof Eye;
  label: string;
  danger?: boolean;
  onClick?: (event: React.MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <Link
      to={to}
      onClick={onClick}
      className={`flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium ${
        danger
          ? "text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
          : "text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
      }`}
    >
      <Icon aria-hidden className="size-4" />
      {label}
    </Link>
  );
}

export function meta() {
  return consoleMeta("Blog Management");
}
