import { describe, expect, it } from "vitest";
import { IMAGE_KEY, imageMarkdown, newImageKey, sniffImage } from "./images";
import { imageSrcSet, renditionKey, renditionWidths } from "./renditions";
import { avif, gif, jpeg, png, webpExtended, webpLossless, webpLossy } from "./testing/image-bytes";

describe("sniffImage: the type from the bytes and the size from the header", () => {
  it.each([
    ["PNG", png(1200, 630), "image/png"],
    ["JPEG (APP0 skipped, progressive frame)", jpeg(1200, 630), "image/jpeg"],
    ["GIF", gif(1200, 630), "image/gif"],
    ["lossy WebP", webpLossy(1200, 630), "image/webp"],
    ["lossless WebP", webpLossless(1200, 630), "image/webp"],
    ["extended WebP", webpExtended(1200, 630), "image/webp"],
    ["AVIF (largest ispe, not the thumbnail)", avif(1200, 630), "image/avif"],
  ])("%s", (_name, bytes, type) => {
    expect(sniffImage(bytes)).toEqual({ type, width: 1200, height: 630 });
  });

  it("refuses what is not an accepted image, whatever it would be called", () => {
    const text = new TextEncoder();
    expect(sniffImage(text.encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImage(text.encode("%PDF-1.7"))).toBeNull();
    expect(sniffImage(text.encode("<html><script>alert(1)</script>"))).toBeNull();
    expect(sniffImage(new Uint8Array([0x42, 0x4d, 0, 0, 0, 0]))).toBeNull(); // BMP
    expect(sniffImage(new Uint8Array(0))).toBeNull();
  });

  it("a known signature whose size cannot be read has no dimensions", () => {
    expect(sniffImage(png(10, 10).slice(0, 12))).toMatchObject({ width: 0, height: 0 });
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toMatchObject({ width: 0, height: 0 });
    expect(sniffImage(png(0, 10))).toMatchObject({ width: 0 });
  });
});

describe("keys and markdown", () => {
  it("keys are random, carry the type's extension and match the served pattern", () => {
    const a = newImageKey("image/webp");
    expect(a).toMatch(/\.webp$/);
    expect(a).toMatch(IMAGE_KEY);
    expect(newImageKey("image/webp")).not.toBe(a);
    expect(IMAGE_KEY.test("../etc/passwd")).toBe(false);
  });

  it("alt text cannot break out of the markdown brackets", () => {
    expect(imageMarkdown("A [bracketed]\ncaption", "k.png")).toBe("![A \\[bracketed\\] caption](/media/k.png)");
  });
});

describe("renditions (decision 028)", () => {
  it("widths below the original plus its own width, capped at 1600: never upscaled", () => {
    expect(renditionWidths(1200)).toEqual([480, 800, 1200]);
    expect(renditionWidths(1000)).toEqual([480, 800, 1000]);
    expect(renditionWidths(480)).toEqual([480]);
    expect(renditionWidths(300)).toEqual([300]);
    expect(renditionWidths(4000)).toEqual([480, 800, 1200, 1600]);
  });

  it("a rendition's key sits beside the original's, is served, and is never read from markdown", () => {
    const key = newImageKey("image/jpeg");
    const rendition = renditionKey(key, 800);
    expect(rendition).toBe(`${key.slice(0, 36)}-800w.webp`);
    expect(rendition).toMatch(IMAGE_KEY);
    expect(IMAGE_KEY.test(`${key.slice(0, 36)}-800w.png`)).toBe(false);
    expect(IMAGE_KEY.test(`${key.slice(0, 36)}-../x.webp`)).toBe(false);
  });

  it("srcset: renditions ascending, then the original when it is wider; none without renditions", () => {
    const key = "0b8f3f7e-6d3c-4c59-9d7a-2f3c1f0e9a11.png";
    const uuid = key.slice(0, 36);
    expect(imageSrcSet(key, 1200, [1200, 480, 800])).toBe(
      `/media/${uuid}-480w.webp 480w, /media/${uuid}-800w.webp 800w, /media/${uuid}-1200w.webp 1200w`,
    );
    // A full-size WebP that was not smaller than the original is not kept: the original serves 1200w.
    expect(imageSrcSet(key, 1200, [480, 800])).toBe(
      `/media/${uuid}-480w.webp 480w, /media/${uuid}-800w.webp 800w, /media/${key} 1200w`,
    );
    expect(imageSrcSet(key, 1200, null)).toBeUndefined();
    expect(imageSrcSet(key, 1200, [])).toBeUndefined();
  });
});
