import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { blogPostRevisions } from "~/db/schema";
import { SAVE_CONFLICT } from "~/domain/blog/messages";
import { createPost, getPost, NOT_A_DRAFT, POST_CHANGED, updatePost } from "~/domain/blog/posts.server";
import { listRevisions, REVISION_NOT_FOUND } from "~/domain/blog/revisions.server";
import { BLOG_LIMITS } from "~/domain/blog/schemas";
import { createAdmin } from "../../../../../tests/helpers/accounts";
import { routeArgs as args } from "../../../../../tests/helpers/route-call";
import { action as autosaveAction } from "./autosave";
import { action as editorAction, loader as editorLoader } from "./editor";
import { action as restoreAction, loader as revisionLoader } from "./revision";

/** The editor's revision routes as a browser uses them (decision 030). */

let token: string;
beforeAll(async () => {
  token = (await createAdmin()).token;
});

const post = (fields: Record<string, string>, path = "/admin/dashboard/blog/x") =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: new URLSearchParams(fields),
  });
const get = (path: string) => new Request(`http://localhost${path}`, { headers: { Authorization: `Bearer ${token}` } });

const actor = { id: null, email: "writer@flowlane.test" };
const newDraft = (status: "draft" | "published" = "draft") =>
  createPost(actor, {
    title: "Route post",
    content: "Old *text*.",
    excerpt: "Excerpt",
    author: "Writer",
    tags: [],
    status,
  });
const formOf = (title: string, content: string, extra: Record<string, string> = {}) => ({
  title,
  content,
  excerpt: "Excerpt",
  author: "Writer",
  tags: "",
  status: "draft",
  ...extra,
});

describe("editor save with the version token", () => {
  it("saves with the loaded version and refuses a stale one with the concurrent-edit message", async () => {
    const created = await newDraft();
    const loaded = (await editorLoader(args(get("/"), { id: created.id }))) as { version: number };
    const saved = (await editorAction(
      args(post({ ...formOf("New title", "New text"), intent: "save", version: String(loaded.version) }), {
        id: created.id,
      }),
    )) as Response;
    expect(saved.status).toBe(302);
    const stale = (await editorAction(
      args(post({ ...formOf("Stale title", "Stale text"), intent: "save", version: String(loaded.version) }), {
        id: created.id,
      }),
    )) as {
      init: { status: number };
      data: { result: { error: Record<string, string[]> }; conflict?: boolean; version?: number | null };
    };
    expect(stale.init.status).toBe(409);
    // A conflict, said as one (decision 051): not "Failed to save …", which a retry cannot fix.
    expect(stale.data.result.error[""]).toEqual([SAVE_CONFLICT]);
    expect(stale.data.conflict).toBe(true);
    // The page keeps the version it was loaded with: pressing Save again stays refused.
    expect(stale.data.version).toBe(loaded.version);
    expect((await getPost(created.id)).title).toBe("New title");
  });

  it("'Load the latest version' changes nothing and hands back what was typed, to copy", async () => {
    const created = await newDraft();
    await updatePost(actor, created.id, { content: "Someone else's words." });
    const before = await getPost(created.id);
    const typed = formOf("My title", "My words, typed before the other save.", {
      intent: "latest",
      version: String(created.updatedAt.getTime()),
      metaTitle: "x".repeat(500),
    });
    const answer = (await editorAction(args(post(typed), { id: created.id }))) as {
      init: { status?: number } | null;
      data: { typed: Record<string, string>; result: unknown };
    };
    expect(answer.init?.status ?? 200).toBe(200);
    expect(answer.data.result).toBeUndefined();
    expect(answer.data.typed).toMatchObject({
      title: "My title",
      content: "My words, typed before the other save.",
      excerpt: "Excerpt",
    });
    expect(answer.data.typed.metaTitle).toHaveLength(BLOG_LIMITS.metaTitle);
    expect(await getPost(created.id)).toEqual(before);
  });
});

