import { ArrowLeft } from "lucide-react";
import { data, isRouteErrorResponse, Link } from "react-router";
import { ArchivePager, PostGrid } from "~/components/blog/archive";
import { archivePage } from "~/domain/blog/archive.server";
import { ARCHIVE_PAGE_NOT_FOUND } from "~/domain/blog/messages";
import { authorsForSlug } from "~/domain/blog/posts.server";
import { BRAND } from "~/lib/brand";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/author";

export const authorPageHref = (slug: string, page = 1) =>
  `/blog/author/${encodeURIComponent(slug)}${page > 1 ? `?page=${page}` : ""}`;

export async function loader({ request, params }: Route.LoaderArgs) {
  const authors = await authorsForSlug(params.slug);
  if (authors.length === 0) throw data({ message: ARCHIVE_PAGE_NOT_FOUND }, { status: 404 });
  const list = await archivePage(request, { authors });
  return { ...list, slug: params.slug, author: list.posts[0]?.author ?? authors[0] ?? params.slug };
}

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { author, slug, posts, page, pages, total } = loaderData;
  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <Link
        to="/blog"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
      >
        <ArrowLeft aria-hidden className="size-4" /> Back to Blog
      </Link>
      <p className="mt-6 text-sm font-semibold tracking-wider text-brand-700 uppercase dark:text-brand-300">Author</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">{author}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        {total === 1 ? "1 article" : `${total} articles`}
        {pages > 1 ? `, page ${page} of ${pages}` : ""}
      </p>
      <PostGrid posts={posts} empty="No articles by this author yet." />
      <ArchivePager page={page} pages={pages} hrefFor={(p) => authorPageHref(slug, p)} label={`Pages of ${author}`} />
    </main>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `Page not found | ${BRAND.name} Blog` }, { name: "robots", content: "noindex" }];
  const { author, page, pages, canonical } = loaderData;
  return seo({
    title: `Articles by ${author}${page > 1 ? `, page ${page} of ${pages}` : ""} | ${BRAND.name} Blog`,
    description: `${BRAND.name} blog articles written by ${author}.`,
    url: canonical,
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
        {missing ? ARCHIVE_PAGE_NOT_FOUND : "Something went wrong"}
      </h1>
      <Link to="/blog" className="btn-primary mt-8">
        <ArrowLeft aria-hidden className="size-4" />
        Back to Blog
      </Link>
    </main>
  );
}
