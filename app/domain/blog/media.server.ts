import { env } from "cloudflare:workers";
import { inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { type BlogImage, blogImages } from "~/db/schema";
import { contentRange, ifRangeHolds, notSatisfiable, type RangeAsk, readRange } from "~/lib/byte-range.server";
import { IMAGE_KEY, type ImageInfo, type ImageType } from "./images";
import { renditionKey, renditionPrefix, renditionWidths } from "./renditions";

/**
 * Uploaded images never change under their key (a new upload gets a new key), so browsers and
 * every cache on the way may keep them for a year without asking again.
 */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

const bucket = () => env.MEDIA;

/** Puts the bytes in R2 with the headers they are served with. */
export async function putImageObject(key: string, bytes: Uint8Array, type: ImageType) {
  await bucket().put(key, bytes, { httpMetadata: { contentType: type, cacheControl: MEDIA_CACHE_CONTROL } });
}

/** Quality of the WebP renditions: visually the same as the original at a fraction of its bytes. */
const RENDITION_QUALITY = 80;

/**
 * Makes and stores the smaller WebP copies of an uploaded original (decision 028) through the
 * Images binding (Cloudflare Images at the edge; sharp under miniflare locally), each under
 * `renditionKey` with the original's immutable caching. Answers the widths stored, ascending.
 *
 * A rendition is an optimisation, never a condition of the upload: an animated GIF gets none
 * (a WebP would keep one frame), and when the transform refuses the image (pixel data the
 * header check could not judge) or fails, the upload keeps its original alone, served with a
 * plain `src` like images from before renditions. A rendition no smaller than the original is
 * not kept, since the original serves that width for fewer bytes.
 */
export async function putRenditions(key: string, bytes: Uint8Array, image: ImageInfo): Promise<number[]> {
  if (image.type === "image/gif") return [];
  const original = new Blob([bytes.slice()]); // a copy typed as a plain ArrayBuffer view
  const made = await Promise.allSettled(
    renditionWidths(image.width).map(async (width) => {
      const output = await env.IMAGES.input(original.stream())
        .transform({ width, fit: "scale-down" })
        .output({ format: "image/webp", quality: RENDITION_QUALITY });
      const webp = new Uint8Array(await output.response().arrayBuffer());
      if (output.contentType() !== "image/webp" || webp.byteLength >= bytes.byteLength) return null;
      await putImageObject(renditionKey(key, width), webp, "image/webp");
      return width;
    }),
  );
  const failed = made.find((result) => result.status === "rejected");
  // Widths that were made still serve (the browser takes the next larger candidate).
  if (failed) console.warn("Some image renditions were not made; the original serves in their place", failed.reason);
  return made.flatMap((result) => (result.status === "fulfilled" && result.value !== null ? [result.value] : []));
}

/**
 * Deletes an original and its renditions. They are found by their shared key prefix rather than
 * the row's widths, so an object left by an upload that failed half-way goes too.
 */
export async function deleteImageObject(key: string) {
  const listed = await bucket().list({ prefix: renditionPrefix(key) });
  const keys = listed.objects.map((object) => object.key).filter((found) => IMAGE_KEY.test(found));
  await bucket().delete([key, ...keys]);
}

/**
 * GET /media/<key>: the image with long-lived immutable caching, or null for an unknown or
 * malformed key. A request that already holds it (If-None-Match on the ETag) gets a 304; one
 * with a `Range` gets those bytes (206) or a 416 (decision 045).
 */
export async function serveImage(key: string, request: Request): Promise<Response | null> {
  if (!IMAGE_KEY.test(key)) return null;
  // A range needs the size first (a suffix, a range past the end); R2 then reads only those bytes.
  let ask: RangeAsk = { kind: "whole" };
  const headers = new Headers({ "Accept-Ranges": "bytes" });
  if (request.headers.has("Range")) {
    const found = await bucket().head(key);
    if (!found) return null;
    if (ifRangeHolds(request, found.httpEtag, null)) ask = readRange(request.headers.get("Range"), found.size);
    if (ask.kind === "unsatisfiable") return notSatisfiable(found.size, headers);
  }
  const range =
    ask.kind === "range" ? { offset: ask.range.start, length: ask.range.end - ask.range.start + 1 } : undefined;
  const object = await bucket().get(key, { onlyIf: request.headers, range });
  if (!object) return null;
  object.writeHttpMetadata(headers);
  headers.set("Cache-Control", MEDIA_CACHE_CONTROL);
  headers.set("ETag", object.httpEtag);
  headers.set("X-Content-Type-Options", "nosniff");
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  const body = request.method === "HEAD" ? null : object.body;
  if (ask.kind === "range") {
    headers.set("Content-Range", contentRange(ask.range, object.size));
    headers.set("Content-Length", String(ask.range.end - ask.range.start + 1));
    return new Response(body, { status: 206, headers });
  }
  headers.set("Content-Length", String(object.size));
  return new Response(body, { headers });
}

export type ImageSize = Pick<BlogImage, "width" | "height" | "alt" | "renditions">;

/** The stored sizes of the given images (unknown keys are left out). */
export async function imageSizes(keys: readonly string[]): Promise<Map<string, ImageSize>> {
  const unique = [...new Set(keys)].filter((key) => IMAGE_KEY.test(key));
  if (unique.length === 0) return new Map();
  const rows = await db()
    .select({
      key: blogImages.key,
      width: blogImages.width,
      height: blogImages.height,
      alt: blogImages.alt,
      renditions: blogImages.renditions,
    })
    .from(blogImages)
    .where(inArray(blogImages.key, unique))
    .all();
  return new Map(rows.map(({ key, ...size }) => [key, size]));
}

/** Keys of the uploaded images a markdown text shows. */
export function mediaKeysIn(markdown: string): string[] {
  return [...markdown.matchAll(/\/media\/([0-9a-f-]{36}\.(?:jpg|png|webp|avif|gif))/g)].map((m) => m[1] as string);
}
