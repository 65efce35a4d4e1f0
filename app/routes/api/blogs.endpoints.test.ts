import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, blogPosts } from "~/db/schema";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";

const valid = {
  title: "Automating purchase approvals",
  content: "## Why\n\nBecause **email** does not scale.",
  excerpt: "How finance teams stop chasing approvals.",
  author: "Priya Raman",
  tags: ["Automation", "Finance"],
  status: "published",
};

let token: string;
let adminEmail: string;

beforeAll(async () => {
  const created = await createAdmin({ email: "blog-admin@flowlane.test" });
  token = created.token;
  adminEmail = created.admin.email;
});

const create = async (overrides: Record<string, unknown> = {}) => {
  const r = await api("POST", "/api/blogs", { token, body: { ...valid, ...overrides } });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.data;
};

const rowCount = async () => (await db().select({ id: blogPosts.id }).from(blogPosts).all()).length;

describe("POST /api/blogs", () => {
  it("creates a post, renders its markdown, returns it in data and audits it", async () => {
    const r = await api("POST", "/api/blogs", { token, body: valid });
    expect(r.status).toBe(201);
    const post = r.json.data;
    expect(post).toMatchObject({
      title: valid.title,
      content: valid.content,
      excerpt: valid.excerpt,
      author: valid.author,
      tags: ["Automation", "Finance"],
      status: "published",
      readingTime: 1,
    });
    expect(post._id).toBe(post.id);
    expect(post.contentHtml).toBe('<h2 id="why">Why</h2>\n<p>Because <strong>email</strong> does not scale.</p>');
    expect(post.publishedAt).toBe(post.createdAt);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, post.id)).all();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "blog.created", targetType: "blog_post", actorEmail: adminEmail });
    expect(audit[0]!.after).toMatchObject({ title: valid.title, status: "published" });
  });

  it("is a draft without publish date by default and trims fields and tags", async () => {
    const { status: _s, ...rest } = valid;
    const post = await create({ ...rest, status: undefined, title: "  Spaced title  ", tags: [" a ", "", "b", "A"] });
    expect(post.status).toBe("draft");
    expect(post.publishedAt).toBeNull();
    expect(post.title).toBe("Spaced title");
    expect(post.tags).toEqual(["a", "b"]);
  });

  it.each([
    ["no body", {}, ["title", "content", "excerpt", "author"]],
    ["missing title", { ...valid, title: undefined }, ["title"]],
    ["blank author", { ...valid, author: "   " }, ["author"]],
    ["blank content", { ...valid, content: " \n " }, ["content"]],
    ["missing excerpt", { ...valid, excerpt: undefined }, ["excerpt"]],
    ["over-long title", { ...valid, title: "t".repeat(201) }, ["title"]],
    ["over-long excerpt", { ...valid, excerpt: "e".repeat(501) }, ["excerpt"]],
    ["over-long author", { ...valid, author: "a".repeat(101) }, ["author"]],
    ["over-long content", { ...valid, content: "c".repeat(50_001) }, ["content"]],
    ["tags not strings", { ...valid, tags: ["ok", 42, { x: 1 }] }, ["tags.1", "tags.2"]],
    ["tags not an array", { ...valid, tags: "a, b" }, ["tags"]],
    ["too many tags", { ...valid, tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, ["tags"]],
    ["an over-long tag", { ...valid, tags: ["x".repeat(41)] }, ["tags.0"]],
    ["unknown status", { ...valid, status: "archived" }, ["status"]],
    ["wrong types", { ...valid, title: 7, content: ["x"] }, ["title", "content"]],
  ])("rejects %s with 400 and field details, storing nothing", async (_name, body, fields) => {
    const before = await rowCount();
    const r = await api("POST", "/api/blogs", { token, body });
    expect(r.status).toBe(400);
    expect(r.json.success).toBe(false);
    expect(r.json.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(fields));
    expect(await rowCount()).toBe(before);
  });

  it("says which rule failed, in words", async () => {
    const r = await api("POST", "/api/blogs", { token, body: { ...valid, title: "", status: "archived" } });
    expect(r.json.details).toEqual(
      expect.arrayContaining([
        { field: "title", message: "Title is required" },
        { field: "status", message: "Status must be draft or published" },
      ]),
    );
    expect(r.json.error).toBe("Title is required");
  });

  it("needs an approved admin", async () => {
    expect((await api("POST", "/api/blogs", { body: valid })).status).toBe(401);
    const pending = await createAdmin({ status: "pending" });
    expect((await api("POST", "/api/blogs", { token: pending.token, body: valid })).status).toBe(403);
  });

  it("stores sanitized HTML for hostile markdown", async () => {
    const post = await create({
      content:
        '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[x](javascript:alert(3))\n\n<iframe src="https://evil.example"></iframe>',
    });
    expect(post.contentHtml).not.toMatch(/<script|onerror|javascript:|<iframe/i);
  });
});

