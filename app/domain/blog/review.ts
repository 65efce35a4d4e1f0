import { z } from "zod";
import type { BlogPost } from "~/db/schema";

/* What the review of an Author's post (decision 069) shares between the server and the editor. */

export const REVIEW_MESSAGES = {
  notSubmittable: "Only a draft that is not scheduled can be submitted for review.",
  notInReview: "This post is not in review: it was published or sent back meanwhile.",
  notWithdrawable: "This post is not in review, so there is no submission to withdraw.",
  noteTooLong: "The note can be at most 1000 characters.",
} as const;

export const REVIEW_NOTE_MAX = 1000;

/**
 * Sending a post back: an optional note for its author. Stored as given, "" when there is none:
 * a non-null note is what marks a draft as sent back, so its author sees that it was.
 */
export const ReturnSchema = z.object({
  note: z
    .string()
    .trim()
    .max(REVIEW_NOTE_MAX, REVIEW_MESSAGES.noteTooLong)
    .optional()
    .transform((note) => note ?? ""),
});

/** Where a post stands in review: waiting, sent back (with or without a note), or neither. */
export function reviewState(post: Pick<BlogPost, "status" | "reviewRequestedAt" | "reviewNote">) {
  if (post.reviewRequestedAt) return "in-review" as const;
  if (post.status === "draft" && post.reviewNote !== null) return "returned" as const;
  return null;
}
