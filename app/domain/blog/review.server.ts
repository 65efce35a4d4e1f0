import { and, count, eq, isNotNull, isNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { guardedBatch, rowMatches } from "~/db/guarded.server";
import { type BlogPost, blogPosts } from "~/db/schema";
import { type AuditActor, auditStatement } from "~/domain/audit/audit.server";
import { deliverSoon, emailStatement } from "~/domain/email/outbox.server";
import { AppError } from "~/lib/errors";
import { returnedNotice } from "./emails.server";
import { POST_NOT_FOUND } from "./messages";
import { findPost, getPost } from "./posts.server";
import { REVIEW_MESSAGES } from "./review";

export { ReturnSchema } from "./review";

/*
 * An Author's post in review (decision 069): a draft with `review_requested_at` set. The Author
 * submits it; Marketing or above publishes it (which ends the review, see updatePost) or sends it
 * back with an optional note the Author reads in the editor. Each is a guarded change (decision
 * 013): of parallel copies one changes the post and writes the one audit record.
 */

const notSubmittable = () => new AppError(409, REVIEW_MESSAGES.notSubmittable, { code: "blog.not_submittable" });
const notInReview = () => new AppError(409, REVIEW_MESSAGES.notInReview, { code: "blog.not_in_review" });
const notWithdrawable = () => new AppError(409, REVIEW_MESSAGES.notWithdrawable, { code: "blog.not_in_review" });

/**
 * Submits a draft for review. The same submit sent twice (or twenty times at once) finds its work
 * done and answers the post unchanged: one state change, one audit record.
 */
export async function submitForReview(actor: AuditActor, id: string, now = new Date()) {
  const before = await getPost(id);
  if (before.reviewRequestedAt) return { post: before, changed: false };
  if (before.status !== "draft" || before.publishAt) throw notSubmittable();
  const client = db();
  try {
    const [updated] = await guardedBatch(
      rowMatches(
        "a draft not in review",
        blogPosts,
        and(
          eq(blogPosts.id, id),
          eq(blogPosts.status, "draft"),
          isNull(blogPosts.publishAt),
          isNull(blogPosts.reviewRequestedAt),
        ),
      ),
      [
        // The editor's version token (updatedAt) stays: submitting changes no text being edited.
        client
          .update(blogPosts)
          .set({ reviewRequestedAt: now, reviewNote: null })
          .where(eq(blogPosts.id, id))
          .returning(),
        auditStatement(
          actor,
          "blog.review_requested",
          "blog_post",
          id,
          { reviewNote: before.reviewNote },
          { reviewRequestedAt: now.toISOString() },
        ),
      ],
      () => notSubmittable(),
    );
    const post = (updated as BlogPost[])[0];
    if (!post) throw new AppError(404, POST_NOT_FOUND);
    return { post, changed: true };
  } catch (error) {
    const current = await findPost(id);
    if (!current) throw new AppError(404, POST_NOT_FOUND);
    if (current.reviewRequestedAt) return { post: current, changed: false };
    throw error;
  }
}

/**
 * Ends a post's review as one guarded change: only while it is still in the review `before` saw
 * (of parallel copies one lands with its audit record and email, the others get `refused`).
 */
async function endReview(
  before: BlogPost & { reviewRequestedAt: Date },
  reviewNote: string | null,
  audit: ReturnType<typeof auditStatement>,
  email: Awaited<ReturnType<typeof returnedNotice>>,
  refused: () => AppError,
) {
  const { id } = before;
  const [updated] = await guardedBatch(
    rowMatches(
      "still in review",
      blogPosts,
      and(eq(blogPosts.id, id), eq(blogPosts.reviewRequestedAt, before.reviewRequestedAt)),
    ),
    [
      db().update(blogPosts).set({ reviewRequestedAt: null, reviewNote }).where(eq(blogPosts.id, id)).returning(),
      audit,
      ...(email ? [emailStatement(email)] : []),
    ],
    async () => ((await findPost(id)) ? refused() : new AppError(404, POST_NOT_FOUND)),
  );
  const post = (updated as BlogPost[])[0];
  if (!post) throw new AppError(404, POST_NOT_FOUND);
  if (email) deliverSoon([email.idempotencyKey]);
  return post;
}

const inReview = (post: BlogPost): post is BlogPost & { reviewRequestedAt: Date } => post.reviewRequestedAt !== null;

/**
 * Sends a post in review back to its author as a draft, with an optional note. Only while it is
 * still in review: of parallel returns one lands, the others answer 409.
 */
export async function returnFromReview(actor: AuditActor, id: string, note: string, now = new Date()) {
  const before = await getPost(id);
  if (!inReview(before)) throw notInReview();
  // The author hears of it with the note, written in the same batch: only the return that lands leaves it.
  const email = await returnedNotice(before, actor, note, before.reviewRequestedAt);
  const audit = auditStatement(
    actor,
    "blog.review_returned",
    "blog_post",
    id,
    { reviewRequestedAt: before.reviewRequestedAt.toISOString() },
    { reviewNote: note, returnedAt: now.toISOString() },
  );
  return endReview(before, note, audit, email, notInReview);
}

/**
 * Withdraws a submission: the post in review goes back to being its author's plain draft (no
 * note: nobody sent it back). Only while it is still in review: of parallel withdraws one lands
 * with its one audit record, the others (and a post not in review) answer 409.
 */
export async function withdrawFromReview(actor: AuditActor, id: string, now = new Date()) {
  const before = await getPost(id);
  if (!inReview(before)) throw notWithdrawable();
  const audit = auditStatement(
    actor,
    "blog.review_withdrawn",
    "blog_post",
    id,
    { reviewRequestedAt: before.reviewRequestedAt.toISOString() },
    { reviewRequestedAt: null, withdrawnAt: now.toISOString() },
  );
  return endReview(before, null, audit, null, notWithdrawable);
}

/** How many posts wait for review: the console's badge for members who may publish. */
export async function countPostsInReview() {
  const row = await db().select({ n: count() }).from(blogPosts).where(isNotNull(blogPosts.reviewRequestedAt)).get();
  return row?.n ?? 0;
}
