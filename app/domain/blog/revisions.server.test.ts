import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, blogImages, blogPostRevisions } from "~/db/schema";
import { unusedImagesOf } from "./image-cleanup.server";
import { createPost, deletePost, getPost, NOT_A_DRAFT, POST_CHANGED, updatePost } from "./posts.server";
import { REVISIONS_KEPT } from "./revision-log.server";
import { autosavePost, listRevisions, REVISION_NOT_FOUND, restoreRevision } from "./revisions.server";
import { imageForm, png } from "./testing/image-bytes";
import { uploadPostImage } from "./uploads.server";

/** Revision history, restore, autosave and image clean-up on delete (decision 030). */

const actor = { id: null, email: "editor@flowlane.test" };

const newPost = (title = "First words", status: "draft" | "published" = "draft") =>
  createPost(actor, {
    title,
    content: `The text of ${title}.`,
    excerpt: "An excerpt",
    author: "Editor",
    tags: ["automation"],
    status,
  });

const revisionRows = (postId: string) =>
  db().select().from(blogPostRevisions).where(eq(blogPostRevisions.postId, postId)).all();

describe("revisions", () => {
  it("every save writes one revision with the post's fields as saved; a save that changes nothing writes none", async () => {
    const post = await newPost();
    await updatePost(actor, post.id, { title: "Second words", tags: ["a", "b"] });
    await updatePost(actor, post.id, { title: "Second words" });
    const revisions = await listRevisions(post.id);
    expect(revisions.map((r) => [r.kind, r.snapshot.title])).toEqual([
      ["save", "Second words"],
      ["save", "First words"],
    ]);
    expect(revisions[0]?.snapshot).toMatchObject({
      title: "Second words",
      content: "The text of First words.",
      excerpt: "An excerpt",
      author: "Editor",
      tags: ["a", "b"],
      status: "draft",
      publishAt: null,
      coverImage: null,
    });
    expect(revisions[0]?.snapshot).not.toHaveProperty("contentHtml");
    expect(revisions[0]?.actorEmail).toBe("editor@flowlane.test");
  });

  it(`keeps the newest ${REVISIONS_KEPT} per post`, async () => {
    const post = await newPost();
    const other = await newPost("Other post");
    for (let i = 1; i <= 25; i++) await updatePost(actor, post.id, { title: `Take ${i}` });
    const revisions = await listRevisions(post.id);
    expect(revisions).toHaveLength(REVISIONS_KEPT);
    expect(revisions[0]?.snapshot.title).toBe("Take 25");
    expect(revisions.at(-1)?.snapshot.title).toBe("Take 6");
    expect(await revisionRows(post.id)).toHaveLength(REVISIONS_KEPT);
    // Another post's history is untouched by the pruning.
    expect(await revisionRows(other.id)).toHaveLength(1);
  });

  it("20 parallel saves keep at most 20 revisions, the newest being what the post holds", async () => {
    for (let round = 0; round < 3; round++) {
      const post = await newPost(`Racy ${round}`);
      for (let i = 0; i < 5; i++) await updatePost(actor, post.id, { excerpt: `Warm-up ${i}` });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => updatePost(actor, post.id, { title: `Parallel ${round}.${i}` })),
      );
      for (const o of outcomes) if (o.status === "rejected") expect(o.reason).toMatchObject({ status: 409 });
      const applied = outcomes.filter((o) => o.status === "fulfilled" && o.value.changed).length;
      const rows = await revisionRows(post.id);
      expect(rows.length).toBe(Math.min(REVISIONS_KEPT, 6 + applied));
      const stored = await getPost(post.id);
      const [newest] = await listRevisions(post.id);
      expect(newest?.snapshot.title).toBe(stored.title);
    }
  });

  it("a refused save records no revision", async () => {
    const post = await newPost();
    await expect(
      updatePost(actor, post.id, { title: "Stale" }, new Date(), { version: post.updatedAt.getTime() - 1 }),
    ).rejects.toMatchObject({ status: 409, message: POST_CHANGED });
    expect(await revisionRows(post.id)).toHaveLength(1);
  });

  it("the version token moves forward with every save, even in the same millisecond", async () => {
    const post = await newPost();
    const now = new Date(post.updatedAt);
    const a = await updatePost(actor, post.id, { title: "A" }, now, { version: post.updatedAt.getTime() });
    const b = await updatePost(actor, post.id, { title: "B" }, now, { version: a.post.updatedAt.getTime() });
    expect(a.post.updatedAt.getTime()).toBeGreaterThan(post.updatedAt.getTime());
    expect(b.post.updatedAt.getTime()).toBeGreaterThan(a.post.updatedAt.getTime());
    // The token of the first save no longer holds.
    await expect(
      updatePost(actor, post.id, { title: "C" }, now, { version: a.post.updatedAt.getTime() }),
    ).rejects.toMatchObject({ status: 409 });
  });
});

