import { describe, expect, it } from "vitest";
import { countPostsInReview } from "~/domain/blog/review.server";
import { createActor } from "../../../tests/helpers/accounts";
import { auditsOf as audits } from "../../../tests/helpers/audit";
import { createPost, getPost, updatePost } from "./posts.server";
import { REVIEW_MESSAGES, ReturnSchema, reviewState } from "./review";
import { returnFromReview, submitForReview, withdrawFromReview } from "./review.server";

/** Decision 069: an Author's draft in review, as guarded changes. */

const draft = (title: string) => ({
  title,
  content: "Some **markdown**.",
  excerpt: "An excerpt",
  author: "Author",
  tags: [],
  status: "draft" as const,
});

describe("review of a post", { timeout: 60_000 }, () => {
  it("submit, send back with a note, submit again, publish: each step audited, the review ends on publishing", async () => {
    const author = await createActor();
    const reviewer = await createActor();
    const post = await createPost(author, draft("Review cycle"));
    expect(reviewState(post)).toBeNull();
    const before = await countPostsInReview();

    const submitted = await submitForReview(author, post.id, new Date("2026-11-20T10:00:00Z"));
    expect(submitted.changed).toBe(true);
    expect(submitted.post.reviewRequestedAt?.toISOString()).toBe("2026-11-20T10:00:00.000Z");
    expect(reviewState(submitted.post)).toBe("in-review");
    // The editor's version token does not move: an open editor can still save.
    expect(submitted.post.updatedAt.getTime()).toBe(post.updatedAt.getTime());
    expect(await countPostsInReview()).toBe(before + 1);

    const returned = await returnFromReview(reviewer, post.id, "Please add a conclusion.");
    expect(returned).toMatchObject({
      reviewRequestedAt: null,
      reviewNote: "Please add a conclusion.",
      status: "draft",
    });
    expect(reviewState(returned)).toBe("returned");
    expect(await countPostsInReview()).toBe(before);
    const [audit] = await audits(post.id, "blog.review_returned");
    expect(audit).toMatchObject({ actorId: reviewer.id, after: { reviewNote: "Please add a conclusion." } });

    const again = await submitForReview(author, post.id);
    expect(again.post).toMatchObject({ reviewNote: null });
    expect(reviewState(again.post)).toBe("in-review");

    await updatePost(reviewer, post.id, { status: "published" });
    const published = await getPost(post.id);
    expect(published).toMatchObject({ status: "published", reviewRequestedAt: null, reviewNote: null });
    expect(await audits(post.id, "blog.review_requested")).toHaveLength(2);
  });

  it("a note-less return still marks the draft as sent back", async () => {
    const actor = await createActor();
    const post = await createPost(actor, draft("No note"));
    await submitForReview(actor, post.id);
    const returned = await returnFromReview(actor, post.id, ReturnSchema.parse({}).note);
    expect(returned.reviewNote).toBe("");
    expect(reviewState(returned)).toBe("returned");
  });

  it("refuses a published or scheduled post, and a return of a post not in review, changing nothing", async () => {
    const actor = await createActor();
    const published = await createPost(actor, { ...draft("Live"), status: "published" });
    await expect(submitForReview(actor, published.id)).rejects.toMatchObject({
      status: 409,
      message: REVIEW_MESSAGES.notSubmittable,
    });
    const scheduled = await createPost(actor, { ...draft("Later"), publishAt: new Date(Date.now() + 86_400_000) });
    await expect(submitForReview(actor, scheduled.id)).rejects.toMatchObject({ status: 409 });
    const plain = await createPost(actor, draft("Not in review"));
    await expect(returnFromReview(actor, plain.id, "x")).rejects.toMatchObject({
      status: 409,
      message: REVIEW_MESSAGES.notInReview,
    });
    await expect(submitForReview(actor, "no-such-post")).rejects.toMatchObject({ status: 404 });
    for (const id of [published.id, scheduled.id, plain.id]) {
      expect((await getPost(id)).reviewRequestedAt).toBeNull();
      expect(await audits(id, "blog.review_requested")).toHaveLength(0);
      expect(await audits(id, "blog.review_returned")).toHaveLength(0);
    }
  });

  it("a note over 1000 characters is refused with its message", () => {
    const parsed = ReturnSchema.safeParse({ note: "x".repeat(1001) });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(REVIEW_MESSAGES.noteTooLong);
  });

  it("20 parallel submits: one state change, one audit record; every answer shows the post in review", async () => {
    const actor = await createActor();
    for (let round = 0; round < 5; round++) {
      const post = await createPost(actor, draft(`Parallel submit ${round}`));
      const results = await Promise.all(Array.from({ length: 20 }, () => submitForReview(actor, post.id)));
      expect(results.filter((r) => r.changed)).toHaveLength(1);
      expect(results.every((r) => r.post.reviewRequestedAt !== null)).toBe(true);
      expect(await audits(post.id, "blog.review_requested")).toHaveLength(1);
    }
  });

  it("20 parallel returns: one lands and is audited, the others answer 409", async () => {
    const actor = await createActor();
    const post = await createPost(actor, draft("Parallel return"));
    await submitForReview(actor, post.id);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => returnFromReview(actor, post.id, `note ${i}`)),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    for (const o of outcomes) if (o.status === "rejected") expect(o.reason).toMatchObject({ status: 409 });
    expect(await audits(post.id, "blog.review_returned")).toHaveLength(1);
  });

  it("the author withdraws a submission: a plain draft again, audited; a post not in review is refused, unchanged", async () => {
    const author = await createActor();
    const post = await createPost(author, draft("Withdrawn"));
    await submitForReview(author, post.id, new Date("2026-11-20T10:00:00Z"));
    const before = await countPostsInReview();
    const withdrawn = await withdrawFromReview(author, post.id);
    expect(withdrawn).toMatchObject({ status: "draft", reviewRequestedAt: null, reviewNote: null });
    expect(reviewState(withdrawn)).toBeNull();
    expect(await countPostsInReview()).toBe(before - 1);
    const [audit] = await audits(post.id, "blog.review_withdrawn");
    expect(audit).toMatchObject({
      actorId: author.id,
      before: { reviewRequestedAt: "2026-11-20T10:00:00.000Z" },
      after: { reviewRequestedAt: null },
    });

    // Withdrawn already, never submitted, or published: the clear 409, nothing changes.
    const plain = await createPost(author, draft("Never submitted"));
    const live = await createPost(author, { ...draft("Live post"), status: "published" });
    for (const id of [post.id, plain.id, live.id]) {
      await expect(withdrawFromReview(author, id)).rejects.toMatchObject({
        status: 409,
        message: REVIEW_MESSAGES.notWithdrawable,
      });
    }
    expect(await audits(post.id, "blog.review_withdrawn")).toHaveLength(1);
    expect(await audits(plain.id, "blog.review_withdrawn")).toHaveLength(0);
    await expect(withdrawFromReview(author, "no-such-post")).rejects.toMatchObject({ status: 404 });
    // Submitting again works as the first time.
    expect((await submitForReview(author, post.id)).changed).toBe(true);
  });

  it("20 parallel withdraws: one change and one audit record, the others answer 409", async () => {
    const author = await createActor();
    const post = await createPost(author, draft("Parallel withdraw"));
    await submitForReview(author, post.id);
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => withdrawFromReview(author, post.id)));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    for (const o of outcomes) {
      if (o.status === "rejected")
        expect(o.reason).toMatchObject({ status: 409, message: REVIEW_MESSAGES.notWithdrawable });
    }
    expect(await audits(post.id, "blog.review_withdrawn")).toHaveLength(1);
    expect((await getPost(post.id)).reviewRequestedAt).toBeNull();
  });
});
