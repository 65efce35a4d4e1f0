import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, blogPosts } from "~/db/schema";
import { createPost, deletePost, updatePost } from "./posts.server";

/** Blog writes as guarded changes (decision 013): parallel copies leave one change and one audit record. */

const actor = { id: null, email: "editor@flowlane.test" };
const ROUNDS = 10;

const post = (title: string) => ({
  title,
  content: "Some **markdown**.",
  excerpt: "An excerpt",
  author: "Editor",
  tags: ["automation"],
  status: "draft" as const,
});

const auditFor = (id: string) => db().select().from(auditLog).where(eq(auditLog.targetId, id)).all();

describe("blog writes in parallel", { timeout: 120_000 }, () => {
  it("20 parallel deletes: one delete, one audit record, 19 answers 404", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const created = await createPost(actor, post(`Delete me ${round}`));
      const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => deletePost(actor, created.id)));
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      for (const o of outcomes) if (o.status === "rejected") expect(o.reason).toMatchObject({ status: 404 });
      expect((await auditFor(created.id)).map((a) => a.action)).toEqual(["blog.created", "blog.deleted"]);
    }
  });

  it("the same edit sent 20 times at once is applied and audited once; the others find it done", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const created = await createPost(actor, post(`Edit me ${round}`));
      const results = await Promise.all(
        Array.from({ length: 20 }, () => updatePost(actor, created.id, { title: `Edited ${round}` })),
      );
      expect(results.filter((r) => r.changed)).toHaveLength(1);
      expect(results.every((r) => r.post.title === `Edited ${round}`)).toBe(true);
      const updates = (await auditFor(created.id)).filter((a) => a.action === "blog.updated");
      expect(updates).toHaveLength(1);
      expect(updates[0]).toMatchObject({ before: { title: `Edit me ${round}` }, after: { title: `Edited ${round}` } });
    }
  });

  it("different edits at once: each audit record's 'before' is what the edit really replaced", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const created = await createPost(actor, post(`Contested ${round}`));
      const outcomes = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) => updatePost(actor, created.id, { title: `Version ${round}.${i}` })),
      );
      const applied = outcomes.filter((o) => o.status === "fulfilled");
      for (const o of outcomes) if (o.status === "rejected") expect(o.reason).toMatchObject({ status: 409 });
      const updates = (await auditFor(created.id)).filter((a) => a.action === "blog.updated");
      expect(updates).toHaveLength(applied.length);
      // The records chain: each one's "before" is the previous one's "after" (followed by value,
      // not by time, so equal timestamps cannot reorder them).
      let title = `Contested ${round}`;
      const left = [...updates];
      while (left.length) {
        const next = left.findIndex((e) => (e.before as { title: string }).title === title);
        expect(next).toBeGreaterThanOrEqual(0);
        const [entry] = left.splice(next, 1);
        title = (entry?.after as { title: string } | undefined)?.title ?? "";
      }
      const row = await db().select().from(blogPosts).where(eq(blogPosts.id, created.id)).get();
      expect(row?.title).toBe(title);
    }
  });

  it("an edit racing a delete leaves no audit record for a post that no longer exists", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const created = await createPost(actor, post(`Doomed ${round}`));
      await Promise.allSettled([
        deletePost(actor, created.id),
        ...Array.from({ length: 10 }, (_, i) => updatePost(actor, created.id, { title: `Late ${i}` })),
      ]);
      const actions = (await auditFor(created.id)).map((a) => a.action);
      expect(actions.filter((a) => a === "blog.deleted")).toHaveLength(1);
      // Nothing is recorded after the delete.
      expect(actions.at(-1)).toBe("blog.deleted");
    }
  });
});
