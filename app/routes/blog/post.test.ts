import { waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createPost, updatePost } from "~/domain/blog/posts.server";
import { serveCached } from "../../../tests/helpers/edge-cache";
import { TEST_SITE_URL } from "../../../tests/helpers/site";
import { loader as sitemapPostsLoader } from "../resources/sitemap-posts";
import { loader, meta } from "./post";

/** /blog/{id}: a slug, a post id or an earlier slug (decision 029), and the head of the article. */

const ORIGIN = "http://localhost";
const actor = { id: null, email: "editor@flowlane.test" };

const input = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  content: "Some **markdown**.",
  excerpt: "The excerpt of the post",
  author: "Editor",
  tags: ["automation"],
  status: "published" as const,
  ...extra,
});

type Loaded = Awaited<ReturnType<typeof loader>>;

/** The loader's data, or the redirect or error it threw. */
async function open(ref: string): Promise<{ status: number; location?: string | null; data?: Loaded }> {
  try {
    const request = new Request(`${ORIGIN}/blog/${ref}`);
    return { status: 200, data: await loader({ request, params: { id: ref }, context: {} } as never) };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status };
    throw thrown;
  }
}

/** The head tags of a loaded article, as `meta` makes them. */
function head(data: Loaded) {
  const tags = meta({ loaderData: data } as never) as Record<string, string>[];
  const find = (key: string, value: string) => tags.find((t) => t[key] === value);
  return {
    title: tags.find((t) => Object.keys(t).length === 1 && "title" in t)?.title,
    description: find("name", "description")?.content,
    canonical: tags.find((t) => t.rel === "canonical")?.href,
    ogUrl: find("property", "og:url")?.content,
    ogTitle: find("property", "og:title")?.content,
    ogDescription: find("property", "og:description")?.content,
    twitterTitle: find("name", "twitter:title")?.content,
    twitterDescription: find("name", "twitter:description")?.content,
    feed: tags.filter((t) => t.type === "application/rss+xml").length,
  };
}

describe("/blog/{id} resolves slugs, ids and earlier slugs", () => {
  it("the current slug renders; the id and every earlier slug answer 301 to it", async () => {
    const post = await createPost(actor, input("Route chain", { slug: "route-a" }));
    await updatePost(actor, post.id, { slug: "route-b" });
    await updatePost(actor, post.id, { slug: "route-c" });
    expect((await open("route-c")).status).toBe(200);
    for (const ref of [post.id, "route-a", "route-b"]) {
      expect(await open(ref), ref).toEqual({ status: 301, location: "/blog/route-c" });
    }
    // Renamed back to the first slug: the others lead there now.
    await updatePost(actor, post.id, { slug: "route-a" });
    expect((await open("route-a")).status).toBe(200);
    for (const ref of [post.id, "route-b", "route-c"]) {
      expect(await open(ref), ref).toEqual({ status: 301, location: "/blog/route-a" });
    }
  });

  it("a draft is not shown under any of its addresses (spec: to the list); an unknown one is 404", async () => {
    const draft = await createPost(actor, input("Route draft", { slug: "route-draft", status: "draft" }));
    await updatePost(actor, draft.id, { slug: "route-draft-2" });
    for (const ref of [draft.id, "route-draft", "route-draft-2"]) {
      expect(await open(ref), ref).toEqual({ status: 302, location: "/blog" });
    }
    expect((await open("no-such-post")).status).toBe(404);
  });
});

describe("links use the slug", () => {
  it("the sitemap lists /blog/{slug}, not the id or an earlier slug", async () => {
    const post = await createPost(actor, input("Sitemap slug post", { slug: "sitemap-first" }));
    await updatePost(actor, post.id, { slug: "sitemap-second" });
    const response = (await sitemapPostsLoader({
      request: new Request(`${ORIGIN}/sitemap/posts/1.xml`),
      params: { file: "1.xml" },
      context: {},
    } as never)) as Response;
    const xml = await response.text();
    expect(xml).toContain(`<loc>${TEST_SITE_URL}/blog/sitemap-second</loc>`);
    expect(xml).not.toContain("sitemap-first");
    expect(xml).not.toContain(post.id);
  });
});

describe("the head of an article", () => {
  it("without SEO fields: the title with the site name, the excerpt, and the slug address as canonical", async () => {
    await createPost(actor, input("Plain head post", { slug: "plain-head" }));
    const loaded = await open("plain-head");
    expect(head(loaded.data as Loaded)).toEqual({
      title: "Plain head post | Flowlane",
      description: "The excerpt of the post",
      canonical: `${TEST_SITE_URL}/blog/plain-head`,
      ogUrl: `${TEST_SITE_URL}/blog/plain-head`,
      ogTitle: "Plain head post | Flowlane",
      ogDescription: "The excerpt of the post",
      twitterTitle: "Plain head post | Flowlane",
      twitterDescription: "The excerpt of the post",
      feed: 1,
    });
  });

  it("with SEO fields: the meta title as written, the meta description and the canonical override everywhere", async () => {
    await createPost(
      actor,
      input("Long original title of the post", {
        slug: "seo-head",
        metaTitle: "Search title",
        metaDescription: "Search description",
        canonicalUrl: "https://partner.example/original",
      }),
    );
    const loaded = await open("seo-head");
    expect(head(loaded.data as Loaded)).toEqual({
      title: "Search title",
      description: "Search description",
      canonical: "https://partner.example/original",
      ogUrl: "https://partner.example/original",
      ogTitle: "Search title",
      ogDescription: "Search description",
      twitterTitle: "Search title",
      twitterDescription: "Search description",
      feed: 1,
    });
    // Sharing still shares this site's article.
    expect(loaded.data?.head.url).toBe(`${TEST_SITE_URL}/blog/seo-head`);
  });
});

describe("the edge cache and a slug change", () => {
  /** The article through the edge cache, rendered by its real loader (a redirect is its Response). */
  async function get(cache: Cache, slug: string) {
    const { response, status, ctx } = await serveCached(new Request(`${ORIGIN}/blog/${slug}`), cache, async () => {
      const result = await open(slug);
      if (result.status !== 200) {
        return new Response(null, { status: result.status, headers: { Location: result.location ?? "" } });
      }
      return new Response(`<p>${result.data?.post.title}</p>`, { headers: { "Content-Type": "text/html" } });
    });
    await response.text();
    await waitOnExecutionContext(ctx);
    return { cache: status, status: response.status, location: response.headers.get("Location") };
  }

  it("a cached article's old address redirects as soon as its slug changes", async () => {
    const cache = await caches.open(`post-test-${crypto.randomUUID()}`);
    const post = await createPost(actor, input("Cached post", { slug: "cached-old" }));
    expect(await get(cache, "cached-old")).toMatchObject({ cache: "MISS", status: 200 });
    expect(await get(cache, "cached-old")).toMatchObject({ cache: "HIT", status: 200 });
    await updatePost(actor, post.id, { slug: "cached-new" });
    expect(await get(cache, "cached-old")).toMatchObject({ status: 301, location: "/blog/cached-new" });
    expect(await get(cache, "cached-new")).toMatchObject({ cache: "MISS", status: 200 });
  });
});