describe("autosave route", () => {
  it("saves a draft, answers the new version, the time and the revisions; the old version is then refused", async () => {
    const created = await newDraft();
    const version = String(created.updatedAt.getTime());
    const response = (await autosaveAction(
      args(post({ ...formOf("Typed", "Typed text", { status: "published" }), version }), { id: created.id }),
    )) as Response;
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { ok: true; version: number; savedAt: string; revisions: unknown[] };
    expect(answer).toMatchObject({ ok: true, savedAt: expect.stringMatching(/^\d{2}:\d{2}$/) });
    expect(answer.revisions[0]).toMatchObject({ kind: "autosave", title: "Typed" });
    expect(await getPost(created.id)).toMatchObject({ title: "Typed", status: "draft" });
    const again = (await autosaveAction(
      args(post({ ...formOf("From an old tab", "x"), version }), { id: created.id }),
    )) as Response;
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ ok: false, message: POST_CHANGED });
  });

  it("refuses a published post and invalid fields, changing nothing", async () => {
    const live = await newDraft("published");
    const refused = (await autosaveAction(args(post(formOf("Live edit", "x")), { id: live.id }))) as Response;
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ ok: false, message: NOT_A_DRAFT });
    const draft = await newDraft();
    const invalid = (await autosaveAction(args(post(formOf("", "x")), { id: draft.id }))) as Response;
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ ok: false, message: "Not autosaved: Title is required" });
    expect((await getPost(live.id)).title).toBe("Route post");
    expect((await getPost(draft.id)).title).toBe("Route post");
  });
});

describe("revision view and restore", () => {
  it("shows a revision sanitized like the article and restores it with a plain POST", async () => {
    const created = await newDraft();
    const [first] = await listRevisions(created.id);
    const version = String(created.updatedAt.getTime());
    await autosaveAction(
      args(post({ ...formOf("Changed", "<script>alert(1)</script> Changed"), version }), { id: created.id }),
    );
    const [changed] = await listRevisions(created.id);
    const view = (await revisionLoader(args(get("/"), { id: created.id, revision: String(changed!.id) }))) as {
      revision: { title: string; html: string };
    };
    expect(view.revision.title).toBe("Changed");
    expect(view.revision.html).not.toContain("<script");

    const current = await getPost(created.id);
    const restored = (await restoreAction(
      args(post({ version: String(current.updatedAt.getTime()) }), { id: created.id, revision: String(first!.id) }),
    )) as Response;
    expect(restored.status).toBe(302);
    expect(restored.headers.get("Location")).toMatch(
      new RegExp(`^/admin/dashboard/blog/${created.id}/edit\\?restored=\\d+#revisions$`),
    );
    expect(await getPost(created.id)).toMatchObject({ title: "Route post", content: "Old *text*." });
  });

  it("refuses a stale page, another post's revision and an unknown one with a clear message", async () => {
    const created = await newDraft();
    const other = await newDraft();
    const [mine] = await listRevisions(created.id);
    const [theirs] = await listRevisions(other.id);
    const count = async () =>
      (await db().select().from(blogPostRevisions).where(eq(blogPostRevisions.postId, created.id)).all()).length;

    // The page was loaded, then someone else saved: restoring from that page is refused.
    const loadedVersion = String(created.updatedAt.getTime());
    await updatePost(actor, created.id, { title: "Someone else's edit" });
    const stale = (await restoreAction(
      args(post({ version: loadedVersion }), { id: created.id, revision: String(mine!.id) }),
    )) as { init: { status: number }; data: { submitFailure: string } };
    expect(stale.init.status).toBe(409);
    expect(stale.data.submitFailure).toBe(POST_CHANGED);

    for (const revision of [String(theirs!.id), "999999", "abc"]) {
      const refused = (await restoreAction(args(post({}), { id: created.id, revision }))) as {
        init: { status: number };
        data: { submitFailure: string };
      };
      expect(refused.init.status).toBe(404);
      expect(refused.data.submitFailure).toBe(REVISION_NOT_FOUND);
    }
    const thrown = await revisionLoader(args(get("/"), { id: created.id, revision: String(theirs!.id) })).catch(
      (e: unknown) => e,
    );
    expect(thrown).toMatchObject({ init: { status: 404 }, data: { message: REVISION_NOT_FOUND } });
    expect(await count()).toBe(2);
    expect((await getPost(created.id)).title).toBe("Someone else's edit");
  });
});
