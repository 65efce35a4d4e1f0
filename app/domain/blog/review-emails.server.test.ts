import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { admins, emailOutbox } from "~/db/schema";
import { createAdmin } from "../../../tests/helpers/accounts";
import { TEST_SITE_URL } from "../../../tests/helpers/site";
import { createPost, publishDuePosts, updatePost } from "./posts.server";
import { returnFromReview, submitForReview } from "./review.server";

/*
 * The Author hears of their post's review by email (decision 069): sent back (with the note) and
 * published. Each message is written in the guarded batch of the change, so parallel copies leave one.
 */

const draft = (title: string) => ({
  title,
  content: "Some text.",
  excerpt: "An excerpt",
  author: "Rae Writer",
  tags: [],
  status: "draft" as const,
});

const member = async (role: "author" | "marketing") => {
  const { admin } = await createAdmin({ role, name: role === "author" ? "Rae Writer" : "Mo Marketing" });
  return { id: admin.id, email: admin.email };
};

const mail = (to: string, kind: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to.toLowerCase()), eq(emailOutbox.kind, kind)))
    .all();

describe("the Author's review emails", { timeout: 60_000 }, () => {
  it("sent back: the author gets the note and a link to the editor on SITE_URL", async () => {
    const author = await member("author");
    const reviewer = await member("marketing");
    const post = await createPost(author, draft("Sent back by email"));
    await submitForReview(author, post.id);
    await returnFromReview(reviewer, post.id, "Please add a conclusion.");
    const [email] = await mail(author.email, "blog.returned");
    expect(email?.subject).toBe("Your post “Sent back by email” was sent back for changes");
    expect(email?.text).toContain("Please add a conclusion.");
    expect(email?.text).toContain(`${TEST_SITE_URL}/admin/dashboard/blog/${post.id}/edit`);
    expect(email?.html).toContain("Please add a conclusion.");
    // The reviewer hears nothing; a second round is a second email.
    expect(await mail(reviewer.email, "blog.returned")).toHaveLength(0);
    await submitForReview(author, post.id, new Date(Date.now() + 1000));
    await returnFromReview(reviewer, post.id, "");
    const both = await mail(author.email, "blog.returned");
    expect(both).toHaveLength(2);
    expect(both.some((m) => m.text.includes("They left no note."))).toBe(true);
  });

  it("20 parallel returns: one email (the landing return's note)", async () => {
    const author = await member("author");
    const reviewer = await member("marketing");
    const post = await createPost(author, draft("Parallel return email"));
    await submitForReview(author, post.id);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => returnFromReview(reviewer, post.id, `note ${i}`)),
    );
    const landed = outcomes.find((o) => o.status === "fulfilled");
    const emails = await mail(author.email, "blog.returned");
    expect(emails).toHaveLength(1);
    expect(emails[0]?.text).toContain(landed?.status === "fulfilled" ? landed.value.reviewNote : "?");
  });

  it("published: the author gets the public link once, also under 20 parallel publications", async () => {
    const author = await member("author");
    const reviewer = await member("marketing");
    const post = await createPost(author, draft("Live by email"));
    await submitForReview(author, post.id);
    await Promise.allSettled(Array.from({ length: 20 }, () => updatePost(reviewer, post.id, { status: "published" })));
    const emails = await mail(author.email, "blog.published");
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe("Your post “Live by email” is published");
    expect(emails[0]?.text).toContain(`${TEST_SITE_URL}/blog/${post.slug}`);
    // Unpublished and published again: no second email.
    await updatePost(reviewer, post.id, { status: "draft" });
    await updatePost(reviewer, post.id, { status: "published" });
    expect(await mail(author.email, "blog.published")).toHaveLength(1);
  });

  it("the scheduler publishing an Author's post tells them; nobody is told of their own or a disabled author's", async () => {
    const author = await member("author");
    const reviewer = await member("marketing");
    const at = new Date("2026-11-10T09:00:00Z");
    const scheduled = await createPost(author, draft("Scheduled by email"));
    await updatePost(reviewer, scheduled.id, { publishAt: at });
    await publishDuePosts(new Date(at.getTime() + 60_000));
    expect(await mail(author.email, "blog.published")).toHaveLength(1);

    // Marketing publishing their own post, or a colleague's (who may publish themselves): no email.
    const own = await createPost(reviewer, draft("Marketing's own"));
    await updatePost(reviewer, own.id, { status: "published" });
    expect(await mail(reviewer.email, "blog.published")).toHaveLength(0);

    // A disabled author (decision 070) gets nothing.
    const gone = await member("author");
    const theirs = await createPost(gone, draft("Disabled author's"));
    await submitForReview(gone, theirs.id);
    await db().update(admins).set({ disabledAt: new Date() }).where(eq(admins.id, gone.id));
    await returnFromReview(reviewer, theirs.id, "x");
    await submitForReview(reviewer, theirs.id);
    await updatePost(reviewer, theirs.id, { status: "published" });
    expect(await mail(gone.email, "blog.returned")).toHaveLength(0);
    expect(await mail(gone.email, "blog.published")).toHaveLength(0);
  });
});
