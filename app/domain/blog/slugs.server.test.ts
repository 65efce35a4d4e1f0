import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, blogPosts, blogSlugRedirects } from "~/db/schema";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { postSlug } from "./format";
import { createPost, deletePost, getPost, updatePost } from "./posts.server";
import { SLUG_MESSAGES, SlugSchema } from "./schemas";
import { fillMissingSlugs, findPostByRef } from "./slugs.server";

/** Decision 029: slugs, their uniqueness, the redirects of earlier slugs, and races on them. */

const actor = { id: null, email: "editor@flowlane.test" };

const input = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  content: "Some **markdown**.",
  excerpt: "An excerpt",
  author: "Editor",
  tags: ["automation"],
  status: "published" as const,
  ...extra,
});

const redirectsOf = (postId: string) =>
  db()
    .select({ oldSlug: blogSlugRedirects.oldSlug })
    .from(blogSlugRedirects)
    .where(eq(blogSlugRedirects.postId, postId))
    .all()
    .then((rows) => rows.map((r) => r.oldSlug).sort());

const postCount = async () => (await db().select({ id: blogPosts.id }).from(blogPosts).all()).length;

describe("postSlug: a slug from a title", () => {
  it.each([
    [
      "Five approval workflows every finance team should automate",
      "five-approval-workflows-every-finance-team-should-automate",
    ],
    ["Café & Crème: déjà vu!", "cafe-creme-deja-vu"],
    ["  --Hello,   World--  ", "hello-world"],
    ["2026", "post-2026"],
    ["日本語のタイトル", "post"],
    ["ÅNGSTRÖM über Straße, Søren & Łódź", "angstrom-uber-strasse-soren-lodz"],
  ])("%s → %s", (title, slug) => {
    expect(postSlug(title)).toBe(slug);
    expect(SlugSchema.safeParse(slug).success).toBe(true);
  });

  it("stops at 80 characters, never on a hyphen", () => {
    const slug = postSlug(`${"word ".repeat(15)}${"x".repeat(30)}`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).not.toMatch(/-$/);
  });
});

