import { describe, expect, it } from "vitest";
import { FORBIDDEN_MESSAGE } from "~/domain/accounts/permissions";
import { loader as blogList } from "~/routes/admin/dashboard/blog";
import { action as editorAction, loader as editorLoader } from "~/routes/admin/dashboard/blog/editor";
import { consoleCookie, createAdmin } from "../../tests/helpers/accounts";
import { api, ORIGIN } from "../../tests/helpers/api";
import { addPost } from "../../tests/helpers/console-data";
import { outcome, routeArgs } from "../../tests/helpers/route-call";
import { PUBLISH_NEEDS_ROLE } from "./post-access.server";

/** An Author's own posts (decision 064): theirs to write and save as drafts; publishing needs Marketing. */

const page = (path: string, cookie: string, form?: Record<string, string>) =>
  new Request(`${ORIGIN}${path}`, {
    method: form ? "POST" : "GET",
    headers: { Cookie: cookie },
    body: form ? new URLSearchParams(form) : undefined,
  });

const refused = (answer: unknown) =>
  (answer as { init?: { status?: number } }).init?.status === 403 &&
  (answer as { data?: unknown }).data === FORBIDDEN_MESSAGE;

describe("an Author's own posts", { timeout: 60_000 }, () => {
  it("opens and saves their own draft, never another member's post", async () => {
    const { admin: author } = await createAdmin({ role: "author" });
    const { admin: marketer } = await createAdmin({ role: "marketing" });
    const own = await addPost({ title: "Mine", createdBy: author.id });
    const theirs = await addPost({ title: "Theirs", createdBy: marketer.id });
    const cookie = await consoleCookie(author.id);

    const mine = await outcome(() =>
      editorLoader(routeArgs(page(`/admin/dashboard/blog/${own.id}/edit`, cookie), { id: own.id })),
    );
    expect(refused(mine)).toBe(false);
    expect((mine as { mayPublish: boolean }).mayPublish).toBe(false);
    const other = await outcome(() =>
      editorLoader(routeArgs(page(`/admin/dashboard/blog/${theirs.id}/edit`, cookie), { id: theirs.id })),
    );
    expect(refused(other)).toBe(true);
    const save = await outcome(() =>
      editorAction(
        routeArgs(page(`/admin/dashboard/blog/${theirs.id}/edit`, cookie, { title: "Taken over" }), { id: theirs.id }),
      ),
    );
    expect(refused(save)).toBe(true);

    // Their list holds their own posts only.
    const list = (await blogList(routeArgs(page("/admin/dashboard/blog", cookie)))) as { posts: { id: string }[] };
    expect(list.posts.map((p) => p.id)).toEqual([own.id]);
  });

  it("saving as published is refused with the reason; a draft is saved", async () => {
    const { token } = await createAdmin({ role: "author" });
    const body = { title: "Draft by an Author", content: "Words", excerpt: "Short", author: "Ann Author", tags: [] };
    const published = await api("POST", "/api/blogs", { token, body: { ...body, status: "published" } });
    expect(published.status).toBe(403);
    expect(published.json).toEqual({ success: false, error: PUBLISH_NEEDS_ROLE });
    const draft = await api("POST", "/api/blogs", { token, body: { ...body, status: "draft" } });
    expect(draft.status).toBe(201);
    // Changing any post through the API needs Marketing or above.
    const update = await api("PUT", `/api/blogs/${draft.json.data.id}`, { token, body: { title: "New" } });
    expect(update.status).toBe(403);
  });
});
