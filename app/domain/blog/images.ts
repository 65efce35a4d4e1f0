import { z } from "zod";
import type { BLOG_IMAGE_TYPES } from "~/db/schema";
import { mediaPath } from "./renditions";

export type ImageType = (typeof BLOG_IMAGE_TYPES)[number];

/** Spec (issue 16): images up to 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024; // 5 MiB
/**
 * The widest and tallest image taken, in pixels. A header can claim any size in a few bytes
 * (a 60,000 × 60,000 PNG of 33 bytes); past this the renditions cannot be made (the Images
 * binding stops at 100 megapixels) and no article needs it: 8,000 is twice a 4K screen.
 */
export const MAX_IMAGE_SIDE = 8000;
/** Longer alt text is a caption, not a description. */
export const MAX_ALT_LENGTH = 300;

export const IMAGE_MESSAGES = {
  missing: "Choose an image to upload",
  empty: "The file is empty",
  tooLarge: "Images can be at most 5 MB",
  type: "Only JPEG, PNG, WebP, AVIF and GIF images can be uploaded",
  dimensions: "The image's size could not be read; the file may be damaged",
  tooManyPixels: (width: number, height: number) =>
    `Images can be at most ${MAX_IMAGE_SIDE.toLocaleString("en-US")} × ${MAX_IMAGE_SIDE.toLocaleString("en-US")} pixels; this one is ${width.toLocaleString("en-US")} × ${height.toLocaleString("en-US")}`,
  alt: "Describe the image (alt text) for readers who cannot see it",
  altTooLong: `Alt text must be at most ${MAX_ALT_LENGTH} characters`,
} as const;

/** "12.4 MB": a file's size as people read it, one decimal. */
const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * An image over MAX_IMAGE_BYTES (a phone photo usually is), said at the file field: the limit,
 * the file's own size when known, and what to do. The same words in the browser's check and
 * in the editor after the body cap refused the upload (issue 30).
 */
export function imageTooLargeMessage(bytes: number | null) {
  const size = bytes && bytes > MAX_IMAGE_BYTES ? ` (this file is ${megabytes(bytes)})` : "";
  return `${IMAGE_MESSAGES.tooLarge}${size}. Make it smaller, for example by exporting it at a lower resolution, and upload it again.`;
}

export const IMAGE_NOT_UPLOADED = "The image was not uploaded: it is over the 5 MB limit. Your post is unchanged.";

export const ImageAltSchema = z
  .string({ error: IMAGE_MESSAGES.alt })
  .trim()
  .min(1, IMAGE_MESSAGES.alt)
  .max(MAX_ALT_LENGTH, IMAGE_MESSAGES.altTooLong);

/** What an upload is for: the post's cover, or a picture inside its text. */
export const ImagePurposeSchema = z.enum(["cover", "content"], { error: "Choose where the image goes" });

export type ImageInfo = { type: ImageType; width: number; height: number };

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));
const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 0x10000 + u16be(b, at + 2);

function png(b: Uint8Array): ImageInfo | null {
  // Signature, then the IHDR chunk: width and height as 32-bit big-endian.
  if (b.length < 24 || ascii(b, 12, 4) !== "IHDR") return null;
  return { type: "image/png", width: u32be(b, 16), height: u32be(b, 20) };
}

function gif(b: Uint8Array): ImageInfo | null {
  if (b.length < 10) return null;
  return { type: "image/gif", width: u16le(b, 6), height: u16le(b, 8) };
}

/** The first start-of-frame segment holds the size (SOF0–SOF15 but DHT, JPG and DAC). */
function jpeg(b: Uint8Array): ImageInfo | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { type: "image/jpeg", height: u16be(b, at + 5), width: u16be(b, at + 7) };
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    at += 2 + u16be(b, at + 2);
  }
  return null;
}

function webp(b: Uint8Array): ImageInfo | null {
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8 " && b.length >= 30) {
    return { type: "image/webp", width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === "VP8L" && b.length >= 25 && b[20] === 0x2f) {
    const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
    return { type: "image/webp", width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X" && b.length >= 30) {
    return { type: "image/webp", width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  }
  return null;
}

/** ISO-BMFF: an `ftyp` box naming avif/avis; the size is in the (largest) `ispe` property. */
function avif(b: Uint8Array): ImageInfo | null {
  const boxSize = u32be(b, 0);
  const brands: string[] = [];
  for (let at = 8; at + 4 <= Math.min(boxSize, b.length); at += 4) if (at !== 12) brands.push(ascii(b, at, 4));
  if (!brands.includes("avif") && !brands.includes("avis")) return null;
  let best: ImageInfo | null = null;
  const end = Math.min(b.length, 64 * 1024) - 16; // the meta box comes first in real files
  for (let at = 4; at <= end; at++) {
    if (b[at] !== 0x69 || ascii(b, at, 4) !== "ispe") continue;
    const width = u32be(b, at + 8);
    const height = u32be(b, at + 12);
    if (!best || width * height > best.width * best.height) best = { type: "image/avif", width, height };
  }
  return best;
}

/**
 * The image type from the file's first bytes (never its name or the browser's claim) and its
 * pixel size from the header, or null when the bytes are none of the accepted formats or the
 * size cannot be read.
 */
export function sniffImage(bytes: Uint8Array): ImageInfo | null {
  let info: ImageInfo | null = null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) info = jpeg(bytes);
  else if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") info = png(bytes);
  else if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") info = gif(bytes);
  else if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") info = webp(bytes);
  else if (ascii(bytes, 4, 4) === "ftyp") info = avif(bytes);
  else return null;
  if (!info || info.width < 1 || info.height < 1) return { type: info?.type ?? "image/png", width: 0, height: 0 };
  return info;
}

/** Keys are random, so an address never changes meaning; the extension is for people and tools. */
const EXTENSIONS: Record<ImageType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/gif": "gif",
};
export const newImageKey = (type: ImageType) => `${crypto.randomUUID()}.${EXTENSIONS[type]}`;
/** The media type of a stored image from its key's extension (keys are made by `newImageKey`). */
export function imageTypeOfKey(key: string): ImageType | null {
  const extension = key.slice(key.lastIndexOf(".") + 1);
  const found = (Object.entries(EXTENSIONS) as [ImageType, string][]).find(([, ext]) => ext === extension);
  return found ? found[0] : null;
}
/** An uploaded original's key, or a rendition's (`renditionKey`). */
export const IMAGE_KEY = /^[0-9a-f-]{36}(?:-\d{1,5}w\.webp|\.(?:jpg|png|webp|avif|gif))$/;

/** A markdown image for the content, its alt text made safe for the brackets. */
export const imageMarkdown = (alt: string, key: string) =>
  `![${alt.replace(/[[\]\\]/g, "\\$&").replace(/\s+/g, " ")}](${mediaPath(key)})`;
