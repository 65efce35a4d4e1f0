import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ARTICLE_COVER_SIZES, Cover } from "~/components/blog/post-card";
import { db } from "~/db/client.server";
import { blogImages } from "~/db/schema";
import { coverOf } from "./format";
import { deleteImageObjects } from "./image-cleanup.server";
import { imageSizes, MEDIA_CACHE_CONTROL, serveImage } from "./media.server";
import { getPost } from "./posts.server";
import { renditionKey } from "./renditions";
import { gif, imageForm, png, realPng } from "./testing/image-bytes";
import { EDITOR as actor, introDraft } from "./testing/posts";
import { uploadPostImage } from "./uploads.server";

const newPost = () => introDraft("With a cover");

const keysInBucket = async () => (await env.MEDIA.list()).objects.map((object) => object.key).sort();
const rowOf = (key: string) => db().select().from(blogImages).where(eq(blogImages.key, key)).get();

describe("WebP renditions made at upload (decision 028)", () => {
  it("a 1200×630 PNG cover: 480, 800 and 1200 px WebP copies beside it, immutable, recorded on its row", async () => {
    const post = await newPost();
    const original = await realPng(1200, 630);
    const image = await uploadPostImage(actor, post.id, imageForm(original));
    expect(image.renditions).toEqual([480, 800, 1200]);
    expect((await rowOf(image.key))?.renditions).toEqual([480, 800, 1200]);
    const uuid = image.key.replace(/\.png$/, "");
    expect(await keysInBucket()).toEqual(
      expect.arrayContaining([image.key, `${uuid}-480w.webp`, `${uuid}-800w.webp`, `${uuid}-1200w.webp`]),
    );
    for (const width of [480, 800, 1200]) {
      const key = renditionKey(image.key, width);
      const object = await env.MEDIA.get(key);
      expect(object?.httpMetadata).toMatchObject({ contentType: "image/webp", cacheControl: MEDIA_CACHE_CONTROL });
      const bytes = new Uint8Array(await (object as R2ObjectBody).arrayBuffer());
      expect(bytes.byteLength).toBeLessThan(original.byteLength);
      const info = await env.IMAGES.info(new Blob([bytes]).stream());
      expect(info).toMatchObject({ format: "image/webp", width, height: Math.round((630 * width) / 1200) });
      // Served like the original: its type, a year of immutable caching.
      const response = await serveImage(key, new Request(`http://localhost/media/${key}`));
      expect(response?.headers.get("Content-Type")).toBe("image/webp");
      expect(response?.headers.get("Cache-Control")).toBe(MEDIA_CACHE_CONTROL);
      expect((await (response as Response).arrayBuffer()).byteLength).toBe(bytes.byteLength);
    }
    // The original is untouched: still the PNG, still the post's cover.
    const stored = await env.MEDIA.get(image.key);
    expect(new Uint8Array(await (stored as R2ObjectBody).arrayBuffer())).toEqual(original);
    expect((await getPost(post.id)).coverImage).toBe(image.key);
  });

  it("never wider than the original: a 300 px image gets one 300 px WebP; a 2000 px one stops at 1600", async () => {
    const post = await newPost();
    const small = await uploadPostImage(actor, post.id, imageForm(await realPng(300, 200)));
    expect(small.renditions).toEqual([300]);
    const smallWebp = await env.MEDIA.get(renditionKey(small.key, 300));
    expect(await env.IMAGES.info((smallWebp as R2ObjectBody).body)).toMatchObject({ width: 300, height: 200 });
    const wide = await uploadPostImage(actor, post.id, imageForm(await realPng(2000, 500)));
    expect(wide.renditions).toEqual([480, 800, 1200, 1600]);
    // The srcset ends with the original at its own width, wider than every rendition.
    const cover = coverOf({ coverImage: wide.key }, await imageSizes([wide.key]));
    const uuid = wide.key.replace(/\.png$/, "");
    expect(cover?.srcSet).toBe(
      `/media/${uuid}-480w.webp 480w, /media/${uuid}-800w.webp 800w, /media/${uuid}-1200w.webp 1200w, /media/${uuid}-1600w.webp 1600w, /media/${wide.key} 2000w`,
    );
  });

  it("an image the transform cannot read is stored as before: the original alone, no srcset", async () => {
    // A valid PNG header (the upload checks read only that) over no pixel data.
    const post = await newPost();
    const image = await uploadPostImage(actor, post.id, imageForm(png(640, 480)));
    expect(image.renditions).toBeNull();
    expect(await keysInBucket()).not.toContain(renditionKey(image.key, 480));
    expect((await env.MEDIA.list({ prefix: image.key.replace(/\.png$/, "-") })).objects).toEqual([]);
    const cover = coverOf({ coverImage: image.key }, await imageSizes([image.key]));
    expect(cover).toEqual({ src: `/media/${image.key}`, width: 640, height: 480, alt: "A workflow canvas" });
  });

  it("a GIF (maybe animated) is left as it is", async () => {
    const post = await newPost();
    const image = await uploadPostImage(actor, post.id, imageForm(gif(800, 600), { type: "image/gif", name: "a.gif" }));
    expect(image.renditions).toBeNull();
    expect((await env.MEDIA.list({ prefix: image.key.replace(/\.gif$/, "-") })).objects).toEqual([]);
  });

  it("an image in the text gets srcset and sizes beside its width and height", async () => {
    const post = await newPost();
    const image = await uploadPostImage(actor, post.id, imageForm(await realPng(1000, 500), { purpose: "content" }));
    expect(image.renditions).toEqual([480, 800, 1000]);
    const html = (await getPost(post.id)).contentHtml;
    const uuid = image.key.replace(/\.png$/, "");
    expect(html).toContain(`src="/media/${image.key}"`);
    expect(html).toContain(
      `srcset="/media/${uuid}-480w.webp 480w, /media/${uuid}-800w.webp 800w, /media/${uuid}-1000w.webp 1000w"`,
    );
    expect(html).toContain('sizes="(min-width: 768px) 720px, calc(100vw - 2rem)"');
    expect(html).toContain('width="1000" height="500"');
  });

  it("deleting an image's objects deletes its renditions too", async () => {
    const post = await newPost();
    const image = await uploadPostImage(actor, post.id, imageForm(await realPng(900, 600)));
    const other = await uploadPostImage(actor, post.id, imageForm(await realPng(500, 400)));
    const before = await keysInBucket();
    await deleteImageObjects([image.key]);
    const after = await keysInBucket();
    expect(after.filter((key) => key.startsWith(image.key.slice(0, 36)))).toEqual([]);
    // The other image and its renditions stay.
    expect(after).toEqual(before.filter((key) => !key.startsWith(image.key.slice(0, 36))));
    expect(after).toEqual(
      expect.arrayContaining([other.key, renditionKey(other.key, 480), renditionKey(other.key, 500)]),
    );
  });
});

