import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { admins, type BlogPost } from "~/db/schema";
import { can } from "~/domain/accounts/permissions";
import type { AuditActor } from "~/domain/audit/audit.server";
import type { OutgoingEmail } from "~/domain/email/outbox.server";
import { composeEmail } from "~/emails/render.server";
import { BRAND } from "~/lib/brand";
import { siteUrl } from "~/lib/config.server";
import { postPath } from "./format";

/*
 * What the Author of a post hears about its review by email (decision 069, issue 25): that a
 * reviewer sent it back (with the note) and that it was published. Each message is written in the
 * same guarded batch as the change (the one outbox, decision 056), so of twenty parallel returns or
 * publications only the one that lands leaves an email. Links come from SITE_URL only (decision 040).
 */

type PostLike = Pick<BlogPost, "id" | "title" | "slug" | "createdBy">;

type Author = { email: string; name: string };

/** The member who wrote the post, when they should hear of it: an active, enabled account other than the actor. */
export async function authorToTell(post: PostLike, actor: AuditActor) {
  if (!post.createdBy || post.createdBy === actor.id) return null;
  const author = await db()
    .select({
      id: admins.id,
      email: admins.email,
      name: admins.name,
      role: admins.role,
      status: admins.status,
      disabledAt: admins.disabledAt,
    })
    .from(admins)
    .where(eq(admins.id, post.createdBy))
    .get();
  if (author?.status !== "active" || author.disabledAt) return null;
  return author;
}

/** The editor of the post in the console, on the configured site. */
const editorLink = (post: PostLike) => `${siteUrl()}/admin/dashboard/blog/${encodeURIComponent(post.id)}/edit`;

/** "Your post was sent back", with the reviewer's note; once per review round (the key holds the time it was submitted). */
export function reviewReturnedEmail(
  post: PostLike,
  author: Author,
  note: string,
  submittedAt: Date,
): Promise<OutgoingEmail> {
  const link = editorLink(post);
  return composeEmail(
    {
      kind: "blog.returned",
      to: author.email,
      subject: `Your post “${post.title}” was sent back for changes`,
      idempotencyKey: `blog.returned:${post.id}:${submittedAt.getTime()}`,
    },
    {
      preview: note ? `A note from the reviewer: ${note.slice(0, 120)}` : "A reviewer sent your post back for changes.",
      heading: "Your post was sent back",
      greeting: `Hello ${author.name},`,
      blocks: [
        { p: `A reviewer sent your post “${post.title}” back to you as a draft.` },
        note ? { details: [["Note from the reviewer", note]] } : { p: "They left no note." },
        { p: "Make your changes, then submit it for review again." },
        { button: { label: "Open the post", href: link } },
      ],
    },
  );
}

/** "Your post is live"; once per post, whatever happens to it later. */
export function postPublishedEmail(post: PostLike, author: Author): Promise<OutgoingEmail> {
  const link = `${siteUrl()}${postPath(post)}`;
  return composeEmail(
    {
      kind: "blog.published",
      to: author.email,
      subject: `Your post “${post.title}” is published`,
      idempotencyKey: `blog.published:${post.id}`,
    },
    {
      preview: `“${post.title}” is now live on the ${BRAND.name} blog.`,
      heading: "Your post is published",
      greeting: `Hello ${author.name},`,
      blocks: [
        { p: `Your post “${post.title}” is now live on the ${BRAND.name} blog.` },
        { button: { label: "Read it on the blog", href: link } },
      ],
    },
  );
}

/** The send-back notice for the author of `post`, or null when nobody is to be told. */
export async function returnedNotice(post: PostLike, actor: AuditActor, note: string, submittedAt: Date) {
  const author = await authorToTell(post, actor);
  return author ? reviewReturnedEmail(post, author, note, submittedAt) : null;
}

/**
 * The "published" notice: to an Author (a member who may not publish, so someone else or the
 * scheduler did) when their post goes live; null for anyone else.
 */
export async function publishedNotice(post: PostLike, actor: AuditActor) {
  const author = await authorToTell(post, actor);
  if (!author || can(author.role, "publish:blog-post:any")) return null;
  return postPublishedEmail(post, author);
}