describe("SlugSchema: what an admin may type", () => {
  it("trims and lower-cases a valid slug", () => {
    expect(SlugSchema.parse("  My-Post-2  ")).toBe("my-post-2");
  });

  it.each([
    ["", SLUG_MESSAGES.length],
    ["a".repeat(81), SLUG_MESSAGES.length],
    ["hello world", SLUG_MESSAGES.format],
    ["under_score", SLUG_MESSAGES.format],
    ["double--hyphen", SLUG_MESSAGES.format],
    ["-leading", SLUG_MESSAGES.format],
    ["café", SLUG_MESSAGES.format],
    ["a/b", SLUG_MESSAGES.format],
    ["12345", SLUG_MESSAGES.digits],
    ["3f2b8c1e-9a4d-4c7e-8b1a-2d3e4f5a6b7c", SLUG_MESSAGES.uuid],
  ])("refuses %j: %s", (value, message) => {
    const result = SlugSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe("slugs of new posts", () => {
  it("a new post gets its title's slug; a second post of the same title a variant; a chosen slug is kept", async () => {
    const first = await createPost(actor, input("Same title here"));
    const second = await createPost(actor, input("Same title here"));
    const chosen = await createPost(actor, input("Whatever", { slug: "my-chosen-address" }));
    expect(first.slug).toBe("same-title-here");
    expect(second.slug).toMatch(/^same-title-here-[0-9a-f]{8}$/);
    expect(chosen.slug).toBe("my-chosen-address");
  });

  it("a chosen slug another post has, had, or is named by, is refused and nothing is written", async () => {
    const owner = await createPost(actor, input("Owner post", { slug: "owner-first" }));
    await updatePost(actor, owner.id, { slug: "owner-second" });
    const before = await postCount();
    for (const slug of ["owner-second", "owner-first"]) {
      await expect(createPost(actor, input("Intruder", { slug }))).rejects.toMatchObject({
        status: 409,
        code: "blog.slug_taken",
        message: SLUG_MESSAGES.taken,
      });
    }
    expect(await postCount()).toBe(before);
  });
});

describe("changing a slug", () => {
  it("keeps the old slug leading to the post; chained renames all lead to the newest; renaming back works", async () => {
    const post = await createPost(actor, input("Chain", { slug: "a-chain" }));
    await updatePost(actor, post.id, { slug: "b-chain" });
    await updatePost(actor, post.id, { slug: "c-chain" });
    expect(await redirectsOf(post.id)).toEqual(["a-chain", "b-chain"]);
    for (const ref of ["a-chain", "b-chain", post.id]) {
      expect(await findPostByRef(ref)).toMatchObject({ post: { id: post.id, slug: "c-chain" }, current: false });
    }
    expect(await findPostByRef("c-chain")).toMatchObject({ current: true });

    // Back to the first: it is the address again, and b and c now lead to it.
    await updatePost(actor, post.id, { slug: "a-chain" });
    expect((await getPost(post.id)).slug).toBe("a-chain");
    expect(await redirectsOf(post.id)).toEqual(["b-chain", "c-chain"]);
    expect(await findPostByRef("a-chain")).toMatchObject({ current: true });
    expect(await findPostByRef("nothing-here")).toBeNull();
  });

  it("another post's current or earlier slug is a 409 on the slug field and changes nothing", async () => {
    const owner = await createPost(actor, input("Holder", { slug: "held-now" }));
    await updatePost(actor, owner.id, { slug: "held-later" });
    const other = await createPost(actor, input("Other", { slug: "other-post" }));
    for (const slug of ["held-now", "held-later", owner.id]) {
      await expect(updatePost(actor, other.id, { slug, title: "Changed too" })).rejects.toMatchObject({
        status: 409,
        code: "blog.slug_taken",
        extra: { details: [{ field: "slug", message: SLUG_MESSAGES.taken }] },
      });
    }
    const stored = await getPost(other.id);
    expect(stored).toMatchObject({ slug: "other-post", title: "Other" });
    expect(await redirectsOf(other.id)).toEqual([]);
  });

  it("an earlier slug of a deleted post is free again", async () => {
    const gone = await createPost(actor, input("Gone", { slug: "gone-first" }));
    await updatePost(actor, gone.id, { slug: "gone-second" });
    await deletePost(actor, gone.id);
    const next = await createPost(actor, input("Next", { slug: "gone-first" }));
    expect(next.slug).toBe("gone-first");
    expect(await findPostByRef("gone-first")).toMatchObject({ post: { id: next.id }, current: true });
    expect(await findPostByRef("gone-second")).toBeNull();
  });
});

describe("slug changes in parallel", { timeout: 120_000 }, () => {
  it("20 different new slugs for one post at once: one wins, the old slug redirects once, one audit record", async () => {
    const post = await createPost(actor, input("Race one", { slug: "race-one" }));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => updatePost(actor, post.id, { slug: `race-one-${i}` })),
    );
    const won = outcomes.filter((o) => o.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const o of outcomes)
      if (o.status === "rejected") expect(o.reason).toMatchObject({ code: "blog.post_changed" });
    const stored = await getPost(post.id);
    expect(stored.slug).toMatch(/^race-one-\d+$/);
    expect(await redirectsOf(post.id)).toEqual(["race-one"]);
    const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, post.id)).all();
    expect(audits.map((a) => a.action)).toEqual(["blog.created", "blog.updated"]);
  });

  it("20 posts claiming one slug at once: exactly one gets it, 19 are told it is taken", async () => {
    const posts = await Promise.all(Array.from({ length: 20 }, (_, i) => createPost(actor, input(`Claim ${i}`))));
    const outcomes = await Promise.allSettled(posts.map((p) => updatePost(actor, p.id, { slug: "the-one-slug" })));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    for (const o of outcomes) if (o.status === "rejected") expect(o.reason).toMatchObject({ code: "blog.slug_taken" });
    const holders = await db().select().from(blogPosts).where(eq(blogPosts.slug, "the-one-slug")).all();
    expect(holders).toHaveLength(1);
    // The losers kept their slugs and recorded no redirect.
    for (const p of posts.filter((p) => p.id !== holders[0]?.id)) {
      expect((await getPost(p.id)).slug).toBe(p.slug);
      expect(await redirectsOf(p.id)).toEqual([]);
    }
  });

  it("20 posts renamed at once, each to its own slug: all land, each with its one redirect", async () => {
    const posts = await Promise.all(Array.from({ length: 20 }, (_, i) => createPost(actor, input(`Each ${i}`))));
    await Promise.all(posts.map((p, i) => updatePost(actor, p.id, { slug: `each-renamed-${i}` })));
    for (const [i, p] of posts.entries()) {
      expect((await getPost(p.id)).slug).toBe(`each-renamed-${i}`);
      expect(await redirectsOf(p.id)).toEqual([p.slug]);
    }
  });
});

