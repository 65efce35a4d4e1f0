import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, blogImages } from "~/db/schema";
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from "./images";
import { MEDIA_CACHE_CONTROL, serveImage } from "./media.server";
import { getPost, updatePost } from "./posts.server";
import { MISSING_ALT } from "./schemas";
import { gif, imageForm, jpeg, png, pngOfSize, webpLossy } from "./testing/image-bytes";
import { EDITOR as actor, introDraft } from "./testing/posts";
import { uploadPostImage } from "./uploads.server";

const newPost = () => introDraft("With pictures");

/** This file's upload: a photo of a dashboard unless told otherwise. */
const uploadForm = (bytes: Uint8Array, options: Parameters<typeof imageForm>[1] = {}) =>
  imageForm(bytes, { name: "photo.png", alt: "A dashboard", ...options });

const objectCount = async () => (await env.MEDIA.list()).objects.length;
const imageRows = (postId: string) => db().select().from(blogImages).where(eq(blogImages.postId, postId)).all();

describe("uploading a blog image", () => {
  it("a cover: bytes in R2 with their type, size and pixel dimensions in D1, the post's cover set, audited", async () => {
    const post = await newPost();
    const image = await uploadPostImage(
      actor,
      post.id,
      uploadForm(jpeg(1600, 900), { name: "cover.jpg", type: "image/jpeg" }),
    );
    expect(image).toMatchObject({ type: "image/jpeg", width: 1600, height: 900, alt: "A dashboard", purpose: "cover" });
    expect(image.key).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    const object = await env.MEDIA.get(image.key);
    expect(object?.httpMetadata?.contentType).toBe("image/jpeg");
    expect(object?.size).toBe(jpeg(1600, 900).byteLength);
    expect(await imageRows(post.id)).toMatchObject([{ key: image.key, width: 1600, height: 900, bytes: object?.size }]);
    expect((await getPost(post.id)).coverImage).toBe(image.key);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.targetId, post.id)).all()).map(
      (a) => a.action,
    );
    expect(actions).toContain("blog.image_uploaded");
  });

  it("an image in the content: appended as markdown, rendered with its width, height and lazy loading", async () => {
    const post = await newPost();
    const image = await uploadPostImage(
      actor,
      post.id,
      uploadForm(webpLossy(800, 450), { purpose: "content", alt: "Flow chart" }),
    );
    const saved = await getPost(post.id);
    expect(saved.content).toBe(`Intro text.\n\n![Flow chart](/media/${image.key})\n`);
    expect(saved.contentHtml).toContain(
      `<img src="/media/${image.key}" alt="Flow chart" width="800" height="450" loading="lazy" decoding="async">`,
    );
    // Moving the markdown elsewhere in an edit keeps the stored size.
    const { post: edited } = await updatePost(actor, post.id, {
      content: `![Flow chart](/media/${image.key})\n\nAfter.`,
    });
    expect(edited.contentHtml).toContain('width="800" height="450"');
  });

  it("the type comes from the bytes, never from the file name or the browser's claim", async () => {
    const post = await newPost();
    const before = await objectCount();
    const svg = new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>");
    await expect(
      uploadPostImage(actor, post.id, uploadForm(svg, { name: "photo.png", type: "image/png" })),
    ).rejects.toMatchObject({
      status: 400,
      fields: { file: IMAGE_MESSAGES.type },
    });
    expect(await objectCount()).toBe(before);
    expect(await imageRows(post.id)).toEqual([]);
    // A GIF named .txt and sent as text/plain is a GIF.
    const gifImage = await uploadPostImage(
      actor,
      post.id,
      uploadForm(gif(40, 30), { name: "notes.txt", type: "text/plain" }),
    );
    expect(gifImage).toMatchObject({ type: "image/gif", width: 40, height: 30 });
    expect(gifImage.key).toMatch(/\.gif$/);
  });

  it("5 MB and 8,000 px a side are the most; empty files, unreadable sizes, missing alt text and missing files are refused", async () => {
    const post = await newPost();
    const largest = await uploadPostImage(actor, post.id, uploadForm(pngOfSize(MAX_IMAGE_BYTES)));
    expect(largest.bytes).toBe(MAX_IMAGE_BYTES);
    const widest = await uploadPostImage(actor, post.id, uploadForm(png(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE)));
    expect([widest.width, widest.height]).toEqual([MAX_IMAGE_SIDE, MAX_IMAGE_SIDE]);
    const before = await objectCount();
    const refusals: [FormData, object][] = [
      [uploadForm(pngOfSize(MAX_IMAGE_BYTES + 1)), { file: IMAGE_MESSAGES.tooLarge }],
      [uploadForm(new Uint8Array(0)), { file: IMAGE_MESSAGES.empty }],
      [uploadForm(png(10, 10).slice(0, 12)), { file: IMAGE_MESSAGES.dimensions }],
      // A header-only PNG claiming 60,000 × 60,000 pixels in 33 bytes.
      [
        uploadForm(png(60_000, 60_000)),
        { file: "Images can be at most 8,000 × 8,000 pixels; this one is 60,000 × 60,000" },
      ],
      [uploadForm(png(MAX_IMAGE_SIDE + 1, 10)), { file: IMAGE_MESSAGES.tooManyPixels(MAX_IMAGE_SIDE + 1, 10) }],
      [uploadForm(png(10, 10), { alt: "   " }), { alt: IMAGE_MESSAGES.alt }],
      [uploadForm(png(10, 10), { purpose: "banner" }), { purpose: "Choose where the image goes" }],
    ];
    const noFile = new FormData();
    noFile.set("alt", "x");
    noFile.set("purpose", "cover");
    refusals.push([noFile, { file: IMAGE_MESSAGES.missing }]);
    for (const [form, fields] of refusals) {
      await expect(uploadPostImage(actor, post.id, form)).rejects.toMatchObject({ status: 400, fields });
    }
    expect(await objectCount()).toBe(before);
    expect(await imageRows(post.id)).toHaveLength(2);
  });

  it("for a post that does not exist: 404, nothing stored", async () => {
    const before = await objectCount();
    await expect(uploadPostImage(actor, "no-such-post", uploadForm(png(10, 10)))).rejects.toMatchObject({
      status: 404,
    });
    expect(await objectCount()).toBe(before);
  });

  it("20 parallel uploads: 20 images, each its own key and row", async () => {
    const post = await newPost();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        uploadPostImage(actor, post.id, uploadForm(png(10 + i, 10), { alt: `Image ${i}` })),
      ),
    );
    expect(new Set(results.map((r) => r.key)).size).toBe(20);
    expect(await imageRows(post.id)).toHaveLength(20);
    expect(results.map((r) => r.key)).toContain((await getPost(post.id)).coverImage);
  });

  it("20 parallel images into the content: every one appended once, none lost", async () => {
    const post = await newPost();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        uploadPostImage(actor, post.id, uploadForm(png(10 + i, 10), { alt: `Image ${i}`, purpose: "content" })),
      ),
    );
    const saved = await getPost(post.id);
    for (const { key } of results) expect(saved.content.split(`/media/${key}`)).toHaveLength(2);
    expect(saved.contentHtml.match(/<img /g)).toHaveLength(20);
  });
});

