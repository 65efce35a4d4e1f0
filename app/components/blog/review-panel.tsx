import { Send, Undo2 } from "lucide-react";
import { href } from "react-router";
import { REVIEW_NOTE_MAX } from "~/domain/blog/review";
import { ErrorAlert, InReviewBadge } from "./admin";

export type ReviewView = {
  state: "in-review" | "returned" | null;
  /** When it was submitted, as the business reads it. */
  since: string | null;
  note: string | null;
  /** The member may submit this post (their own draft, not in review, not scheduled). */
  maySubmit: boolean;
  /** The member may withdraw this post from review (their own submission). */
  mayWithdraw: boolean;
  /** The member may publish or send it back (Marketing or above, post in review). */
  mayReview: boolean;
  error: string | null;
};

/**
 * The editor's review card (decision 069): an Author submits their draft; Marketing or above
 * publishes it or sends it back with a note, which the Author then reads here; until then the
 * Author may withdraw their submission to keep working on it. Plain forms posted
 * to the review route, so they work without JavaScript.
 */
export function ReviewPanel({ postId, review }: { postId: string; review: ReviewView }) {
  const { state, since, note, maySubmit, mayWithdraw, mayReview, error } = review;
  if (!state && !maySubmit && !error) return null;
  const action = href("/admin/dashboard/blog/:id/review", { id: postId });
  return (
    <section id="review" aria-labelledby="review-heading" className="card space-y-4 p-5 sm:p-6" data-testid="review">
      <h2 id="review-heading" className="flex flex-wrap items-center gap-2 text-lg font-semibold">
        Review {state === "in-review" ? <InReviewBadge /> : null}
      </h2>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      {state === "in-review" ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Submitted for review {since}.{" "}
          {mayReview
            ? "Publish it, or send it back to its author."
            : "A member with the Marketing role or above publishes it or sends it back."}
        </p>
      ) : null}
      {state === "returned" ? (
        <div
          className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          data-testid="review-note"
        >
          <p className="font-semibold">Sent back for changes</p>
          {note ? <p className="mt-1 break-words whitespace-pre-line">{note}</p> : null}
        </div>
      ) : null}
      {maySubmit ? (
        <form method="post" action={action} className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Save your changes first, then send the draft to a reviewer.
          </p>
          <button type="submit" name="intent" value="submit" className="btn-primary">
            <Send aria-hidden className="size-4" /> Submit for review
          </button>
        </form>
      ) : null}
      {mayWithdraw ? (
        <form method="post" action={action} className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Withdraw it to keep working on it; submit it again when it is ready.
          </p>
          <button type="submit" name="intent" value="withdraw" className="btn-secondary">
            <Undo2 aria-hidden className="size-4" /> Withdraw submission
          </button>
        </form>
      ) : null}
      {mayReview ? (
        <div className="space-y-4">
          <form method="post" action={action}>
            <button type="submit" name="intent" value="publish" className="btn-primary">
              Publish now
            </button>
          </form>
          <form
            method="post"
            action={action}
            className="space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800"
          >
            <div>
              <label htmlFor="review-note-input" className="label">
                Note for the author (optional)
              </label>
              <textarea id="review-note-input" name="note" rows={3} maxLength={REVIEW_NOTE_MAX} className="input" />
            </div>
            <button type="submit" name="intent" value="return" className="btn-secondary">
              <Undo2 aria-hidden className="size-4" /> Send back
            </button>
          </form>
        </div>
      ) : null}
    </section>
  );
}
