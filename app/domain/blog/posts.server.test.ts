import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { type BlogPost, blogPosts } from "~/db/schema";
import { DAY } from "~/lib/durations";
import { blogCounts, listPublishedPosts, relatedPosts } from "./posts.server";

const base = Date.UTC(2026, 10, 1);

async function insert(id: string, tags: string[], daysAgo: number, status: BlogPost["status"] = "published") {
  const at = new Date(base - daysAgo * DAY);
  await db()
    .insert(blogPosts)
    .values({
      id,
      title: id,
      content: id,
      contentHtml: `<p>${id}</p>`,
      excerpt: id,
      author: "A",
      tags,
      status,
      publishedAt: status === "published" ? at : null,
      createdAt: at,
      updatedAt: at,
    });
}

describe("related articles", () => {
  it("are up to 3 other published posts sharing a tag, most shared tags first, then newest", async () => {
    await insert("current", ["Automation", "Finance", "Approvals"], 1);
    await insert("two-shared-old", ["finance", "approvals"], 30);
    await insert("one-shared-new", ["Automation"], 2);
    await insert("one-shared-mid", ["Approvals", "Sales"], 10);
    await insert("one-shared-oldest", ["Finance"], 40);
    await insert("no-shared", ["Security"], 3);
    await insert("draft-shared", ["Automation", "Finance", "Approvals"], 1, "draft");

    const related = await relatedPosts({ id: "current", tags: ["Automation", "Finance", "Approvals"] });
    expect(related.map((p) => p.id)).toEqual(["two-shared-old", "one-shared-new", "one-shared-mid"]);
  });

  it("is empty for a post without tags or without matches", async () => {
    expect(await relatedPosts({ id: "x", tags: [] })).toEqual([]);
    expect(await relatedPosts({ id: "x", tags: ["Nothing-matches-this"] })).toEqual([]);
  });

  it("never includes the post itself", async () => {
    const related = await relatedPosts({ id: "no-shared", tags: ["Security"] });
    expect(related).toEqual([]);
  });
});

describe("published list and counts", () => {
  it("lists published posts newest first and counts drafts apart", async () => {
    const ids = (await listPublishedPosts()).map((p) => p.id);
    expect(ids).not.toContain("draft-shared");
    expect(ids.indexOf("current")).toBeLessThan(ids.indexOf("one-shared-new"));
    expect(ids.indexOf("one-shared-new")).toBeLessThan(ids.indexOf("two-shared-old"));
    expect(await blogCounts()).toEqual({ totalBlogs: 7, publishedBlogs: 6 });
  });
});
