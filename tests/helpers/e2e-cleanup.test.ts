import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  admins,
  auditLog,
  blogPosts,
  blogSlugRedirects,
  cacheVersions,
  callbackRequests,
  clientLimits,
  emailOutbox,
  meetings,
  sessions,
} from "~/db/schema";
import { createAdmin } from "./accounts";
import { addCallback, addMeeting, addPost } from "./console-data";
import { removeMade } from "./e2e-cleanup";

/** The blog's content version, as the edge cache keys public blog pages by it. */
const blogVersion = async () =>
  (await db().select().from(cacheVersions).where(eq(cacheVersions.name, "blog")).get())?.version ?? 0;

describe("the e2e clean-up, straight on the database (decision 059)", () => {
  it("removes every row carrying the test's marks and sessions, the rows naming them, and nothing else", async () => {
    const mark = "run-k3j4h5g6";
    const email = `visitor-${mark}@e2e.test`;
    const mine = {
      meeting: await addMeeting({ email }),
      callback: await addCallback({ email }),
      post: await addPost({ title: `Journey post ${mark}` }),
      admin: (await createAdmin({ email: `console-${mark}@e2e.test` })).admin,
    };
    const shared = await createAdmin();
    const others = {
      meeting: await addMeeting({ email: "someone@example.com" }),
      post: await addPost({ title: "A post nobody made in a test" }),
    };
    await db()
      .insert(clientLimits)
      .values([
        { key: "booking:10.101.102.103", windowStart: new Date(), hits: 1, maxHits: 3 },
        { key: "booking:10.101.102.104", windowStart: new Date(), hits: 1, maxHits: 3 },
      ]);
    await db()
      .insert(emailOutbox)
      .values({
        idempotencyKey: `k-${mark}`,
        kind: "x",
        to: "sales@flowlane.example",
        subject: "s",
        text: `from ${email}`,
      });
    // Rows that carry no mark but name a marked row: an audit entry by the shared admin about the
    // meeting, and an old address of the post.
    await db().insert(auditLog).values({
      actorId: shared.admin.id,
      actorEmail: shared.admin.email,
      action: "meeting.approve",
      targetType: "meeting",
      targetId: mine.meeting.id,
    });
    await db().insert(blogSlugRedirects).values({ oldSlug: "an-old-address-q1w2e3", postId: mine.post.id });

    const version = await blogVersion();
    const removed = await removeMade(env.DB, {
      marks: [email, mark, "10.101.102.103", `console-${mark}@e2e.test`],
      sessions: [shared.sessionId],
    });
    expect(removed).toBeGreaterThanOrEqual(9);
    // A post went, so the cached public blog pages are made fresh.
    expect(await blogVersion()).toBe(version + 1);

    expect(await db().select().from(meetings).where(eq(meetings.id, mine.meeting.id)).get()).toBeUndefined();
    expect(
      await db().select().from(callbackRequests).where(eq(callbackRequests.id, mine.callback.id)).get(),
    ).toBeUndefined();
    expect(await db().select().from(blogPosts).where(eq(blogPosts.id, mine.post.id)).get()).toBeUndefined();
    expect(await db().select().from(admins).where(eq(admins.id, mine.admin.id)).get()).toBeUndefined();
    expect(await db().select().from(sessions).where(eq(sessions.id, shared.sessionId)).get()).toBeUndefined();
    expect(
      await db()
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.idempotencyKey, `k-${mark}`))
        .get(),
    ).toBeUndefined();
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, mine.meeting.id)).all()).toEqual([]);
    expect(await db().select().from(blogSlugRedirects).where(eq(blogSlugRedirects.postId, mine.post.id)).all()).toEqual(
      [],
    );
    expect((await db().select().from(clientLimits).all()).map((row) => row.key)).toEqual(["booking:10.101.102.104"]);

    expect(await db().select().from(meetings).where(eq(meetings.id, others.meeting.id)).get()).toBeDefined();
    expect(await db().select().from(blogPosts).where(eq(blogPosts.id, others.post.id)).get()).toBeDefined();
    expect(await db().select().from(admins).where(eq(admins.id, shared.admin.id)).get()).toBeDefined();
  });

  it("a clean-up that removes no post leaves the blog's cache version alone", async () => {
    const meeting = await addMeeting({ email: "only-a-meeting-q8w7e6@e2e.test" });
    const version = await blogVersion();
    expect(await removeMade(env.DB, { marks: ["only-a-meeting-q8w7e6@e2e.test"], sessions: [] })).toBeGreaterThan(0);
    expect(await db().select().from(meetings).where(eq(meetings.id, meeting.id)).get()).toBeUndefined();
    expect(await blogVersion()).toBe(version);
  });

  it("refuses a mark short enough to match what other tests made, and deletes nothing", async () => {
    const post = await addPost({ title: "Short mark test" });
    await expect(removeMade(env.DB, { marks: ["Short"], sessions: [] })).rejects.toThrow(/too short/);
    expect(await db().select().from(blogPosts).where(eq(blogPosts.id, post.id)).get()).toBeDefined();
    expect(await removeMade(env.DB, { marks: [], sessions: [] })).toBe(0);
  });
});