describe("visibility", () => {
  it("visitors see published posts only, newest first; an admin sees every post with its status", async () => {
    const older = await create({ title: "Older published" });
    const draft = await create({ title: "Secret draft", status: "draft" });
    const newer = await create({ title: "Newer published" });

    const pub = await api("GET", "/api/blogs");
    expect(pub.status).toBe(200);
    const publicIds = pub.json.data.map((p: { id: string }) => p.id);
    expect(publicIds).toContain(older.id);
    expect(publicIds).not.toContain(draft.id);
    expect(publicIds.indexOf(newer.id)).toBeLessThan(publicIds.indexOf(older.id));
    expect(pub.json.data.every((p: { status: string }) => p.status === "published")).toBe(true);

    const all = await api("GET", "/api/blogs", { token });
    const drafted = all.json.data.find((p: { id: string }) => p.id === draft.id);
    expect(drafted).toMatchObject({ status: "draft", title: "Secret draft" });

    const pending = await createAdmin({ status: "pending" });
    const asPending = await api("GET", "/api/blogs", { token: pending.token });
    expect(asPending.json.data.map((p: { id: string }) => p.id)).not.toContain(draft.id);
  });

  it("a draft is 404 for anyone but an admin; an unknown id is 404 for everyone", async () => {
    const draft = await create({ status: "draft" });
    const anon = await api("GET", `/api/blogs/${draft.id}`);
    expect(anon.status).toBe(404);
    expect(anon.json).toEqual({ success: false, error: "Blog post not found" });
    expect((await api("GET", `/api/blogs/${draft.id}`, { token })).json.data.status).toBe("draft");
    expect((await api("GET", "/api/blogs/no-such-id", { token })).status).toBe(404);

    const published = await create();
    const r = await api("GET", `/api/blogs/${published.id}`);
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ _id: published.id, title: valid.title });
  });
});

