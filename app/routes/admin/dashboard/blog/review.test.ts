import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { createPost, getPost } from "~/domain/blog/posts.server";
import { createAdmin } from "../../../../../tests/helpers/accounts";
import { routeArgs as args, outcome } from "../../../../../tests/helpers/route-call";
import { loader as editorLoader } from "./editor";
import { action } from "./review";

/** The editor's review forms (decision 069): who may do what, server-side. */

type Member = Awaited<ReturnType<typeof createAdmin>>;
let author: Member;
let otherAuthor: Member;
let marketing: Member;

beforeAll(async () => {
  author = await createAdmin({ role: "author" });
  otherAuthor = await createAdmin({ role: "author" });
  marketing = await createAdmin({ role: "marketing" });
});

const post = (who: Member) =>
  createPost(
    { id: who.admin.id, email: who.admin.email },
    { title: "Review me", content: "Text", excerpt: "Excerpt", author: "Ann", tags: [], status: "draft" },
  );

const send = (who: Member, id: string, fields: Record<string, string>) =>
  outcome(() =>
    action(
      args(
        new Request(`http://localhost/admin/dashboard/blog/${id}/review`, {
          method: "POST",
          headers: { Authorization: `Bearer ${who.token}` },
          body: new URLSearchParams(fields),
        }),
        { id },
      ),
    ),
  );

const editor = async (who: Member, id: string) =>
  (await editorLoader(
    args(
      new Request(`http://localhost/admin/dashboard/blog/${id}/edit`, {
        headers: { Authorization: `Bearer ${who.token}` },
      }),
      {
        id,
      },
    ),
  )) as {
    review: { state: string | null; maySubmit: boolean; mayWithdraw: boolean; mayReview: boolean; note: string | null };
  };

const statusOf = (result: unknown) =>
  (result as { status?: number; init?: { status?: number } }).init?.status ?? (result as Response).status;

describe("review forms", () => {
  it("the Author submits; Marketing sees it in review and sends it back; the Author reads the note", async () => {
    const created = await post(author);
    expect((await editor(author, created.id)).review).toMatchObject({ state: null, maySubmit: true, mayReview: false });
    const submitted = (await send(author, created.id, { intent: "submit" })) as Response;
    expect(submitted.headers.get("Location")).toBe("/admin/dashboard/blog?notice=submitted");
    expect((await editor(marketing, created.id)).review).toMatchObject({ state: "in-review", mayReview: true });
    expect((await editor(author, created.id)).review).toMatchObject({
      state: "in-review",
      maySubmit: false,
      mayReview: false,
    });
    const returned = (await send(marketing, created.id, { intent: "return", note: "Shorter, please." })) as Response;
    expect(returned.headers.get("Location")).toBe("/admin/dashboard/blog?notice=returned");
    expect((await editor(author, created.id)).review).toMatchObject({
      state: "returned",
      note: "Shorter, please.",
      maySubmit: true,
    });
  });

  it("an Author can neither publish nor send back, not even their own post, nor submit another's", async () => {
    const created = await post(author);
    await send(author, created.id, { intent: "submit" });
    expect(statusOf(await send(author, created.id, { intent: "publish" }))).toBe(403);
    expect(statusOf(await send(author, created.id, { intent: "return" }))).toBe(403);
    const others = await post(otherAuthor);
    expect(statusOf(await send(author, others.id, { intent: "submit" }))).toBe(403);
    expect(await getPost(created.id)).toMatchObject({ status: "draft" });
    expect((await getPost(others.id)).reviewRequestedAt).toBeNull();
  });

  it("Marketing publishes from review: published, review ended, audited", async () => {
    const created = await post(author);
    await send(author, created.id, { intent: "submit" });
    const published = (await send(marketing, created.id, { intent: "publish" })) as Response;
    expect(published.headers.get("Location")).toBe("/admin/dashboard/blog?notice=published");
    expect(await getPost(created.id)).toMatchObject({ status: "published", reviewRequestedAt: null });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, created.id), eq(auditLog.action, "blog.updated")))
      .all();
    expect(audit[0]).toMatchObject({ actorId: marketing.admin.id, after: { status: "published" } });
  });

  it("a refused step comes back to the editor with its message (a long note, a post not in review)", async () => {
    const created = await post(author);
    const long = (await send(marketing, created.id, { intent: "return", note: "x".repeat(1001) })) as Response;
    expect(new URL(long.headers.get("Location") ?? "", "http://x").searchParams.get("reviewError")).toBe(
      "The note can be at most 1000 characters.",
    );
    const notInReview = (await send(marketing, created.id, { intent: "return", note: "" })) as Response;
    expect(new URL(notInReview.headers.get("Location") ?? "", "http://x").searchParams.get("reviewError")).toBe(
      "This post is not in review: it was published or sent back meanwhile.",
    );
  });

  it("the Author withdraws their own submission from the editor; not another's; twice is refused with its message", async () => {
    const created = await post(author);
    await send(author, created.id, { intent: "submit" });
    expect((await editor(author, created.id)).review).toMatchObject({ state: "in-review", mayWithdraw: true });
    // A reviewer sends back instead; another Author may not touch it.
    expect((await editor(marketing, created.id)).review).toMatchObject({ mayWithdraw: false, mayReview: true });
    expect(statusOf(await send(otherAuthor, created.id, { intent: "withdraw" }))).toBe(403);
    expect((await getPost(created.id)).reviewRequestedAt).not.toBeNull();

    const withdrawn = (await send(author, created.id, { intent: "withdraw" })) as Response;
    expect(withdrawn.headers.get("Location")).toBe("/admin/dashboard/blog?notice=withdrawn");
    expect((await editor(author, created.id)).review).toMatchObject({
      state: null,
      maySubmit: true,
      mayWithdraw: false,
    });
    const again = (await send(author, created.id, { intent: "withdraw" })) as Response;
    expect(new URL(again.headers.get("Location") ?? "", "http://x").searchParams.get("reviewError")).toBe(
      "This post is not in review, so there is no submission to withdraw.",
    );
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, created.id), eq(auditLog.action, "blog.review_withdrawn")))
      .all();
    expect(audits).toHaveLength(1);
  });
});
