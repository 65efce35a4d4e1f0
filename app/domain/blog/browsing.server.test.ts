import { describe, expect, it } from "vitest";
import { authorSlug } from "./format";
import { authorsForSlug, createPost, publishedAuthorsAndTags, publishedPostsPage, updatePost } from "./posts.server";
import { ftsQuery } from "./search";

/** Tag, author and search lists of published posts (issue 16). */

const actor = { id: null, email: "editor@flowlane.test" };
let clock = Date.parse("2026-01-01T00:00:00Z");

/** Each post a minute after the previous one, so "newest first" is well defined. */
const nextMinute = () => {
  clock += 60_000;
  return new Date(clock);
};

const publish = (over: Partial<{ title: string; excerpt: string; content: string; author: string; tags: string[] }>) =>
  createPost(
    actor,
    {
      title: "A post",
      excerpt: "An excerpt",
      content: "Some text",
      author: "Priya Natarajan",
      tags: [],
      status: "published",
      ...over,
    },
    nextMinute(),
  );

const search = (text: string, page = 1) => publishedPostsPage({ page, limit: 12, search: ftsQuery(text) ?? "" });

describe("tag pages", () => {
  it("published posts with the tag in any case, newest first, 12 a page", async () => {
    for (let i = 0; i < 14; i++)
      await publish({ title: `Tagged ${i}`, tags: [i % 2 ? "Finance" : "finance", "Other"] });
    await createPost(actor, {
      title: "Draft",
      excerpt: "e",
      content: "c",
      author: "A",
      tags: ["finance"],
      status: "draft",
    });
    await publish({ title: "Untagged", tags: ["financial"] });
    const first = await publishedPostsPage({ page: 1, limit: 12, tag: "FINANCE" });
    expect(first.total).toBe(14);
    expect(first.posts.map((p) => p.title)).toEqual(Array.from({ length: 12 }, (_, i) => `Tagged ${13 - i}`));
    const second = await publishedPostsPage({ page: 2, limit: 12, tag: "finance" });
    expect(second.posts.map((p) => p.title)).toEqual(["Tagged 1", "Tagged 0"]);
    expect((await publishedPostsPage({ page: 1, limit: 12, tag: "nothing" })).total).toBe(0);
    // A tag is a value, not SQL or a JSON path.
    expect((await publishedPostsPage({ page: 1, limit: 12, tag: "' OR 1=1 --" })).total).toBe(0);
  });
});

describe("author pages", () => {
  it("slugs are lower-case words joined by hyphens, accents folded", () => {
    expect(authorSlug("Priya Natarajan")).toBe("priya-natarajan");
    expect(authorSlug("  José  O'Brien ")).toBe("jose-o-brien");
    expect(authorSlug("李 小龍")).toBe("李-小龍");
    expect(authorSlug("!!!")).toBe("author");
  });

  it("a slug finds its published authors and their posts only", async () => {
    await publish({ title: "By Kavya", author: "Kavya Menon" });
    await publish({ title: "By Kavya too", author: "kavya  menon" });
    await createPost(actor, {
      title: "Draft",
      excerpt: "e",
      content: "c",
      author: "Drafty Writer",
      tags: [],
      status: "draft",
    });
    const names = await authorsForSlug("kavya-menon");
    expect(names.sort()).toEqual(["Kavya Menon", "kavya  menon"]);
    const page = await publishedPostsPage({ page: 1, limit: 12, authors: names });
    expect(page.posts.map((p) => p.title)).toEqual(["By Kavya too", "By Kavya"]);
    expect(await authorsForSlug("drafty-writer")).toEqual([]);
    expect((await publishedPostsPage({ page: 1, limit: 12, authors: [] })).total).toBe(0);
    const { authors, tags } = await publishedAuthorsAndTags();
    expect(authors).toContain("kavya-menon");
    expect(authors).not.toContain("drafty-writer");
    expect(tags).toContain("finance");
  });
});

describe("search (FTS5 over title, excerpt and text)", () => {
  it("finds words in any of the three, stemmed, all words required, published only", async () => {
    const inTitle = await publish({ title: "Quarterly invoicing with zebras" });
    const inExcerpt = await publish({ excerpt: "How zebras approve purchase orders" });
    const inBody = await publish({ content: "## Notes\n\nThe zebra migrates approvals." });
    await createPost(actor, {
      title: "Zebra draft",
      excerpt: "e",
      content: "c",
      author: "A",
      tags: [],
      status: "draft",
    });
    const zebras = await search("zebra");
    expect(zebras.posts.map((p) => p.id).sort()).toEqual([inTitle.id, inExcerpt.id, inBody.id].sort());
    expect((await search("zebras purchase")).posts.map((p) => p.id)).toEqual([inExcerpt.id]);
    // Stemmed: "approve" finds "approvals" too.
    expect((await search("approve")).posts.map((p) => p.id).sort()).toEqual([inExcerpt.id, inBody.id].sort());
    expect((await search("zeb")).total).toBe(3); // the last word is a prefix
    expect((await search("zebra unicorn")).total).toBe(0);
  });

  it("edits and deletes reach the index", async () => {
    const post = await publish({ title: "Okapi sightings" });
    expect((await search("okapi")).total).toBe(1);
    await updatePost(actor, post.id, { title: "Giraffe sightings" });
    expect((await search("okapi")).total).toBe(0);
    expect((await search("giraffe")).total).toBe(1);
    await updatePost(actor, post.id, { status: "draft" });
    expect((await search("giraffe")).total).toBe(0);
  });

  it("FTS syntax in the text is taken literally and never fails", async () => {
    await publish({ title: "Operators AND quotes" });
    for (const text of ['"', "AND", "OR NOT", "NEAR(a b)", "title:x", "*", "^a", "a-b", "(", 'x" OR "y', "\u0000"]) {
      const query = ftsQuery(text);
      if (query) await expect(publishedPostsPage({ page: 1, limit: 12, search: query })).resolves.toBeDefined();
    }
    expect((await search("operators and")).total).toBe(1);
  });

  it("results are paged 12 at a time, newest first", async () => {
    for (let i = 0; i < 13; i++) await publish({ title: `Pangolin ${i}` });
    const first = await search("pangolin");
    expect(first.total).toBe(13);
    expect(first.posts[0]?.title).toBe("Pangolin 12");
    expect((await search("pangolin", 2)).posts.map((p) => p.title)).toEqual(["Pangolin 0"]);
  });
});
