import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { blogPosts } from "~/db/schema";
import { MINUTE } from "~/lib/durations";
import {
  adminPostsPage,
  apiPostsPage,
  BLOG_PAGE_SIZE,
  publishedPostsPage,
  RELATED_CANDIDATES,
  relatedPosts,
} from "./posts.server";
import { addPosts, POSTS_FROM } from "./testing/posts";

const ids = (posts: { id: string }[]) => posts.map((p) => p.id);

describe("publishedPostsPage", () => {
  it("is empty with a total of 0 when nothing is published", async () => {
    await addPosts("only-draft", 2, { status: "draft" });
    expect(await publishedPostsPage({ page: 1, limit: BLOG_PAGE_SIZE })).toEqual({ posts: [], total: 0 });
  });

  it("pages newest first: full pages, a short last page, nothing past the end", async () => {
    await addPosts("pub", 30);
    const first = await publishedPostsPage({ page: 1, limit: 12 });
    expect(first.total).toBe(30);
    expect(ids(first.posts)).toEqual(Array.from({ length: 12 }, (_, i) => `pub-${29 - i}`));
    const second = await publishedPostsPage({ page: 2, limit: 12 });
    expect(ids(second.posts)[0]).toBe("pub-17");
    const last = await publishedPostsPage({ page: 3, limit: 12 });
    expect(ids(last.posts)).toEqual(["pub-5", "pub-4", "pub-3", "pub-2", "pub-1", "pub-0"]);
    expect((await publishedPostsPage({ page: 4, limit: 12 })).posts).toEqual([]);
    // Drafts never appear, and the markdown source is not read for a list.
    expect(first.posts.every((p) => p.status === "published")).toBe(true);
    expect(first.posts[0]).not.toHaveProperty("content");
  });
});

describe("adminPostsPage", () => {
  it("filters by status, searches title or author literally, and counts each status", async () => {
    await addPosts("adm-d", 3, { status: "draft", author: "Zed 100% Writer" });
    await addPosts("adm-p", 25, { author: "Quill_Author" });
    const all = await adminPostsPage({ page: 1, limit: 20 });
    expect(all.counts.all).toBeGreaterThanOrEqual(28);
    expect(all.posts).toHaveLength(20);
    expect(all.counts.all).toBe(all.counts.draft + all.counts.published);

    const drafts = await adminPostsPage({ status: "draft", q: "adm-d", page: 1, limit: 20 });
    expect(drafts.total).toBe(3);
    expect(ids(drafts.posts)).toEqual(["adm-d-2", "adm-d-1", "adm-d-0"]);

    expect((await adminPostsPage({ q: "ADM-P TITLE 2", page: 1, limit: 20 })).total).toBe(6); // 2, 20–24
    expect((await adminPostsPage({ q: "100%", page: 1, limit: 20 })).total).toBe(3);
    expect((await adminPostsPage({ q: "quill_", page: 1, limit: 20 })).total).toBe(25);
    expect((await adminPostsPage({ q: "quill%", page: 1, limit: 20 })).total).toBe(0);
    // Longer than D1's 50-byte LIKE pattern cap: instr has none.
    expect((await adminPostsPage({ q: "ü".repeat(60), page: 1, limit: 20 })).total).toBe(0);

    const lastPage = await adminPostsPage({ status: "published", q: "adm-p", page: 2, limit: 20 });
    expect(ids(lastPage.posts)).toEqual(["adm-p-4", "adm-p-3", "adm-p-2", "adm-p-1", "adm-p-0"]);
    expect((await adminPostsPage({ status: "published", q: "adm-p", page: 3, limit: 20 })).posts).toEqual([]);
  });
});

describe("apiPostsPage", () => {
  it("gives visitors published posts and an admin every post, whole, a page at a time", async () => {
    await addPosts("api-d", 2, { status: "draft" });
    const visitor = await apiPostsPage({ admin: false, page: 1, limit: 100 });
    expect(visitor.posts.every((p) => p.status === "published")).toBe(true);
    expect(visitor.posts[0]).toHaveProperty("content");
    const admin = await apiPostsPage({ admin: true, page: 1, limit: 100 });
    expect(admin.total).toBeGreaterThan(visitor.total);
    expect(ids(admin.posts)).toContain("api-d-1");
    expect((await apiPostsPage({ admin: true, page: 1, limit: 1 })).posts).toHaveLength(1);
  });
});

describe("relatedPosts at scale", () => {
  it("looks only among the RELATED_CANDIDATES newest published posts", async () => {
    // An old post sharing the tag, then more than RELATED_CANDIDATES newer posts without it.
    await db()
      .insert(blogPosts)
      .values({
        id: "old-shared",
        title: "Old",
        content: "Body",
        contentHtml: "<p>Body</p>",
        excerpt: "E",
        author: "A",
        tags: ["Rare-Tag"],
        status: "published",
        publishedAt: new Date(POSTS_FROM - 365 * 24 * 60 * MINUTE),
      });
    expect(ids(await relatedPosts({ id: "x", tags: ["rare-tag"] }))).toEqual(["old-shared"]);
    await addPosts("newer", RELATED_CANDIDATES + 1);
    expect(await relatedPosts({ id: "x", tags: ["rare-tag"] })).toEqual([]);
  });
});
