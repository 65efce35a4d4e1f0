import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, blogImages, blogPosts, blogSlugRedirects } from "~/db/schema";
import { blogContentVersion } from "~/http/edge-cache.server";
import { MINUTE } from "~/lib/durations";
import { createPost, deletePost, publishDuePosts, updatePost } from "./posts.server";
import { fillMissingSlugs } from "./slugs.server";
import { imageForm, realPng } from "./testing/image-bytes";
import { addPosts, POSTS_FROM } from "./testing/posts";
import { uploadPostImage } from "./uploads.server";

const actor = { id: null, email: "editor@flowlane.test" };
let counter = 0;

const draft = (title: string) =>
  createPost(actor, { title, content: "Body text.", excerpt: "Excerpt", author: "Editor", tags: [], status: "draft" });

const coverForm = async () => imageForm(await realPng(64, 36), { alt: "A cover" });

/**
 * Every kind of blog write: `prepare` writes what it starts from (before the bump can fail),
 * `write` is the write under test, acting on the post `prepare` answered (its id).
 */
const WRITES: { name: string; prepare: () => Promise<string>; write: (id: string) => Promise<unknown> }[] = [
  {
    name: "create and publish",
    prepare: async () => "",
    write: () =>
      createPost(actor, {
        title: "Published at once",
        content: "Body.",
        excerpt: "Excerpt",
        author: "Editor",
        tags: [],
        status: "published",
      }),
  },
  {
    name: "publish a draft",
    prepare: async () => (await draft("To publish")).id,
    write: (id) => updatePost(actor, id, { status: "published" }),
  },
  {
    name: "edit",
    prepare: async () => (await draft("To edit")).id,
    write: (id) => updatePost(actor, id, { title: "Edited title", content: "New body." }),
  },
  {
    name: "slug rename",
    prepare: async () => (await draft("To rename")).id,
    write: (id) => updatePost(actor, id, { slug: "renamed-by-the-admin" }),
  },
  {
    name: "delete",
    prepare: async () => (await draft("To delete")).id,
    write: (id) => deletePost(actor, id),
  },
  {
    name: "image change",
    prepare: async () => (await draft("To illustrate")).id,
    write: async (id) => uploadPostImage(actor, id, await coverForm()),
  },
  {
    name: "scheduled publish",
    prepare: async () => {
      const from = ++counter;
      await addPosts("version-scheduled", 1, {
        from,
        status: "draft",
        publishAt: new Date(POSTS_FROM),
        slug: `s-${from}`,
      });
      return `version-scheduled-${from}`;
    },
    write: async (_id) => expect(await publishDuePosts(new Date(POSTS_FROM + MINUTE))).toBe(1),
  },
  {
    name: "slug filled by the job",
    prepare: async () => {
      const from = ++counter;
      await addPosts("version-slugless", 1, { from, status: "published" });
      return `version-slugless-${from}`;
    },
    write: async (_id) => expect(await fillMissingSlugs(new Date())).toBe(1),
  },
];

/** Everything a blog write may change, for one post: the row, its audit records, images and old slugs. */
async function stateOf(id: string) {
  const client = db();
  const [post, audits, images, redirects] = await client.batch([
    client.select().from(blogPosts).where(eq(blogPosts.id, id)),
    client.select({ n: count() }).from(auditLog).where(eq(auditLog.targetType, "blog_post")),
    client.select({ n: count() }).from(blogImages),
    client.select({ n: count() }).from(blogSlugRedirects),
  ]);
  const posts = await client.select({ n: count() }).from(blogPosts).get();
  return { post, audits: audits[0]?.n, images: images[0]?.n, redirects: redirects[0]?.n, posts: posts?.n };
}

/** Makes the next bump of a content version fail inside its batch, as a failing D1 statement would. */
async function breakTheBump() {
  await db().run(
    sql.raw(`CREATE TRIGGER test_bump_fails BEFORE INSERT ON cache_versions
      BEGIN SELECT RAISE(ABORT, 'content version bump failed'); END`),
  );
  return () => db().run(sql.raw("DROP TRIGGER test_bump_fails"));
}

describe("the blog content version is bumped inside each blog write (decision 057)", () => {
  for (const { name, prepare, write } of WRITES) {
    it(`${name}: a failing bump writes nothing`, async () => {
      const id = await prepare();
      const before = await stateOf(id);
      const version = await blogContentVersion();
      const repair = await breakTheBump();
      try {
        await expect(write(id)).rejects.toThrow();
      } finally {
        await repair();
      }
      expect(await stateOf(id)).toEqual(before);
      expect(await blogContentVersion()).toBe(version);
      // The post stays as it was: take it away so the jobs of later tests do not find it due.
      if (id) await db().delete(blogPosts).where(eq(blogPosts.id, id));
    });

    it(`${name}: bumps the version once`, async () => {
      const id = await prepare();
      const version = await blogContentVersion();
      await write(id);
      expect(await blogContentVersion()).toBe(version + 1);
    });
  }
});