describe("PUT /api/blogs/:id", () => {
  it("updates the fields sent, re-renders the markdown and audits the change", async () => {
    const post = await create({ status: "draft" });
    const r = await api("PUT", `/api/blogs/${post.id}`, {
      token,
      body: { title: "Renamed", content: "# New body", tags: ["X"] },
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ title: "Renamed", excerpt: valid.excerpt, tags: ["X"], status: "draft" });
    expect(r.json.data.contentHtml).toBe('<h2 id="new-body">New body</h2>');
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, post.id)).all();
    const updated = audit.find((a) => a.action === "blog.updated");
    expect(updated?.before).toEqual({ title: valid.title, content: valid.content, tags: valid.tags });
    expect(updated?.after).toEqual({ title: "Renamed", content: "# New body", tags: ["X"] });
  });

  it("sets publishedAt when the post is first published and keeps it on later edits", async () => {
    const post = await create({ status: "draft" });
    const published = await api("PUT", `/api/blogs/${post.id}`, { token, body: { status: "published" } });
    const publishedAt = published.json.data.publishedAt;
    expect(publishedAt).toEqual(expect.any(String));
    await new Promise((r) => setTimeout(r, 5));
    const edited = await api("PUT", `/api/blogs/${post.id}`, { token, body: { title: "Edited later" } });
    expect(edited.json.data.publishedAt).toBe(publishedAt);
    await api("PUT", `/api/blogs/${post.id}`, { token, body: { status: "draft" } });
    const again = await api("PUT", `/api/blogs/${post.id}`, { token, body: { status: "published" } });
    expect(again.json.data.publishedAt).toBe(publishedAt);
  });

  it("writes nothing when nothing changed", async () => {
    const post = await create();
    const r = await api("PUT", `/api/blogs/${post.id}`, { token, body: { title: valid.title, tags: valid.tags } });
    expect(r.status).toBe(200);
    expect(r.json.data.updatedAt).toBe(post.updatedAt);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, post.id)).all();
    expect(audit.map((a) => a.action)).toEqual(["blog.created"]);
  });

  it.each([
    ["an empty body", {}, "body"],
    ["a blank title", { title: " " }, "title"],
    ["tags not strings", { tags: [1, 2] }, "tags.0"],
    ["an unknown status", { status: "live" }, "status"],
    ["an over-long excerpt", { excerpt: "e".repeat(501) }, "excerpt"],
  ])("rejects %s and changes nothing", async (_name, body, field) => {
    const post = await create();
    const r = await api("PUT", `/api/blogs/${post.id}`, { token, body });
    expect(r.status).toBe(400);
    expect(r.json.details.map((d: { field: string }) => d.field)).toContain(field);
    const stored = await db().select().from(blogPosts).where(eq(blogPosts.id, post.id)).get();
    expect(stored?.updatedAt.toISOString()).toBe(post.updatedAt);
    expect(stored?.title).toBe(valid.title);
  });

  it("answers 404 for an unknown id and needs an admin", async () => {
    const r = await api("PUT", "/api/blogs/nope", { token, body: { title: "x" } });
    expect(r.status).toBe(404);
    expect(r.json.error).toBe("Blog post not found");
    const post = await create();
    expect((await api("PUT", `/api/blogs/${post.id}`, { body: { title: "x" } })).status).toBe(401);
  });
});

describe("DELETE /api/blogs/:id", () => {
  it("deletes the post and audits it; a second delete is 404", async () => {
    const post = await create();
    expect((await api("DELETE", `/api/blogs/${post.id}`)).status).toBe(401);
    const r = await api("DELETE", `/api/blogs/${post.id}`, { token });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ success: true, data: { _id: post.id, id: post.id } });
    expect((await api("GET", `/api/blogs/${post.id}`, { token })).status).toBe(404);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, post.id)).all();
    expect(audit.find((a) => a.action === "blog.deleted")?.before).toMatchObject({ title: valid.title });
    expect((await api("DELETE", `/api/blogs/${post.id}`, { token })).status).toBe(404);
  });
});

describe("OpenAPI", () => {
  it("documents the blog endpoints", async () => {
    const { buildOpenApi } = await import("~/http/api/openapi.server");
    const { allEndpoints } = await import("~/routes/api/registry.server");
    const doc = buildOpenApi(allEndpoints) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths["/api/blogs"] ?? {})).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/api/blogs/{id}"] ?? {})).toEqual(["get", "put", "delete"]);
  });
});

describe("POST /api/blogs/preview", () => {
  it("renders sanitized HTML for an admin and stores nothing", async () => {
    const before = await rowCount();
    const r = await api("POST", "/api/blogs/preview", {
      token,
      body: { content: "## Hi\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1))" },
    });
    expect(r.status).toBe(200);
    expect(r.json.data.html).toBe('<h2 id="hi">Hi</h2>\n<p><a>x</a></p>');
    expect(await rowCount()).toBe(before);
  });

  it("is for admins only", async () => {
    expect((await api("POST", "/api/blogs/preview", { body: { content: "x" } })).status).toBe(401);
  });
});
