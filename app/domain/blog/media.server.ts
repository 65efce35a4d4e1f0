import { env } from "cloudflare:workers";
import { inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { type BlogImage, blogImages } from "~/db/schema";
import { IMAGE_KEY, type ImageType } from "./images";

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

export async function deleteImageObject(key: string) {
  await bucket().delete(key);
}

/**
 * GET /media/<key>: the image with long-lived immutable caching, or null for an unknown or
 * malformed key. A request that already holds it (If-None-Match on the ETag) gets a 304.
 */
export async function serveImage(key: string, request: Request): Promise<Response | null> {
  if (!IMAGE_KEY.test(key)) return null;
  const object = await bucket().get(key, { onlyIf: request.headers });
  if (!object) return null;
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("Cache-Control", MEDIA_CACHE_CONTROL);
  headers.set("ETag", object.httpEtag);
  headers.set("X-Content-Type-Options", "nosniff");
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}

export type ImageSize = Pick<BlogImage, "width" | "height" | "alt">;

/** The stored sizes of the given images (unknown keys are left out). */
export async function imageSizes(keys: readonly string[]): Promise<Map<string, ImageSize>> {
  const unique = [...new Set(keys)].filter((key) => IMAGE_KEY.test(key));
  if (unique.length === 0) return new Map();
  const rows = await db()
    .select({ key: blogImages.key, width: blogImages.width, height: blogImages.height, alt: blogImages.alt })
    .from(blogImages)
    .where(inArray(blogImages.key, unique))
    .all();
  return new Map(rows.map(({ key, ...size }) => [key, size]));
}

/** Keys of the uploaded images a markdown text shows. */
export function mediaKeysIn(markdown: string): string[] {
  return [...markdown.matchAll(/\/media\/([0-9a-f-]{36}\.(?:jpg|png|webp|avif|gif))/g)].map((m) => m[1] as string);
}
