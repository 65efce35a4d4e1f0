import { renderSitemap, STATIC_PAGES, xmlHeaders } from "~/lib/sitemap.server";
import type { Route } from "./+types/sitemap-pages";

export function loader({ request }: Route.LoaderArgs) {
  return new Response(renderSitemap(new URL(request.url).origin, STATIC_PAGES), { headers: xmlHeaders });
}
