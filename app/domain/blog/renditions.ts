/**
 * Addresses of uploaded images and of their WebP renditions (decision 028). Kept apart from
 * images.ts (zod schemas) because public pages render these in the browser too: the article's
 * bundle must not load zod (decision 026).
 */

/** Where an image is served from: one stable address per upload. */
export const mediaPath = (key: string) => `/media/${key}`;

/**
 * Widths (px) of the WebP renditions made at upload (decision 028): a phone (390 px at 2–3×)
 * takes 480 or 800 in a card and 800 or 1200 in the article; 1600 serves wide 2× screens.
 */
export const RENDITION_WIDTHS = [480, 800, 1200, 1600] as const;

/**
 * The widths to make for an original `width` px wide: each listed width below it, and the
 * original's own width (capped at the largest) as a same-size WebP. Never wider than the
 * original (no upscaling).
 */
export function renditionWidths(width: number): number[] {
  const largest = RENDITION_WIDTHS[RENDITION_WIDTHS.length - 1] as number;
  const smaller = RENDITION_WIDTHS.filter((w) => w < width);
  return [...new Set([...smaller, Math.min(width, largest)])];
}

/** A rendition lives beside its original: `<uuid>-<width>w.webp` for `<uuid>.<ext>`. */
export const renditionKey = (key: string, width: number) => `${key.slice(0, key.lastIndexOf("."))}-${width}w.webp`;

/** The prefix every rendition key of an original shares (to list and delete them). */
export const renditionPrefix = (key: string) => `${key.slice(0, key.lastIndexOf("."))}-`;

/**
 * The `srcset` of an uploaded image: its renditions and the original at its own width (the
 * browser picks the smallest that fills the slot), or undefined without renditions, so the
 * image keeps its plain `src`. The original is listed only when wider than every rendition.
 */
export function imageSrcSet(key: string, width: number, renditions: readonly number[] | null | undefined) {
  if (!renditions?.length) return undefined;
  const sorted = [...renditions].sort((a, b) => a - b);
  const candidates = sorted.map((w) => `${mediaPath(renditionKey(key, w))} ${w}w`);
  if (width > (sorted[sorted.length - 1] as number)) candidates.push(`${mediaPath(key)} ${width}w`);
  return candidates.join(", ");
}