describe("serving /media/<key>", () => {
  it("the bytes with their type and a year of immutable caching; 304 when the browser has them", async () => {
    const post = await newPost();
    const image = await uploadPostImage(actor, post.id, uploadForm(png(30, 20)));
    const response = await serveImage(image.key, new Request(`http://localhost/media/${image.key}`));
    expect(response?.status).toBe(200);
    expect(response?.headers.get("Content-Type")).toBe("image/png");
    expect(response?.headers.get("Cache-Control")).toBe(MEDIA_CACHE_CONTROL);
    expect(MEDIA_CACHE_CONTROL).toBe("public, max-age=31536000, immutable");
    expect(response?.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await (response as Response).arrayBuffer())).toEqual(png(30, 20));
    const etag = response?.headers.get("ETag") ?? "";
    const again = await serveImage(
      image.key,
      new Request(`http://localhost/media/${image.key}`, { headers: { "If-None-Match": etag } }),
    );
    expect(again?.status).toBe(304);
    expect(again?.headers.get("Cache-Control")).toBe(MEDIA_CACHE_CONTROL);
  });

  it("byte ranges: 206 with Content-Range, a suffix, 416 past the end, the whole file for If-Range of another version", async () => {
    const post = await newPost();
    const bytes = png(30, 20);
    const image = await uploadPostImage(actor, post.id, uploadForm(bytes));
    const get = (headers: Record<string, string>) =>
      serveImage(image.key, new Request(`http://localhost/media/${image.key}`, { headers })) as Promise<Response>;
    const whole = await get({});
    expect(whole.headers.get("Accept-Ranges")).toBe("bytes");
    const first = await get({ Range: "bytes=0-1" });
    expect(first.status).toBe(206);
    expect(first.headers.get("Content-Range")).toBe(`bytes 0-1/${bytes.length}`);
    expect(first.headers.get("Content-Length")).toBe("2");
    expect(first.headers.get("Accept-Ranges")).toBe("bytes");
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(bytes.slice(0, 2));
    const suffix = await get({ Range: "bytes=-5" });
    expect(suffix.headers.get("Content-Range")).toBe(`bytes ${bytes.length - 5}-${bytes.length - 1}/${bytes.length}`);
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(bytes.slice(-5));
    const past = await get({ Range: `bytes=${bytes.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get("Content-Range")).toBe(`bytes */${bytes.length}`);
    const stale = await get({ Range: "bytes=0-1", "If-Range": '"another-version"' });
    expect(stale.status).toBe(200);
    expect(new Uint8Array(await stale.arrayBuffer())).toEqual(bytes);
    const current = await get({ Range: "bytes=0-1", "If-Range": whole.headers.get("ETag") ?? "" });
    expect(current.status).toBe(206);
  });

  it("unknown and malformed keys are not found (and never reach R2 with a path)", async () => {
    expect(await serveImage("00000000-0000-0000-0000-000000000000.png", new Request("http://localhost/"))).toBeNull();
    expect(await serveImage("../secrets", new Request("http://localhost/"))).toBeNull();
  });
});

describe("alt text in the markdown", () => {
  it("an image without alt text is refused on save", async () => {
    const { ContentSchema } = await import("./schemas");
    expect(ContentSchema.safeParse("Text ![](/media/x.png)").error?.issues[0]?.message).toBe(MISSING_ALT);
    expect(ContentSchema.safeParse("Text ![ ][ref]\n\n[ref]: /a.png").success).toBe(false);
    expect(ContentSchema.safeParse("Text ![A chart](/media/x.png) and [](empty link)").success).toBe(true);
  });
});