describe("restoring a revision", () => {
  it("brings back the text, keeps status and publication, records a restore revision and an audit record", async () => {
    const post = await newPost("Original title", "published");
    const [original] = await listRevisions(post.id);
    const edited = await updatePost(actor, post.id, { title: "Edited title", content: "Edited **text**." });
    const result = await restoreRevision(actor, post.id, original!.id, edited.post.updatedAt.getTime());
    expect(result.changed).toBe(true);
    const stored = await getPost(post.id);
    expect(stored).toMatchObject({
      title: "Original title",
      content: "The text of Original title.",
      status: "published",
    });
    expect(stored.contentHtml).toContain("The text of Original title.");
    expect(stored.publishedAt?.getTime()).toBe(post.publishedAt?.getTime());
    expect((await listRevisions(post.id)).map((r) => r.kind)).toEqual(["restore", "save", "save"]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, post.id)).all();
    const restored = audit.find((a) => a.action === "blog.restored");
    expect(restored?.after).toMatchObject({ title: "Original title", revision: original!.id });
  });

  it("does not change the status: restoring a published revision into a draft keeps it a draft", async () => {
    const post = await newPost("Was public", "published");
    const [published] = await listRevisions(post.id);
    await updatePost(actor, post.id, { status: "draft", title: "Now private" });
    await restoreRevision(actor, post.id, published!.id);
    expect(await getPost(post.id)).toMatchObject({ title: "Was public", status: "draft" });
  });

  it("refuses when the post changed since the page was loaded, and changes nothing", async () => {
    const post = await newPost();
    const [first] = await listRevisions(post.id);
    const loadedVersion = post.updatedAt.getTime();
    await updatePost(actor, post.id, { title: "Someone else's edit" });
    await expect(restoreRevision(actor, post.id, first!.id, loadedVersion)).rejects.toMatchObject({ status: 409 });
    expect((await getPost(post.id)).title).toBe("Someone else's edit");
    expect(await revisionRows(post.id)).toHaveLength(2);
  });

  it("refuses an unknown revision and a revision of another post, and changes nothing", async () => {
    const post = await newPost("Mine");
    const other = await newPost("Theirs");
    const [foreign] = await listRevisions(other.id);
    await expect(restoreRevision(actor, post.id, foreign!.id)).rejects.toMatchObject({
      status: 404,
      message: REVISION_NOT_FOUND,
    });
    await expect(restoreRevision(actor, post.id, 999_999)).rejects.toMatchObject({ status: 404 });
    await expect(restoreRevision(actor, post.id, Number.NaN)).rejects.toMatchObject({ status: 404 });
    expect((await getPost(post.id)).title).toBe("Mine");
    expect(await revisionRows(post.id)).toHaveLength(1);
  });
});

