import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { admins, blogPosts, callbackRequests, clientLimits, emailOutbox, meetings, sessions } from "~/db/schema";
import { blogContentVersion } from "~/lib/edge-cache.server";
import { createAdmin } from "../tests/helpers/accounts";
import { addCallback, addMeeting, addPost } from "../tests/helpers/console-data";
import { E2E_CLEANUP_PATH, e2eCleanup, isE2eCleanup } from "./e2e-cleanup";

const TOKEN = "e2e-cleanup-token-for-this-test-run";
const withToken = { ...env, E2E_CLEANUP_TOKEN: TOKEN } as Env;

function cleanupRequest(body: unknown, { token = TOKEN, path = E2E_CLEANUP_PATH, method = "POST" } = {}) {
  return new Request(`http://localhost:8788${path}`, {
    method,
    headers: { "Content-Type": "application/json", "X-E2E-Cleanup": token },
    body: method === "POST" ? JSON.stringify(body) : undefined,
  });
}

describe("the e2e clean-up path", () => {
  it("does not exist without the E2E_CLEANUP_TOKEN variable (as in wrangler.toml and production)", () => {
    expect((env as { E2E_CLEANUP_TOKEN?: string }).E2E_CLEANUP_TOKEN).toBeUndefined();
    expect(isE2eCleanup(cleanupRequest({ marks: [], sessions: [] }), env)).toBe(false);
    expect(isE2eCleanup(cleanupRequest({ marks: [], sessions: [] }, { token: "" }), env)).toBe(false);
  });

  it("with the variable, only a POST to its path carrying the same token is let through", () => {
    expect(isE2eCleanup(cleanupRequest({}), withToken)).toBe(true);
    expect(isE2eCleanup(cleanupRequest({}, { token: `${TOKEN}x` }), withToken)).toBe(false);
    expect(isE2eCleanup(cleanupRequest({}, { path: "/__e2e/cleanup/" }), withToken)).toBe(false);
    expect(isE2eCleanup(cleanupRequest({}, { method: "GET" }), withToken)).toBe(false);
    const short = { ...env, E2E_CLEANUP_TOKEN: "short" } as Env;
    expect(isE2eCleanup(cleanupRequest({}, { token: "short" }), short)).toBe(false);
  });

  it("removes every row carrying the test's marks and sessions, and nothing else", async () => {
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
        { key: "booking:10.1.2.3", windowStart: new Date(), hits: 1, maxHits: 3 },
        { key: "booking:10.1.2.30", windowStart: new Date(), hits: 1, maxHits: 3 },
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

    const version = await blogContentVersion();
    const response = await e2eCleanup(
      cleanupRequest({ marks: [email, mark, "10.1.2.3", `console-${mark}@e2e.test`], sessions: [shared.sessionId] }),
      withToken,
    );
    expect(response.status).toBe(200);
    // A post went, so the cached public blog pages are made fresh.
    expect(await blogContentVersion()).toBe(version + 1);

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
    expect((await db().select().from(clientLimits).all()).map((row) => row.key)).toEqual(["booking:10.1.2.30"]);

    expect(await db().select().from(meetings).where(eq(meetings.id, others.meeting.id)).get()).toBeDefined();
    expect(await db().select().from(blogPosts).where(eq(blogPosts.id, others.post.id)).get()).toBeDefined();
    expect(await db().select().from(admins).where(eq(admins.id, shared.admin.id)).get()).toBeDefined();
  });

  it("a clean-up that removes no post leaves the blog's cache version alone", async () => {
    await addMeeting({ email: "only-a-meeting-q8w7e6@e2e.test" });
    const version = await blogContentVersion();
    const response = await e2eCleanup(
      cleanupRequest({ marks: ["only-a-meeting-q8w7e6@e2e.test"], sessions: [] }),
      withToken,
    );
    expect(response.status).toBe(200);
    expect(await blogContentVersion()).toBe(version);
  });

  it("a body that is not the expected shape is a 400 and deletes nothing", async () => {
    const post = await addPost({ title: "Short mark test" });
    for (const body of [null, { marks: ["Short"], sessions: [] }, { marks: "x", sessions: [] }, { marks: [] }]) {
      expect((await e2eCleanup(cleanupRequest(body), withToken)).status).toBe(400);
    }
    expect(await db().select().from(blogPosts).where(eq(blogPosts.id, post.id)).get()).toBeDefined();
  });
});
