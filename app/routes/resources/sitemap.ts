import { renderSitemap, STATIC_PAGES } from "~/lib/sitemap.server";
import type { Route } from "./+types/sitemap";

export async function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  return new Response(renderSitemap(origin, STATIC_PAGES), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