describe("cover markup", () => {
  it("with renditions: the original as src, the WebPs as srcset, sizes, width and height, eager with high priority", () => {
    const uuid = "0b8f3f7e-6d3c-4c59-9d7a-2f3c1f0e9a11";
    const cover = coverOf(
      { coverImage: `${uuid}.png` },
      new Map([[`${uuid}.png`, { width: 1200, height: 630, alt: "Canvas", renditions: [480, 800, 1200] }]]),
    );
    const html = renderToStaticMarkup(<Cover cover={cover!} eager sizes={ARTICLE_COVER_SIZES} />);
    expect(html).toContain(`src="/media/${uuid}.png"`);
    const srcSet = `/media/${uuid}-480w.webp 480w, /media/${uuid}-800w.webp 800w, /media/${uuid}-1200w.webp 1200w`;
    expect(html).toContain(`srcSet="${srcSet}" sizes="${ARTICLE_COVER_SIZES}"`);
    expect(html).toContain('width="1200" height="630" loading="eager"');
    expect(html).toContain('fetchPriority="high"');
    // React preloads the eager image with the same candidates, so the preload fetches the WebP.
    expect(html).toContain(
      `<link rel="preload" as="image" imageSrcSet="${srcSet}" imageSizes="${ARTICLE_COVER_SIZES}"`,
    );
  });

  it("without renditions (covers from before): a plain src, no srcset or sizes, still sized and lazy", () => {
    const uuid = "0b8f3f7e-6d3c-4c59-9d7a-2f3c1f0e9a11";
    const cover = coverOf(
      { coverImage: `${uuid}.jpg` },
      new Map([[`${uuid}.jpg`, { width: 800, height: 450, alt: "Old" }]]),
    );
    const html = renderToStaticMarkup(<Cover cover={cover!} />);
    expect(html).toContain(`src="/media/${uuid}.jpg"`);
    expect(html).not.toContain("srcset");
    expect(html).not.toContain("sizes");
    expect(html).toContain('width="800" height="450"');
    expect(html).toContain('loading="lazy"');
  });
});
