import { data } from "react-router";
import { ArchiveErrorBoundary, NamedArchiveView, namedArchiveMeta } from "~/components/blog/archive";
import { archivePage } from "~/domain/blog/archive.server";
import { ARCHIVE_PAGE_NOT_FOUND } from "~/domain/blog/messages";
import { authorsForSlug } from "~/domain/blog/posts.server";
import { BRAND } from "~/lib/brand";
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
  const { author, slug } = loaderData;
  return (
    <NamedArchiveView
      kicker="Author"
      name={author}
      list={loaderData}
      empty="No articles by this author yet."
      hrefFor={(p) => authorPageHref(slug, p)}
    />
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return namedArchiveMeta(loaderData, {
    title: `Articles by ${loaderData?.author}`,
    description: `${BRAND.name} blog articles written by ${loaderData?.author}.`,
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ArchiveErrorBoundary error={error} />;
}
