import { env } from "cloudflare:workers";
import { count, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { getTableConfig, SQLiteTable, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { blogContentVersion } from "~/http/edge-cache.server";
import { cleanUp, E2E_CLEANUP_PATH, isCleanupRequest, removeMade, schemaTables } from "./cleanup";

const TOKEN = "e2e-cleanup-token-for-this-test-run";
const withToken = { ...env, E2E_CLEANUP_TOKEN: TOKEN } as Env;
const db = () => drizzle(env.DB);
const hex = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("");
const uuid = () => crypto.randomUUID();

function cleanupRequest(body: unknown, { token = TOKEN, path = E2E_CLEANUP_PATH, method = "POST" } = {}) {
  return new Request(`http://localhost:8788${path}`, {
    method,
    headers: { "Content-Type": "application/json", "X-E2E-Cleanup": token },
    body: method === "POST" ? JSON.stringify(body) : undefined,
  });
}

/** Every table the schema module exports, by its export name. */
type Tables = {
  [K in keyof typeof schema as (typeof schema)[K] extends SQLiteTable ? K : never]: (typeof schema)[K];
};
type Samples = { [K in keyof Tables]: Tables[K] extends { $inferInsert: infer Row } ? Row : never };

/**
 * One row per table that carries the test's tag: in a text column (an email, a title word, an
 * address, a session id) or only through the key of a tagged row (a token of a tagged meeting, an
 * audit entry about it). A table added to the schema fails the typecheck here until it has one.
 */
function tagged(tag: string, sessionId: string, sharedAdminId: string): Samples {
  const email = `person-${tag}@e2e.test`;
  const address = `10.${tag.length}.8.7`;
  const adminId = uuid();
  const meetingId = uuid();
  const postId = uuid();
  const subscriptionId = uuid();
  const endpointId = uuid();

  const leadId = uuid();
  const subscriberId = uuid();
  const issueId = uuid();
  const now = new Date();
  return {
    admins: { id: adminId, email, name: "Tagged admin", passwordHash: "x" },
    sessions: { id: sessionId, adminId: sharedAdminId, kind: "api", lastSeenAt: now, expiresAt: now },
    twoFactor: { adminId, secretEncrypted: "s" },
    recoveryCodes: { adminId, codeHash: hex() },
    twoFactorChallenges: { id: hex(), adminId, expiresAt: now },
    passkeys: { adminId, credentialId: hex(), publicKey: "k", deviceType: "singleDevice", name: "Key" },
    webauthnChallenges: { challenge: hex(), purpose: "registration", adminId, expiresAt: now },
    loginFailures: { adminId: sharedAdminId, ip: address, windowStart: now },
    passwordResets: { email, tokenHash: hex(), expiresAt: now },
    teamInvitations: { email, role: "sales", tokenHash: hex(), sentAt: now, expiresAt: now },
    refreshTokens: { id: hex(), adminId: sharedAdminId, familyId: uuid(), sessionId, expiresAt: now },
    meetings: { id: meetingId, name: "Visitor", email, date: "2030-01-02", timeSlot: "10:00", startsAt: now },
    meetingTokens: { tokenHash: hex(), meetingId },
    callbackRequests: { firstName: "A", lastName: "B", email, company: "C" },
    blogPosts: { id: postId, title: `Post ${tag}`, content: "x", contentHtml: "x", excerpt: "x", author: "A" },
    blogSlugRedirects: { oldSlug: `old-${uuid()}`, postId },
    blogImages: { key: `blog/${uuid()}.png`, postId, type: "image/png", bytes: 1, width: 1, height: 1, alt: "a" },
    blogPostRevisions: { postId, kind: "save", actorEmail: "editor@example.com", snapshot: { title: "x" } },
    subscriptions: { id: subscriptionId, userId: uuid(), email, role: "individual", firstName: "A", lastName: "B" },
    signupDrafts: { id: hex(), fields: { email }, expiresAt: now },
    verificationCodes: { email, purpose: "trial", codeHash: hex(), expiresAt: now },
    emailOutbox: {
      idempotencyKey: uuid(),
      kind: "x",
      to: "sales@flowlane.example",
      subject: "s",
      text: `from ${email}`,
    },
    auditLog: { actorEmail: "editor@example.com", action: "x", targetType: "meeting", targetId: meetingId },
    webhookDeliveries: { subscriptionId, event: "e", url: "https://hooks.example", payload: "{}" },
    changeGuards: { guard: `guard ${tag}`, held: 1 },
    newsletterSubscribers: { id: subscriberId, email },
    newsletterIssues: { id: issueId, subject: `Issue ${tag}`, markdown: "x", html: "x", campaign: `c-${uuid()}` },
    newsletterDeliveries: { issueId, subscriberId, email },
    clientLimits: { key: `booking:${address}`, windowStart: now, hits: 1, maxHits: 3 },
    cacheVersions: { name: `test-${tag}`, version: 1 },
    webhookEndpoints: { id: endpointId, url: `https://hooks.example/${tag}`, events: ["meeting.booked"], secret: "s" },
    webhookEndpointDeliveries: { endpointId, eventId: uuid(), eventType: "meeting.booked", payload: "{}" },

    leads: { id: leadId, email },
    leadEvents: { leadId, type: "note", detail: "x" },

    schedulingHosts: { memberId: adminId, takesDemos: true, timeZone: "Asia/Kolkata", weeklyHours: [] },
    hostOverrides: { memberId: adminId, fromDate: "2030-01-01", toDate: "2030-01-02" },
    companyClosures: { fromDate: "2030-01-01", toDate: "2030-01-01", reason: `Closed ${tag}` },
    // The saved scheduling rules go with the test that saved them: the defaults hold again.
    schedulingSettings: {
      id: 1,
      minimumNoticeMinutes: 60,
      windowDays: 60,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      changeCutoffMinutes: 0,
      updatedBy: `person-${tag}@e2e.test`,
    },

    botCheckUses: { key: `form:${tag}`, digest: hex(), expiresAt: now },
    hostCalendars: { memberId: adminId, feedTokenHash: hex() },
    hostBusy: { memberId: adminId, startsAt: now, endsAt: new Date(now.getTime() + 60_000) },

    pageViews: { day: "2030-01-02", visitor: hex(), path: "/blog", campaign: tag, device: "desktop" },
    analyticsSalts: { day: tag, salt: hex() },
    pageViewRollups: { day: "2030-01-02", dimension: "campaign", key: tag, views: 1, visitors: 1 },
    pageVitals: { day: "2030-01-02", path: `/blog/${tag}`, device: "desktop", metric: "LCP", value: 1200 },

    consents: { email, purpose: "newsletter", noticeVersion: "2026-11-27", form: "newsletter", givenAt: now },
  };
}

/** Inserts rows parents first (the reverse of the clean-up's order). */
async function insertAll(rows: Partial<Record<string, object>>, tables = schemaTables()) {
  const byTable = new Map<SQLiteTable, string>(
    Object.entries(schema).flatMap(([name, value]) => (value instanceof SQLiteTable ? [[value, name] as const] : [])),
  );
  for (const { table } of [...tables].reverse()) {
    const row = rows[byTable.get(table) ?? ""];
    if (row) await db().insert(table).values(row);
  }
}

async function rowCounts() {
  const counts: Record<string, number> = {};
  for (const { table, name } of schemaTables()) {
    counts[name] = (await db().select({ n: count() }).from(table).get())?.n ?? 0;
  }
  return counts;
}

describe("the e2e clean-up path", () => {
  it("answers only with the run's token (no deployment has the variable)", () => {
    expect((env as { E2E_CLEANUP_TOKEN?: string }).E2E_CLEANUP_TOKEN).toBeUndefined();
    expect(isCleanupRequest(cleanupRequest({ marks: [], sessions: [] }), env)).toBe(false);
    expect(isCleanupRequest(cleanupRequest({ marks: [], sessions: [] }, { token: "" }), env)).toBe(false);
    expect(isCleanupRequest(cleanupRequest({}), withToken)).toBe(true);
    expect(isCleanupRequest(cleanupRequest({}, { token: `${TOKEN}x` }), withToken)).toBe(false);
    expect(isCleanupRequest(cleanupRequest({}, { path: "/__e2e/cleanup/" }), withToken)).toBe(false);
    expect(isCleanupRequest(cleanupRequest({}, { method: "GET" }), withToken)).toBe(false);
    const short = { ...env, E2E_CLEANUP_TOKEN: "short" } as Env;
    expect(isCleanupRequest(cleanupRequest({}, { token: "short" }), short)).toBe(false);
  });

  it("finds every table of the schema, children before the tables they reference", () => {
    const names = schemaTables().map((entry) => entry.name);
    const exported = Object.values(schema).filter((value) => value instanceof SQLiteTable);
    expect(names).toHaveLength(exported.length);
    for (const { table, name } of schemaTables()) {
      for (const foreignKey of getTableConfig(table).foreignKeys) {
        const parent = getTableConfig(foreignKey.reference().foreignTable).name;
        if (parent !== name)
          expect(names.indexOf(name), `${name} before ${parent}`).toBeLessThan(names.indexOf(parent));
      }
    }
  });

  it("removes a tagged row from every table of the schema, and nothing that is not the test's", async () => {
    const shared = { id: uuid(), email: "shared-admin@e2e.test", name: "Shared", passwordHash: "x" };
    await db().insert(schema.admins).values(shared);
    const now = new Date();
    // Untagged neighbours: another visitor, another post, an address the tag's is a prefix of.
    await insertAll({
      meetings: { name: "Other", email: "someone@example.com", date: "2030-01-03", timeSlot: "11:00", startsAt: now },
      blogPosts: { title: "A post nobody made in a test", content: "x", contentHtml: "x", excerpt: "x", author: "A" },
      clientLimits: { key: "booking:10.12.8.70", windowStart: now, hits: 1, maxHits: 3 },
      auditLog: {
        actorId: shared.id,
        actorEmail: shared.email,
        action: "login",
        targetType: "admin",
        targetId: shared.id,
      },
      cacheVersions: { name: "blog", version: 3 },
    });
    const before = await rowCounts();
    const tag = "tag-q1w2e3r4";
    const sessionId = hex();
    await insertAll(tagged(tag, sessionId, shared.id));
    const filled = await rowCounts();
    for (const name of Object.keys(before)) expect(filled[name], `a tagged ${name} row`).toBe((before[name] ?? 0) + 1);

    const response = await cleanUp(
      cleanupRequest({ marks: [tag, `person-${tag}@e2e.test`, "10.12.8.7"], sessions: [sessionId] }),
      withToken,
    );
    expect(response.status).toBe(200);
    expect(await rowCounts()).toEqual(before);
    // A post went, so the cached public blog pages are made fresh.
    expect(await blogContentVersion()).toBe(4);
    expect(await db().select().from(schema.admins).where(eq(schema.admins.id, shared.id)).get()).toBeDefined();
  });

  it("a table added to the schema is cleaned without an edit, in its foreign-key order", async () => {
    // A new child of blog_posts whose reference does not cascade: deleting the post first would fail.
    const notes = sqliteTable("e2e_cleanup_notes", {
      id: text("id").primaryKey(),
      body: text("body").notNull(),
      postId: text("post_id").references(() => schema.blogPosts.id),
    });
    await env.DB.prepare(
      "CREATE TABLE e2e_cleanup_notes (id TEXT PRIMARY KEY, body TEXT NOT NULL, post_id TEXT REFERENCES blog_posts(id))",
    ).run();
    const withNotes = { ...schema, notes };
    const names = schemaTables(withNotes).map((entry) => entry.name);
    expect(names.indexOf("e2e_cleanup_notes")).toBeLessThan(names.indexOf("blog_posts"));

    const tag = "note-z9x8c7v6";
    const post = { id: uuid(), title: `Noted ${tag}`, content: "x", contentHtml: "x", excerpt: "x", author: "A" };
    await db().insert(schema.blogPosts).values(post);
    await db()
      .insert(notes)
      .values([
        { id: uuid(), body: `about ${tag}` },
        { id: uuid(), body: "untagged, on the tagged post", postId: post.id },
        { id: uuid(), body: "another test's", postId: null },
      ]);
    const { deleted } = await removeMade(env.DB, { marks: [tag], sessions: [] }, withNotes);
    expect(deleted).toBeGreaterThanOrEqual(3);
    expect(await db().select().from(schema.blogPosts).where(eq(schema.blogPosts.id, post.id)).get()).toBeUndefined();
    expect((await db().select().from(notes).all()).map((row) => row.body)).toEqual(["another test's"]);
  });

  it("a clean-up that removes no post leaves the blog's cache version alone", async () => {
    const email = "only-a-meeting-q8w7e6@e2e.test";
    await insertAll({
      meetings: { name: "Visitor", email, date: "2030-01-04", timeSlot: "12:00", startsAt: new Date() },
    });
    const version = await blogContentVersion();
    expect((await cleanUp(cleanupRequest({ marks: [email], sessions: [] }), withToken)).status).toBe(200);
    expect(await blogContentVersion()).toBe(version);
    expect(await db().select().from(schema.meetings).where(eq(schema.meetings.email, email)).get()).toBeUndefined();
  });

  it("a body that is not the expected shape is a 400 and deletes nothing", async () => {
    const post = { id: uuid(), title: "Short mark test", content: "x", contentHtml: "x", excerpt: "x", author: "A" };
    await db().insert(schema.blogPosts).values(post);
    for (const body of [null, { marks: ["Short"], sessions: [] }, { marks: "x", sessions: [] }, { marks: [] }]) {
      expect((await cleanUp(cleanupRequest(body), withToken)).status).toBe(400);
    }
    expect(await db().select().from(schema.blogPosts).where(eq(schema.blogPosts.id, post.id)).get()).toBeDefined();
  });
});
