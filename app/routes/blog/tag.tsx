import { ArchiveErrorBoundary, ArchiveView, articleCount } from "~/components/blog/archive";
import { archivePage } from "~/domain/blog/archive.server";
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
    <ArchiveView
      kicker="Tag"
      heading={tag}
      posts={posts}
      empty="No articles with this tag yet."
      page={page}
      pages={pages}
      hrefFor={(p) => tagHref(tag, p)}
      pagerLabel={`Pages of ${tag}`}
    >
      <p className="mt-3 text-slate-600 dark:text-slate-300">{articleCount(total, page, pages)}</p>
    </ArchiveView>
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
  return <ArchiveErrorBoundary error={error} />;
}
