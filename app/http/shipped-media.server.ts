import { env } from "cloudflare:workers";
import { SAMPLE_VIDEO } from "~/components/marketing/hero-video";
import { answerWithRanges } from "~/lib/byte-range.server";

/**
 * Media shipped in `public/media` that must answer byte ranges: the sample promo video. Static
 * assets are answered before the Worker runs and ignore `Range` (locally and at the edge: the
 * asset worker has no range support), so `wrangler.toml` `[assets] run_worker_first` sends this
 * path to the Worker, which reads the file from the ASSETS binding and cuts the range
 * (decision 045). Kept to the one small file: everything else in `public/` stays a plain asset.
 */
const RANGED = new Set([SAMPLE_VIDEO]);

export async function serveShippedMedia(request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  if (!RANGED.has(url.pathname)) return null;
  // The asset without the range (it would ignore it), keeping the revalidation it understands.
  const conditional = new Headers();
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch) conditional.set("If-None-Match", ifNoneMatch);
  const asset = await env.ASSETS.fetch(new Request(url, { headers: conditional }));
  const headers = new Headers(asset.headers);
  headers.set("Accept-Ranges", "bytes");
  if (asset.status === 304) return new Response(null, { status: 304, headers });
  if (!asset.ok) return null;
  return answerWithRanges(request, await asset.arrayBuffer(), headers);
}
