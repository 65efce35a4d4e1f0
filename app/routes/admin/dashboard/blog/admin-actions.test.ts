import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, blogPosts } from "~/db/schema";
import { createAdmin } from "../../../../../tests/helpers/accounts";
import { routeArgs as args, outcome } from "../../../../../tests/helpers/route-call";
import { action as deleteAction } from "./delete";
import { action as editorAction, loader as editorLoader } from "./editor";

let token: string;

beforeAll(async () => {
  token = (await createAdmin()).token;
});

const form = (fields: Record<string, string>, auth = true) =>
  new Request("http://localhost/admin/dashboard/blog/new", {
    method: "POST",
    headers: auth ? { Authorization: `Bearer ${token}` } : {},
    body: new URLSearchParams(fields),
  });

const valid = {
  title: "Form-made post",
  author: "Erin Admin",
  excerpt: "Written through the admin form.",
  content: "## Hello\n\nFrom the form.",
  tags: " Automation , , Forms ,automation",
};

describe("Blog Management editor", () => {
  it("sends a signed-out visitor to the login screen", async () => {
    const result = (await outcome(() => editorAction(args(form(valid, false))))) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin");
  });

  it("creates a draft by default, tags split on commas, trimmed and deduplicated, and opens its editor", async () => {
    const result = (await editorAction(args(form({ ...valid, intent: "save" })))) as Response;
    expect(result.status).toBe(302);
    const post = await db().select().from(blogPosts).where(eq(blogPosts.title, "Form-made post")).get();
    // In its own editor, where images can be added at once; the editor says it was created.
    expect(result.headers.get("Location")).toBe(`/admin/dashboard/blog/${post?.id}/edit?created=1`);
    const editor = (await editorLoader(
      args(
        new Request(`http://localhost${result.headers.get("Location")}`, {
          headers: { Authorization: `Bearer ${token}` },
        }),
        {
          id: post!.id,
        },
      ),
    )) as { created: boolean; id: string };
    expect(editor).toMatchObject({ created: true, id: post!.id });
    expect(post).toMatchObject({ status: "draft", tags: ["Automation", "Forms"], publishedAt: null });
    expect(post?.contentHtml).toContain('<h2 id="hello">Hello</h2>');
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, post!.id)).all();
    expect(audit.map((a) => a.action)).toEqual(["blog.created"]);
  });

  it("answers 400 with the field messages for missing fields and stores nothing", async () => {
    const before = (await db().select().from(blogPosts).all()).length;
    const result = (await editorAction(args(form({ title: "", author: "", intent: "save" })))) as {
      init: { status: number };
      data: { result: { error: Record<string, string[]> } };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.result.error).toMatchObject({
      title: ["Title is required"],
      author: ["Author is required"],
      excerpt: ["Excerpt is required"],
      content: ["Content is required"],
    });
    expect((await db().select().from(blogPosts).all()).length).toBe(before);
  });

  it("previews sanitized markdown without saving (the no-JavaScript preview)", async () => {
    const before = (await db().select().from(blogPosts).all()).length;
    const result = (await editorAction(
      args(form({ content: "## Look\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1))", intent: "preview" })),
    )) as { data: { preview: string; result: { error?: unknown } } };
    expect(result.data.preview).toBe('<h2 id="look">Look</h2>\n<p><a>x</a></p>');
    expect(result.data.result.error).toBeUndefined();
    expect((await db().select().from(blogPosts).all()).length).toBe(before);
  });

  it("says 'Failed to save blog post. Please try again.' when the post is gone", async () => {
    const result = (await editorAction(args(form({ ...valid, intent: "save" }), { id: "gone" }))) as {
      init: { status: number };
      data: { result: { error: Record<string, string[]> } };
    };
    expect(result.init.status).toBe(404);
    expect(result.data.result.error[""]).toEqual(["Failed to save blog post. Please try again."]);
  });

  it("loads an existing post's values for editing, tags joined with commas", async () => {
    const post = await db().select().from(blogPosts).where(eq(blogPosts.title, "Form-made post")).get();
    const loaded = (await editorLoader(args(form({}), { id: post!.id }) as never)) as { values: { tags: string } };
    expect(loaded.values.tags).toBe("Automation, Forms");
  });
});

describe("Blog Management delete", () => {
  it("deletes, audits, and says 'Failed to delete blog post. Please try again.' the second time", async () => {
    const post = await db().select().from(blogPosts).where(eq(blogPosts.title, "Form-made post")).get();
    const request = () => form({ title: post!.title });
    const first = (await deleteAction(args(request(), { id: post!.id }) as never)) as Response;
    expect(first.headers.get("Location")).toBe("/admin/dashboard/blog?notice=deleted");
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, post!.id)).all();
    expect(audit.map((a) => a.action)).toContain("blog.deleted");
    const second = (await deleteAction(args(request(), { id: post!.id }) as never)) as {
      init: { status: number };
      data: { error: string; title: string };
    };
    expect(second.init.status).toBe(404);
    expect(second.data).toEqual({ error: "Failed to delete blog post. Please try again.", title: "Form-made post" });
  });
});
