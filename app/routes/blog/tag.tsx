import { ArrowLeft } from "lucide-react";
import { isRouteErrorResponse, Link } from "react-router";
import { ArchivePager, PostGrid } from "~/components/blog/archive";
import { archivePage } from "~/domain/blog/archive.server";
import { ARCHIVE_PAGE_NOT_FOUND } from "~/domain/blog/messages";
import { BRAND } from "~/lib/brand";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/tag";

/** The address of a tag's page: tags are matched case-insensitively, so the link is lower case. */
export const tagHref = (tag: string, page = 1) =>
  `/blog/tag/${encodeURIComponent(tag.toLowerCase())}${page > 1 ? `?page=${page}` : ""}`;

export async function loader({ request, params }: Route.LoaderArgs) {
  const tag = params.tag.trim();
  const list = await archivePage(request, { tag });
  // The tag as the newest post writes it (the address is lower case).
  const shown = list.posts[0]?.tags.find((t) => t.toLowerCase() === tag.toLowerCase()) ?? tag;
  return { ...list, tag: shown };
}

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, posts, page, pages, total } = loaderData;
  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <Link
        to="/blog"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
      >
        <ArrowLeft aria-hidden className="size-4" /> Back to Blog
      </Link>
      <p className="mt-6 text-sm font-semibold tracking-wider text-brand-700 uppercase dark:text-brand-300">Tag</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">{tag}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        {total === 1 ? "1 article" : `${total} articles`}
        {pages > 1 ? `, page ${page} of ${pages}` : ""}
      </p>
      <PostGrid posts={posts} empty="No articles with this tag yet." />
      <ArchivePager page={page} pages={pages} hrefFor={(p) => tagHref(tag, p)} label={`Pages of ${tag}`} />
    </main>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `Page not found | ${BRAND.name} Blog` }, { name: "robots", content: "noindex" }];
  const { tag, page, pages, canonical } = loaderData;
  return seo({
    title: `Articles tagged ${tag}${page > 1 ? `, page ${page} of ${pages}` : ""} | ${BRAND.name} Blog`,
    description: `${BRAND.name} blog articles about ${tag}.`,
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