describe("fill-post-slugs: posts written before slugs", () => {
  it("gives each a slug from its title (a variant when taken), once, also when runs overlap", async () => {
    const taken = await createPost(actor, input("Old timer"));
    const now = new Date();
    const old = (id: string, title: string) =>
      db().insert(blogPosts).values({
        id,
        title,
        content: "x",
        contentHtml: "<p>x</p>",
        excerpt: "e",
        author: "a",
        status: "published",
        publishedAt: now,
        createdAt: now,
        updatedAt: now,
      });
    await db().batch([old("legacy-1", "Old timer"), old("legacy-2", "Legacy essay")]);
    const counts = await Promise.all(Array.from({ length: 5 }, () => fillMissingSlugs(new Date())));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect((await getPost("legacy-2")).slug).toBe("legacy-essay");
    expect((await getPost("legacy-1")).slug).toMatch(/^old-timer-legacy1$/);
    expect(taken.slug).toBe("old-timer");
    expect(await fillMissingSlugs(new Date())).toBe(0);
  });
});

describe("the API carries the SEO fields", () => {
  let token: string;
  beforeAll(async () => {
    token = (await createAdmin({ email: "seo-admin@flowlane.test" })).token;
  });

  it("round trip: create with slug and SEO fields, read them back, change and clear them", async () => {
    const created = await api("POST", "/api/blogs", {
      token,
      body: {
        ...input("API SEO post"),
        slug: "api-seo-post",
        metaTitle: "Short title for search",
        metaDescription: "What the post says, for search results.",
        canonicalUrl: "https://medium.com/@flowlane/api-seo-post",
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json.data).toMatchObject({
      slug: "api-seo-post",
      metaTitle: "Short title for search",
      metaDescription: "What the post says, for search results.",
      canonicalUrl: "https://medium.com/@flowlane/api-seo-post",
    });
    const id = created.json.data.id;
    const put = await api("PUT", `/api/blogs/${id}`, {
      token,
      body: { slug: "api-seo-renamed", metaTitle: null, canonicalUrl: "" },
    });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    const read = await api("GET", `/api/blogs/${id}`);
    expect(read.json.data).toMatchObject({
      id,
      slug: "api-seo-renamed",
      metaTitle: null,
      metaDescription: "What the post says, for search results.",
      canonicalUrl: null,
    });
    expect(await redirectsOf(id)).toEqual(["api-seo-post"]);
  });

  it.each([
    ["a slug with spaces", { slug: "not a slug" }, "slug"],
    ["a digits-only slug", { slug: "2026" }, "slug"],
    ["a meta title over 70 characters", { metaTitle: "t".repeat(71) }, "metaTitle"],
    ["a meta description over 160 characters", { metaDescription: "d".repeat(161) }, "metaDescription"],
    ["an http canonical URL", { canonicalUrl: "http://example.com/post" }, "canonicalUrl"],
    ["a relative canonical URL", { canonicalUrl: "/blog/other" }, "canonicalUrl"],
    ["a javascript: canonical URL", { canonicalUrl: "javascript:alert(1)" }, "canonicalUrl"],
  ])("refuses %s with 400 on that field and changes nothing", async (_name, body, field) => {
    const post = await createPost(actor, input(`Bad input ${field}`));
    const r = await api("PUT", `/api/blogs/${post.id}`, { token, body: { ...body, title: "Should not land" } });
    expect(r.status).toBe(400);
    expect(r.json.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await getPost(post.id)).toMatchObject({
      title: post.title,
      slug: post.slug,
      metaTitle: null,
      metaDescription: null,
      canonicalUrl: null,
    });
    const before = await postCount();
    const created = await api("POST", "/api/blogs", { token, body: { ...input("Bad create"), ...body } });
    expect(created.status).toBe(400);
    expect(await postCount()).toBe(before);
  });

  it("a taken slug is a 409 with the slug field named, and nothing changes", async () => {
    const a = await createPost(actor, input("Taken A", { slug: "taken-a" }));
    const b = await createPost(actor, input("Taken B", { slug: "taken-b" }));
    const r = await api("PUT", `/api/blogs/${b.id}`, { token, body: { slug: a.slug, title: "Nope" } });
    expect(r.status).toBe(409);
    expect(r.json.details).toEqual([{ field: "slug", message: SLUG_MESSAGES.taken }]);
    expect(await getPost(b.id)).toMatchObject({ slug: "taken-b", title: "Taken B" });
  });
});
