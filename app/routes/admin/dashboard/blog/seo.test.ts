import { beforeAll, describe, expect, it } from "vitest";
import { createPost, getPost } from "~/domain/blog/posts.server";
import { CANONICAL_MESSAGE, SLUG_MESSAGES } from "~/domain/blog/schemas";
import { createAdmin } from "../../../../../tests/helpers/accounts";
import { TEST_SITE_URL } from "../../../../../tests/helpers/site";
import { action as editorAction, loader as editorLoader } from "./editor";

/** The editor's SEO fields (decision 029), through the route module itself. */

let token: string;
beforeAll(async () => {
  token = (await createAdmin()).token;
});

const actor = { id: null, email: "t@flowlane.test" };
const FIELDS = { title: "SEO form post", author: "A", excerpt: "E", content: "Text", status: "published" };

type Reply = { data: { result: { error: Record<string, string[]> } }; init: { status: number } };

function save(id: string | null, fields: Record<string, string>) {
  const path = id ? `/admin/dashboard/blog/${id}/edit` : "/admin/dashboard/blog/new";
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: new URLSearchParams({ ...FIELDS, ...fields }),
  });
  return editorAction({ request, params: id ? { id } : {}, context: {} } as never) as Promise<Response | Reply>;
}

describe("the editor's SEO fields", () => {
  it("shows the saved values and the site's origin; saves new values and clears emptied ones", async () => {
    const post = await createPost(actor, {
      ...FIELDS,
      tags: [],
      status: "published",
      slug: "form-first",
      metaTitle: "Old meta",
      canonicalUrl: "https://partner.example/a",
    });
    const request = new Request(`http://localhost/admin/dashboard/blog/${post.id}/edit`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const loaded = (await editorLoader({ request, params: { id: post.id }, context: {} } as never)) as {
      origin: string;
      values: Record<string, string>;
    };
    expect(loaded.origin).toBe(TEST_SITE_URL);
    expect(loaded.values).toMatchObject({
      slug: "form-first",
      metaTitle: "Old meta",
      metaDescription: "",
      canonicalUrl: "https://partner.example/a",
    });

    const saved = (await save(post.id, {
      slug: "Form-Second",
      metaTitle: "",
      metaDescription: "New description",
      canonicalUrl: "",
    })) as Response;
    expect(saved.status).toBe(302);
    expect(await getPost(post.id)).toMatchObject({
      slug: "form-second",
      metaTitle: null,
      metaDescription: "New description",
      canonicalUrl: null,
    });
  });

  it("an empty slug keeps a saved post's address, and makes one from the title for a new post", async () => {
    const post = await createPost(actor, { ...FIELDS, tags: [], status: "published", slug: "kept-address" });
    expect(((await save(post.id, { slug: "" })) as Response).status).toBe(302);
    expect((await getPost(post.id)).slug).toBe("kept-address");
    const created = (await save(null, { title: "Brand new from the form", slug: "" })) as Response;
    expect(created.status).toBe(302);
  });

  it("bad SEO input gets its field's message and changes nothing", async () => {
    const post = await createPost(actor, { ...FIELDS, tags: [], status: "published", slug: "bad-input-post" });
    const reply = (await save(post.id, {
      title: "Should not land",
      slug: "no spaces allowed",
      metaTitle: "t".repeat(71),
      metaDescription: "d".repeat(161),
      canonicalUrl: "http://insecure.example/post",
    })) as Reply;
    expect(reply.init.status).toBe(400);
    expect(reply.data.result.error).toMatchObject({
      slug: [SLUG_MESSAGES.format],
      metaTitle: ["Meta title must be at most 70 characters"],
      metaDescription: ["Meta description must be at most 160 characters"],
      canonicalUrl: [CANONICAL_MESSAGE],
    });
    expect(await getPost(post.id)).toMatchObject({ title: FIELDS.title, slug: "bad-input-post", metaTitle: null });
  });

  it("a slug another post has or had is a field error, and nothing is saved", async () => {
    await createPost(actor, { ...FIELDS, tags: [], status: "published", slug: "someone-elses" });
    const post = await createPost(actor, { ...FIELDS, tags: [], status: "published", slug: "mine-here" });
    const reply = (await save(post.id, { slug: "someone-elses", title: "Not saved" })) as Reply;
    expect(reply.init.status).toBe(409);
    expect(reply.data.result.error.slug).toEqual([SLUG_MESSAGES.taken]);
    expect(await getPost(post.id)).toMatchObject({ slug: "mine-here", title: FIELDS.title });
  });
});
