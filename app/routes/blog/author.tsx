import { data } from "react-router";
import { ArchiveErrorBoundary, ArchiveView, articleCount } from "~/components/blog/archive";
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
    <ArchiveView
      kicker="Author"
      heading={author}
      posts={posts}
      empty="No articles by this author yet."
      page={page}
      pages={pages}
      hrefFor={(p) => authorPageHref(slug, p)}
      pagerLabel={`Pages of ${author}`}
    >
      <p className="mt-3 text-slate-600 dark:text-slate-300">{articleCount(total, page, pages)}</p>
    </ArchiveView>
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
  return <ArchiveErrorBoundary error={error} />;
}
