import { serveImage } from "~/domain/blog/media.server";
import { serveShippedMedia } from "~/http/shipped-media.server";
import type { Route } from "./+types/image";

/**
 * GET /media/<key>: an uploaded blog image, cached for a year (its key never changes meaning),
 * or the sample promo video shipped with the site; both answer byte ranges (decision 045).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const response = (await serveImage(params.key, request)) ?? (await serveShippedMedia(request));
  if (!response) {
    return new Response("Image not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return response;
}
