import { and, desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { guardedBatch, rowMatches } from "~/db/guarded.server";
import { blogImages, blogPosts } from "~/db/schema";
import { type AuditActor, auditStatement } from "~/domain/audit/audit.server";
import { AppError, isAppError } from "~/lib/errors";
import { purgePublicBlogPages } from "./content-version.server";
import {
  IMAGE_MESSAGES,
  ImageAltSchema,
  ImagePurposeSchema,
  imageMarkdown,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_SIDE,
  newImageKey,
  sniffImage,
} from "./images";
import { renderMarkdown } from "./markdown";
import { deleteImageObject, imageSizes, mediaKeysIn, putImageObject, putRenditions } from "./media.server";
import { getPost } from "./posts.server";
import { BLOG_LIMITS } from "./schemas";

export type UploadFieldErrors = Partial<Record<"file" | "alt" | "purpose", string>>;

/** A refused upload: what is wrong with which field, nothing stored. */
export class UploadError extends AppError {
  constructor(readonly fields: UploadFieldErrors) {
    super(400, Object.values(fields)[0] ?? IMAGE_MESSAGES.missing);
  }
}

/**
 * Checks an upload before anything is stored: alt text, purpose, a non-empty file of at most
 * 5 MB whose first bytes are a JPEG, PNG, WebP, AVIF or GIF with a readable pixel size of at
 * most MAX_IMAGE_SIDE on each side.
 */
export async function readUpload(form: FormData) {
  const errors: UploadFieldErrors = {};
  const alt = ImageAltSchema.safeParse(form.get("alt") ?? "");
  if (!alt.success) errors.alt = alt.error.issues[0]?.message;
  const purpose = ImagePurposeSchema.safeParse(form.get("purpose"));
  if (!purpose.success) errors.purpose = purpose.error.issues[0]?.message;
  const file = form.get("file");
  let image: {
    bytes: Uint8Array;
    type: NonNullable<ReturnType<typeof sniffImage>>["type"];
    width: number;
    height: number;
  } | null = null;
  if (!(file instanceof File) || (file.size === 0 && !file.name)) errors.file = IMAGE_MESSAGES.missing;
  else if (file.size === 0) errors.file = IMAGE_MESSAGES.empty;
  else if (file.size > MAX_IMAGE_BYTES) errors.file = IMAGE_MESSAGES.tooLarge;
  else {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const info = sniffImage(bytes);
    if (!info) errors.file = IMAGE_MESSAGES.type;
    else if (info.width < 1 || info.height < 1) errors.file = IMAGE_MESSAGES.dimensions;
    else if (info.width > MAX_IMAGE_SIDE || info.height > MAX_IMAGE_SIDE) {
      errors.file = IMAGE_MESSAGES.tooManyPixels(info.width, info.height);
    } else image = { bytes, ...info };
  }
  if (!image || !alt.success || !purpose.success) throw new UploadError(errors);
  return { image, alt: alt.data, purpose: purpose.data };
}

/** Parallel uploads into one post's text each retry on the text the others left. */
const APPEND_ATTEMPTS = 25;

const TEXT_FULL = `The content is at its ${BLOG_LIMITS.content.toLocaleString("en-US")}-character limit: make room before adding an image`;

/**
 * Stores an uploaded image for a post: the bytes and their WebP renditions in R2, then ONE
 * guarded batch (decision 013) with its row in blog_images, the post's change (the cover, or the image appended to the text
 * as markdown and the HTML re-rendered) and the audit record. A refused batch leaves no orphan
 * object (original or rendition) in R2. Parallel covers: the last one wins; parallel content images: all are appended.
 */
export async function uploadPostImage(actor: AuditActor, postId: string, form: FormData, now = new Date()) {
  const { image, alt, purpose } = await readUpload(form);
  await getPost(postId);
  const key = newImageKey(image.type);
  const markdown = imageMarkdown(alt, key);
  const client = db();
  await putImageObject(key, image.bytes, image.type);
  // The WebP renditions (decision 028), stored before the row that names them; never refuses
  // the upload (a failed transform leaves the original alone).
  const renditions = await putRenditions(key, image.bytes, image);
  const row = {
    key,
    postId,
    type: image.type,
    bytes: image.bytes.byteLength,
    width: image.width,
    height: image.height,
    alt,
    renditions: renditions.length > 0 ? renditions : null,
    createdAt: now,
  };
  try {
    for (let attempt = 1; ; attempt++) {
      const post = await getPost(postId);
      let guard = rowMatches("post exists", blogPosts, eq(blogPosts.id, postId));
      let change = client.update(blogPosts).set({ coverImage: key, updatedAt: now }).where(eq(blogPosts.id, postId));
      if (purpose === "content") {
        const content = `${post.content.replace(/\s+$/, "")}\n\n${markdown}\n`;
        if (content.length > BLOG_LIMITS.content) throw new UploadError({ file: TEXT_FULL });
        const sizes = await imageSizes(mediaKeysIn(post.content));
        const html = renderMarkdown(content, new Map([...sizes, [key, row]]));
        guard = rowMatches(
          "text unchanged",
          blogPosts,
          and(eq(blogPosts.id, postId), eq(blogPosts.content, post.content)),
        );
        change = client
          .update(blogPosts)
          .set({ content, contentHtml: html, updatedAt: now })
          .where(eq(blogPosts.id, postId));
      }
      try {
        await guardedBatch(
          guard,
          [
            client.insert(blogImages).values(row),
            change,
            auditStatement(actor, "blog.image_uploaded", "blog_post", postId, null, { ...row, purpose }),
          ],
          () => new AppError(409, RETRY),
        );
        break;
      } catch (error) {
        // The text changed meanwhile (another upload or a save): append to the new text.
        if (!(isAppError(error) && error.message === RETRY) || attempt >= APPEND_ATTEMPTS) throw error;
      }
    }
  } catch (error) {
    await deleteImageObject(key);
    if (isAppError(error) && error.message === RETRY) {
      // Either the post is gone or it kept changing: say which.
      await getPost(postId);
      throw new AppError(409, "The post kept changing meanwhile. Reload it and try again.");
    }
    throw error;
  }
  await purgePublicBlogPages();
  return { ...row, purpose, markdown };
}

const RETRY = "retry upload";

/** The images uploaded for a post, newest first (the editor lists them with their markdown). */
export async function postImages(postId: string) {
  return db()
    .select()
    .from(blogImages)
    .where(eq(blogImages.postId, postId))
    .orderBy(desc(blogImages.createdAt))
    .limit(100)
    .all();
}
