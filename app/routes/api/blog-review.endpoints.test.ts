import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { FORBIDDEN_MESSAGE } from "~/domain/accounts/permissions";
import { REVIEW_MESSAGES } from "~/domain/blog/review";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";

/** Decision 069: POST /api/blogs/{id}/review and /return, DELETE …/review (withdraw), and what an Author may never do. */

const draft = {
  title: "An author's draft",
  content: "Draft text.",
  excerpt: "An excerpt",
  author: "Ann Author",
  tags: [],
  status: "draft",
};

let author: string;
let otherAuthor: string;
let marketing: string;

beforeAll(async () => {
  author = (await createAdmin({ role: "author" })).token;
  otherAuthor = (await createAdmin({ role: "author" })).token;
  marketing = (await createAdmin({ role: "marketing" })).token;
});

const createAs = async (token: string, body: Record<string, unknown> = draft) => {
  const r = await api("POST", "/api/blogs", { token, body });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.data as { id: string };
};

const audits = (id: string, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, id), eq(auditLog.action, action)))
    .all();

describe("the review of an Author's post through the API", () => {
  it("an Author submits their own draft; Marketing sends it back with a note the author then reads", async () => {
    const post = await createAs(author);
    const submitted = await api("POST", `/api/blogs/${post.id}/review`, { token: author });
    expect(submitted.status).toBe(200);
    expect(submitted.json.data).toMatchObject({ id: post.id, status: "draft", reviewNote: null });
    expect(submitted.json.data.reviewRequestedAt).toEqual(expect.any(String));

    const listed = await api("GET", `/api/blogs/${post.id}`, { token: marketing });
    expect(listed.json.data.reviewRequestedAt).toBe(submitted.json.data.reviewRequestedAt);

    const returned = await api("POST", `/api/blogs/${post.id}/return`, {
      token: marketing,
      body: { note: "  Add a conclusion.  " },
    });
    expect(returned.status).toBe(200);
    expect(returned.json.data).toMatchObject({ reviewRequestedAt: null, reviewNote: "Add a conclusion." });
    expect(await audits(post.id, "blog.review_returned")).toHaveLength(1);
  });

  it("an Author cannot submit, edit, publish or send back someone else's post", async () => {
    const post = await createAs(author);
    const submit = await api("POST", `/api/blogs/${post.id}/review`, { token: otherAuthor });
    expect(submit.status).toBe(403);
    expect(submit.json).toEqual({ success: false, error: FORBIDDEN_MESSAGE });
    expect((await api("PUT", `/api/blogs/${post.id}`, { token: otherAuthor, body: { title: "Mine" } })).status).toBe(
      403,
    );
    expect((await api("POST", `/api/blogs/${post.id}/return`, { token: author, body: {} })).status).toBe(403);
    expect((await api("PUT", `/api/blogs/${post.id}`, { token: author, body: { status: "published" } })).status).toBe(
      403,
    );
    expect((await api("POST", "/api/blogs", { token: author, body: { ...draft, status: "published" } })).status).toBe(
      403,
    );
    expect(await audits(post.id, "blog.review_requested")).toHaveLength(0);
  });

  it("bad input changes nothing: a long note (400), a post not in review (409), a published post (409), no post (404)", async () => {
    const post = await createAs(author);
    const long = await api("POST", `/api/blogs/${post.id}/return`, {
      token: marketing,
      body: { note: "x".repeat(1001) },
    });
    expect(long.status).toBe(400);
    expect(long.json.error).toBe(REVIEW_MESSAGES.noteTooLong);
    const notInReview = await api("POST", `/api/blogs/${post.id}/return`, { token: marketing, body: {} });
    expect(notInReview.status).toBe(409);
    expect(notInReview.json.error).toBe(REVIEW_MESSAGES.notInReview);
    const live = await createAs(marketing, { ...draft, status: "published" });
    const published = await api("POST", `/api/blogs/${live.id}/review`, { token: marketing });
    expect(published.status).toBe(409);
    expect(published.json.error).toBe(REVIEW_MESSAGES.notSubmittable);
    expect((await api("POST", "/api/blogs/no-such-post/review", { token: marketing })).status).toBe(404);
    expect(await audits(post.id, "blog.review_returned")).toHaveLength(0);
  });

  it("20 parallel submits through the API: one state change, one audit record, every answer 200", async () => {
    const post = await createAs(author);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api("POST", `/api/blogs/${post.id}/review`, { token: author })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await audits(post.id, "blog.review_requested")).toHaveLength(1);
  });

  it("an Author withdraws their own submission (DELETE …/review); nobody else's; a post not in review answers 409", async () => {
    const post = await createAs(author);
    await api("POST", `/api/blogs/${post.id}/review`, { token: author });
    const foreign = await api("DELETE", `/api/blogs/${post.id}/review`, { token: otherAuthor });
    expect(foreign.status).toBe(403);
    expect(foreign.json).toEqual({ success: false, error: FORBIDDEN_MESSAGE });
    const withdrawn = await api("DELETE", `/api/blogs/${post.id}/review`, { token: author });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.json.data).toMatchObject({
      id: post.id,
      status: "draft",
      reviewRequestedAt: null,
      reviewNote: null,
    });
    const again = await api("DELETE", `/api/blogs/${post.id}/review`, { token: author });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ success: false, error: REVIEW_MESSAGES.notWithdrawable });
    expect((await api("DELETE", "/api/blogs/no-such-post/review", { token: author })).status).toBe(404);
    expect(await audits(post.id, "blog.review_withdrawn")).toHaveLength(1);
  });

  it("20 parallel withdraws through the API: one 200 and one audit record, the rest 409", async () => {
    const post = await createAs(author);
    await api("POST", `/api/blogs/${post.id}/review`, { token: author });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api("DELETE", `/api/blogs/${post.id}/review`, { token: author })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await audits(post.id, "blog.review_withdrawn")).toHaveLength(1);
  });
});
