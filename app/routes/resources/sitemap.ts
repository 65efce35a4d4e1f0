import { listPublishedPostRefs } from "~/domain/blog/posts.server";
import { renderSitemap, STATIC_PAGES } from "~/lib/sitemap.server";
import type { Route } from "./+types/sitemap";

export async function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const posts = await listPublishedPostRefs();
  const entries = [
    ...STATIC_PAGES,
    ...posts.map((post) => ({ path: `/blog/${encodeURIComponent(post.id)}`, lastModified: post.updatedAt })),
  ];
  return new Response(renderSitemap(origin, entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