describe("autosave", () => {
  it("saves a draft's text as an autosave revision and leaves its status alone", async () => {
    const post = await newPost();
    const saved = await autosavePost(
      actor,
      post.id,
      { title: "Typed on", content: "More text", status: "published", publishAt: null },
      post.updatedAt.getTime(),
    );
    expect(saved.post).toMatchObject({ title: "Typed on", content: "More text", status: "draft" });
    expect((await listRevisions(post.id))[0]?.kind).toBe("autosave");
  });

  it("refuses a published post, and a post published meanwhile, changing nothing", async () => {
    const published = await newPost("Live", "published");
    await expect(autosavePost(actor, published.id, { title: "Live edit" })).rejects.toMatchObject({
      status: 409,
      message: NOT_A_DRAFT,
    });
    expect((await getPost(published.id)).title).toBe("Live");

    // Published between the editor's load and its autosave: the draft guard holds in the batch.
    const draft = await newPost("Soon live");
    const outcomes = await Promise.allSettled([
      updatePost(actor, draft.id, { status: "published" }),
      autosavePost(actor, draft.id, { title: "Late autosave" }),
    ]);
    const stored = await getPost(draft.id);
    expect(stored.status).toBe("published");
    if (stored.title === "Late autosave") {
      // The autosave won the race: it ran while the post was still a draft.
      expect(outcomes[1]?.status).toBe("fulfilled");
    } else {
      expect(outcomes[1]).toMatchObject({ status: "rejected", reason: { status: 409 } });
    }
  });

  it("refuses a stale version token", async () => {
    const post = await newPost();
    const version = post.updatedAt.getTime();
    await autosavePost(actor, post.id, { title: "First autosave" }, version);
    await expect(autosavePost(actor, post.id, { title: "Second from a stale tab" }, version)).rejects.toMatchObject({
      status: 409,
    });
    expect((await getPost(post.id)).title).toBe("First autosave");
  });
});

describe("deleting a post with its unused images", () => {
  const upload = (postId: string, purpose: "cover" | "content", alt: string) =>
    uploadPostImage(actor, postId, imageForm(png(40, 30), { name: "p.png", alt, purpose }));
  const objectKeys = async () => (await env.MEDIA.list()).objects.map((o) => o.key);

  it("deletes the images no other post uses (rows and R2 objects) and keeps one another post shows", async () => {
    const post = await newPost("Going away");
    const cover = await upload(post.id, "cover", "Cover");
    const shared = await upload(post.id, "content", "Shared chart");
    const own = await upload(post.id, "content", "Own chart");
    // A second post shows the shared image inline.
    const staying = await newPost("Staying");
    await updatePost(actor, staying.id, { content: `Look: ${shared.markdown}` });

    const offered = await unusedImagesOf(await getPost(post.id));
    expect(offered.map((i) => i.key).sort()).toEqual([cover.key, own.key].sort());

    // The admin's list may be stale: a shared key sent anyway is still kept.
    const result = await deletePost(actor, post.id, { imageKeys: [cover.key, own.key, shared.key] });
    expect(result.deletedImages.sort()).toEqual([cover.key, own.key].sort());
    const rows = (await db().select({ key: blogImages.key }).from(blogImages).all()).map((r) => r.key);
    expect(rows).toContain(shared.key);
    expect(rows).not.toContain(cover.key);
    expect(rows).not.toContain(own.key);
    const objects = await objectKeys();
    expect(objects).toContain(shared.key);
    expect(objects).not.toContain(cover.key);
    expect(objects).not.toContain(own.key);
    expect(await revisionRows(post.id)).toHaveLength(0);
  });

  it("keeps every image when none is chosen", async () => {
    const post = await newPost("Keeps pictures");
    const cover = await upload(post.id, "cover", "Kept cover");
    await deletePost(actor, post.id);
    expect(await db().select().from(blogImages).where(eq(blogImages.key, cover.key)).get()).toBeDefined();
    expect(await objectKeys()).toContain(cover.key);
  });

  it("a key of another post's image sent with the delete is ignored, even if no post shows it", async () => {
    const post = await newPost("Deleted with a forged key");
    const other = await newPost("Other draft");
    // Uploaded into the other draft's text, then taken out of it: unused, but not this post's.
    const orphan = await upload(other.id, "content", "Left over");
    await updatePost(actor, other.id, { content: "No picture now." });
    const result = await deletePost(actor, post.id, { imageKeys: [orphan.key] });
    expect(result.deletedImages).toEqual([]);
    expect(await db().select().from(blogImages).where(eq(blogImages.key, orphan.key)).get()).toBeDefined();
    expect(await objectKeys()).toContain(orphan.key);
  });

  it("an image used as another post's cover is never offered nor deleted", async () => {
    const post = await newPost("Owner");
    const cover = await upload(post.id, "cover", "Shared cover");
    const other = await newPost("Borrower");
    await updatePost(actor, other.id, { coverImage: cover.key });
    expect(await unusedImagesOf(await getPost(post.id))).toEqual([]);
    const result = await deletePost(actor, post.id, { imageKeys: [cover.key] });
    expect(result.deletedImages).toEqual([]);
    expect(await objectKeys()).toContain(cover.key);
  });
});
