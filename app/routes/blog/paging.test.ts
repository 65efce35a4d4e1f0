import { beforeAll, describe, expect, it } from "vitest";
import { addPosts } from "~/domain/blog/testing/posts";
import { SITEMAP_POSTS_PER_FILE } from "~/lib/sitemap.server";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { TEST_SITE_URL } from "../../../tests/helpers/site";
import { loader as adminLoader } from "../admin/dashboard/blog";
import { loader as sitemapLoader } from "../resources/sitemap";
import { loader as sitemapPagesLoader } from "../resources/sitemap-pages";
import { loader as sitemapPostsLoader } from "../resources/sitemap-posts";
import { loader as blogLoader } from "./index";
import { loader as rssLoader } from "./rss";

const ORIGIN = "http://localhost";
/** A loader's result, or the status of the Response (or data() error) it threw. */
async function load(loader: (args: never) => unknown, url: string, headers: HeadersInit = {}) {
  try {
    const request = new Request(`${ORIGIN}${url}`, { headers });
    // biome-ignore lint/suspicious/noExplicitAny: tests read loader results loosely
    return { status: 200, data: (await loader({ request, params: {}, context: {} } as never)) as any };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: null };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status, data: null };
    throw thrown;
  }
}

let token: string;
beforeAll(async () => {
  ({ token } = await createAdmin());
});

describe("/blog pages (one test file, one database: empty first, then 30 posts)", () => {
  it("with no posts: page 1 exists and is empty, page 2 is a 404", async () => {
    const empty = await load(blogLoader, "/blog");
    expect(empty.status).toBe(200);
    expect(empty.data).toMatchObject({ posts: [], page: 1, pages: 1, total: 0 });
    expect((await load(blogLoader, "/blog?page=2")).status).toBe(404);
  });

  it("one page of posts: page 1 holds them all, page 2 is a 404", async () => {
    await addPosts("p", 5);
    const only = await load(blogLoader, "/blog?page=1");
    expect(only.data).toMatchObject({ page: 1, pages: 1, total: 5 });
    expect(only.data.posts.map((p: { id: string }) => p.id)).toEqual(["p-4", "p-3", "p-2", "p-1", "p-0"]);
    expect((await load(blogLoader, "/blog?page=2")).status).toBe(404);
  });

  it("12 a page, newest first; the last page is short; past it, or a malformed page, is a 404", async () => {
    await addPosts("p", 25, { from: 5 });
    await addPosts("d", 3, { status: "draft" });
    const first = await load(blogLoader, "/blog");
    expect(first.data.posts).toHaveLength(12);
    expect(first.data.posts[0].id).toBe("p-29");
    expect(first.data).toMatchObject({ page: 1, pages: 3, total: 30, canonical: `${TEST_SITE_URL}/blog` });

    const last = await load(blogLoader, "/blog?page=3");
    expect(last.data.posts.map((p: { id: string }) => p.id)).toEqual(["p-5", "p-4", "p-3", "p-2", "p-1", "p-0"]);
    expect(last.data.canonical).toBe(`${TEST_SITE_URL}/blog?page=3`);

    for (const page of ["4", "0", "-1", "02", "1.5", "abc", "", "9999999"]) {
      expect((await load(blogLoader, `/blog?page=${page}`)).status, page).toBe(404);
    }
  });
});

