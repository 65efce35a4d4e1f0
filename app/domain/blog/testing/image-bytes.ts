/**
 * Smallest real headers of each accepted image format, with a chosen pixel size, for tests of
 * the upload checks (the checks read only the header, so the pixel data may be left out).
 */
const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
const be16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const le16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const le24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff];

export const png = (w: number, h: number) =>
  bytes([0x89], "PNG\r\n\x1a\n", be32(13), "IHDR", be32(w), be32(h), [8, 6, 0, 0, 0], be32(0));

/** SOI, an APP0 (JFIF) segment to skip, then SOF2 (progressive) with the size. */
export const jpeg = (w: number, h: number) =>
  bytes(
    [0xff, 0xd8],
    [0xff, 0xe0],
    be16(16),
    "JFIF\0",
    [1, 1, 0],
    be16(1),
    be16(1),
    [0, 0],
    [0xff, 0xc2],
    be16(17),
    [8],
    be16(h),
    be16(w),
    [3],
    new Array(9).fill(0),
    [0xff, 0xd9],
  );

export const gif = (w: number, h: number) => bytes("GIF89a", le16(w), le16(h), [0, 0, 0], ";");

export const webpLossy = (w: number, h: number) =>
  bytes("RIFF", [0, 0, 0, 0], "WEBP", "VP8 ", [0, 0, 0, 0], [0, 0, 0], [0x9d, 0x01, 0x2a], le16(w), le16(h));

export const webpLossless = (w: number, h: number) => {
  const bits = ((w - 1) & 0x3fff) | (((h - 1) & 0x3fff) << 14);
  return bytes(
    "RIFF",
    [0, 0, 0, 0],
    "WEBP",
    "VP8L",
    [0, 0, 0, 0],
    [0x2f],
    [bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff],
  );
};

export const webpExtended = (w: number, h: number) =>
  bytes("RIFF", [0, 0, 0, 0], "WEBP", "VP8X", be32(10).reverse(), [0, 0, 0, 0], le24(w - 1), le24(h - 1));

/** `ftyp` (avif) then a `meta` box holding a thumbnail's and the primary image's `ispe`. */
export const avif = (w: number, h: number) =>
  bytes(
    be32(20),
    "ftyp",
    "avif",
    be32(0),
    "mif1",
    be32(60),
    "meta",
    be32(0),
    be32(20),
    "ispe",
    be32(0),
    be32(64),
    be32(32),
    be32(20),
    "ispe",
    be32(0),
    be32(w),
    be32(h),
  );

/** A file of `size` bytes that starts as a PNG of the given size. */
export function pngOfSize(size: number, w = 10, h = 10) {
  const file = new Uint8Array(size);
  file.set(png(w, h));
  return file;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Uint8Array) {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Uint8Array) {
  const typed = bytes(type, [...data]);
  return bytes(be32(data.length), [...typed], be32(crc32(typed)));
}

/**
 * A complete, decodable PNG of the given size (an RGB gradient), for tests that need real
 * pixels: the Images binding (sharp under miniflare) decodes it, unlike the header-only files.
 */
export async function realPng(w: number, h: number) {
  const raw = new Uint8Array((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    const row = y * (w * 3 + 1); // each row starts with filter type 0 (none)
    for (let x = 0; x < w; x++) raw.set([(x * 255) / w, (y * 255) / h, ((x ^ y) * 7) & 0xff], row + 1 + x * 3);
  }
  const zipped = new Uint8Array(
    await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer(),
  );
  const header = bytes(be32(w), be32(h), [8, 2, 0, 0, 0]); // 8-bit RGB
  return bytes(
    [0x89],
    "PNG\r\n\x1a\n",
    [...chunk("IHDR", header)],
    [...chunk("IDAT", zipped)],
    [...chunk("IEND", new Uint8Array())],
  );
}

/** What the editor's image upload posts: the file, its alt text and what it is for (a cover unless told). */
export function imageForm(
  bytes: Uint8Array,
  { name = "cover.png", type = "image/png", alt = "A workflow canvas", purpose = "cover" } = {},
) {
  const form = new FormData();
  form.set("file", new File([bytes.slice()], name, { type }));
  form.set("alt", alt);
  form.set("purpose", purpose);
  return form;
}
