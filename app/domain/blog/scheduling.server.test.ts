import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { blogContentVersion } from "~/http/edge-cache.server";
import { MINUTE } from "~/lib/durations";
import { createPost, getPost, publishDuePosts, toApiPost, updatePost } from "./posts.server";

/** Scheduled publishing (decision 028): a draft with a publish time, published by the cron job. */

const actor = { id: null, email: "editor@flowlane.test" };
const MONDAY_9 = new Date("2026-11-30T03:30:00Z"); // 9:00 in Asia/Kolkata

const schedule = (title: string, publishAt: Date | null = MONDAY_9) =>
  createPost(
    actor,
    { title, content: "Body", excerpt: "Excerpt", author: "Editor", tags: ["launch"], status: "draft", publishAt },
    new Date("2026-11-20T10:00:00Z"),
  );

const publishedAudits = async (id: string) =>
  (await db().select().from(auditLog).where(eq(auditLog.targetId, id)).all()).filter(
    (a) => a.action === "blog.published",
  );

describe("publishDuePosts", () => {
  it("leaves a scheduled post alone until its time, then publishes it once, dated at its scheduled time", async () => {
    const post = await schedule("Monday launch");
    expect(toApiPost(post)).toMatchObject({ status: "draft", scheduledFor: MONDAY_9.toISOString(), publishedAt: null });
    expect(await publishDuePosts(new Date(MONDAY_9.getTime() - MINUTE))).toBe(0);
    expect((await getPost(post.id)).status).toBe("draft");

    const version = await blogContentVersion();
    expect(await publishDuePosts(MONDAY_9)).toBeGreaterThanOrEqual(1);
    const published = await getPost(post.id);
    expect(published).toMatchObject({ status: "published", publishAt: null, publishedAt: MONDAY_9 });
    expect(toApiPost(published)).toMatchObject({ status: "published", scheduledFor: null });
    // The public blog pages and feeds are rebuilt from the new content version.
    expect(await blogContentVersion()).toBeGreaterThan(version);
    expect(await publishedAudits(post.id)).toHaveLength(1);
  });

  it("a late run (hours after) and a second run of the same tick publish it exactly once", async () => {
    const post = await schedule("Late run");
    const late = new Date(MONDAY_9.getTime() + 6 * 60 * MINUTE);
    await publishDuePosts(late);
    await publishDuePosts(late);
    await publishDuePosts(new Date(late.getTime() + 5 * MINUTE));
    expect(await getPost(post.id)).toMatchObject({ status: "published", publishedAt: MONDAY_9 });
    expect(await publishedAudits(post.id)).toHaveLength(1);
  });

  it("20 parallel runs publish each due post once, with one audit record", async () => {
    const posts = await Promise.all(Array.from({ length: 5 }, (_, i) => schedule(`Parallel ${i}`)));
    const counts = await Promise.all(Array.from({ length: 20 }, () => publishDuePosts(MONDAY_9)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(5);
    for (const post of posts) {
      expect((await getPost(post.id)).status).toBe("published");
      expect(await publishedAudits(post.id)).toHaveLength(1);
    }
  });

  it("a post unscheduled (back to plain draft) or rescheduled later meanwhile is not published", async () => {
    const unscheduled = await schedule("Unscheduled");
    await updatePost(actor, unscheduled.id, { status: "draft" });
    const moved = await schedule("Moved");
    const later = new Date(MONDAY_9.getTime() + 24 * 60 * MINUTE);
    await updatePost(actor, moved.id, { publishAt: later });
    await publishDuePosts(MONDAY_9);
    expect(await getPost(unscheduled.id)).toMatchObject({ status: "draft", publishAt: null });
    expect(await getPost(moved.id)).toMatchObject({ status: "draft", publishAt: later });
    await publishDuePosts(later);
    expect((await getPost(moved.id)).status).toBe("published");
  });

  it("publishing by hand ends the schedule; plain drafts are never published by the job", async () => {
    const post = await schedule("Published early");
    await updatePost(actor, post.id, { status: "published" }, new Date("2026-11-25T10:00:00Z"));
    expect(await getPost(post.id)).toMatchObject({ status: "published", publishAt: null });
    const draft = await schedule("Plain draft", null);
    await publishDuePosts(new Date("2030-01-01T00:00:00Z"));
    expect((await getPost(draft.id)).status).toBe("draft");
    expect(await publishedAudits(post.id)).toHaveLength(0);
  });

  it("runs as a cron job", async () => {
    const { scheduledJobs } = await import("~/domain/jobs/jobs.server");
    expect(scheduledJobs.map((j) => j.name)).toContain("publish-scheduled-posts");
  });
});
