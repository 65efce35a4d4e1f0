import { ArchiveErrorBoundary, NamedArchiveView, namedArchiveMeta } from "~/components/blog/archive";
import { archivePage } from "~/domain/blog/archive.server";
import { BRAND } from "~/lib/brand";
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
  const { tag } = loaderData;
  return (
    <NamedArchiveView
      kicker="Tag"
      name={tag}
      list={loaderData}
      empty="No articles with this tag yet."
      hrefFor={(p) => tagHref(tag, p)}
    />
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return namedArchiveMeta(loaderData, {
    title: `Articles tagged ${loaderData?.tag}`,
    description: `${BRAND.name} blog articles about ${loaderData?.tag}.`,
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ArchiveErrorBoundary error={error} />;
}