describe("GET /api/blogs paging", () => {
  it("returns the spec's data list plus pagination; a page past the end is empty; bad values are 400", async () => {
    const first = await api("GET", "/api/blogs?limit=12");
    expect(first.status).toBe(200);
    expect(first.json.data).toHaveLength(12);
    expect(first.json.data[0]).toMatchObject({ _id: "p-29", status: "published" });
    expect(first.json.pagination).toEqual({ currentPage: 1, totalPages: 3, totalItems: 30, itemsPerPage: 12 });

    const defaults = await api("GET", "/api/blogs");
    expect(defaults.json.data).toHaveLength(20);
    expect(defaults.json.pagination).toMatchObject({ currentPage: 1, totalPages: 2, itemsPerPage: 20 });

    const last = await api("GET", "/api/blogs?page=3&limit=12");
    expect(last.json.data).toHaveLength(6);
    const past = await api("GET", "/api/blogs?page=4&limit=12");
    expect(past.status).toBe(200);
    expect(past.json.data).toEqual([]);
    expect(past.json.pagination.totalItems).toBe(30);

    const admin = await api("GET", "/api/blogs?limit=100", { token });
    expect(admin.json.pagination.totalItems).toBe(33);

    for (const query of ["page=0", "page=x", "limit=0", "limit=101", "limit=2.5"]) {
      const r = await api("GET", `/api/blogs?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.json.success).toBe(false);
    }
  });
});

describe("Blog Management paging", () => {
  const auth = () => ({ Authorization: `Bearer ${token}` });

  it("20 a page, a status filter and a search; past the last page shows the last page", async () => {
    const first = await load(adminLoader, "/admin/dashboard/blog", auth());
    expect(first.data.posts).toHaveLength(20);
    expect(first.data).toMatchObject({ page: 1, pages: 2, total: 33, counts: { all: 33, draft: 3, published: 30 } });

    const drafts = await load(adminLoader, "/admin/dashboard/blog?status=draft", auth());
    expect(drafts.data.posts.map((p: { id: string }) => p.id)).toEqual(["d-2", "d-1", "d-0"]);

    const search = await load(adminLoader, "/admin/dashboard/blog?q=P%20title%202", auth());
    expect(search.data.total).toBe(11); // "p title 2", "p title 20"–"29"

    const past = await load(adminLoader, "/admin/dashboard/blog?page=9", auth());
    expect(past.data.page).toBe(2);
    expect(past.data.posts).toHaveLength(13);

    const unknownStatus = await load(adminLoader, "/admin/dashboard/blog?status=archived", auth());
    expect(unknownStatus.data.status).toBe("all");
  });
});

describe("RSS", () => {
  it("holds the latest 50 published posts at most", async () => {
    await addPosts("more", 40);
    const response = await rssLoader();
    const xml = await response.text();
    expect(xml.match(/<item>/g)).toHaveLength(50);
    expect(xml).toContain("/blog/more-39");
    expect(xml).not.toContain("/blog/d-");
  });
});

describe("sitemap", () => {
  const get = async (loader: (args: never) => unknown, url: string, params: Record<string, string> = {}) =>
    (await loader({ request: new Request(`${ORIGIN}${url}`), params, context: {} } as never)) as Response;

  it("is an index of the pages file and bounded post files, oldest posts first; past the last file is 404", async () => {
    // 30 + 40 published so far in this file; add enough for a second post file.
    await addPosts("bulk", SITEMAP_POSTS_PER_FILE);
    const index = await (await get(sitemapLoader, "/sitemap.xml")).text();
    expect(index).toContain("<sitemapindex");
    expect(index).toContain(`<loc>${TEST_SITE_URL}/sitemap/pages.xml</loc>`);
    expect(index).toContain(`<loc>${TEST_SITE_URL}/sitemap/posts/1.xml</loc>`);
    expect(index).toContain(`<loc>${TEST_SITE_URL}/sitemap/posts/2.xml</loc>`);
    expect(index).not.toContain("/sitemap/posts/3.xml");

    const pages = await (await get(sitemapPagesLoader, "/sitemap/pages.xml")).text();
    expect(pages).toContain(`<loc>${TEST_SITE_URL}/pricing</loc>`);
    expect(pages).toContain(`<loc>${TEST_SITE_URL}/blog</loc>`);
    // Every page URL says when it last changed (W3C datetime), tag and author pages included.
    const urls = pages.match(/<url>.*?<\/url>/g) ?? [];
    expect(urls.length).toBeGreaterThan(10);
    for (const url of urls) expect(url).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T[\d:.]+Z<\/lastmod>/);

    const first = await (await get(sitemapPostsLoader, "/sitemap/posts/1.xml", { file: "1.xml" })).text();
    expect(first.match(/<url>/g)).toHaveLength(SITEMAP_POSTS_PER_FILE);
    expect(first).toContain(`<loc>${TEST_SITE_URL}/blog/p-0</loc>`);
    expect(first).not.toContain("/blog/d-");
    const second = await (await get(sitemapPostsLoader, "/sitemap/posts/2.xml", { file: "2.xml" })).text();
    expect(second.match(/<url>/g)).toHaveLength(70);
    expect(second).toContain(`<loc>${TEST_SITE_URL}/blog/bulk-${SITEMAP_POSTS_PER_FILE - 1}</loc>`);
    expect(second.length).toBeLessThan(300 * 1024);

    for (const file of ["3.xml", "0.xml", "x.xml", "1", "01.xml"]) {
      expect((await get(sitemapPostsLoader, `/sitemap/posts/${file}`, { file })).status, file).toBe(404);
    }
  });
});
