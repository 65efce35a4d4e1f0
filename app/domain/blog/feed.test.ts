import fc from "fast-check";
import { Feed } from "feed";
import { describe, expect, it } from "vitest";
import type { BlogPost } from "~/db/schema";
import { absoluteUrls, renderRss } from "./feed";
import { postDate, postPath } from "./format";
import { imageTypeOfKey } from "./images";
import { renderMarkdown } from "./markdown";
import { mediaPath } from "./renditions";

const post = (over: Partial<BlogPost>): BlogPost => ({
  id: "p1",
  title: "Title",
  content: "x",
  contentHtml: "<p>x</p>",
  excerpt: "Excerpt",
  author: "Author",
  createdBy: null,
  reviewRequestedAt: null,
  reviewNote: null,
  tags: [],
  coverImage: null,
  publishAt: null,
  slug: null,
  metaTitle: null,
  metaDescription: null,
  canonicalUrl: null,
  status: "published",
  publishedAt: new Date("2026-11-03T10:00:00Z"),
  createdAt: new Date("2026-11-01T10:00:00Z"),
  updatedAt: new Date("2026-11-03T10:00:00Z"),
  ...over,
});

describe("renderRss", () => {
  it("lists the posts with links, dates, authors and tags, escaping XML", () => {
    const xml = renderRss({ origin: "https://flowlane.example", title: "Flowlane Blog", description: "News" }, [
      post({ id: "a&b", title: "Quotes <fast> & cheap", tags: ["R&D"], contentHtml: "<p>1 &lt; 2</p>" }),
      post({ id: "older", publishedAt: new Date("2026-10-01T00:00:00Z") }),
    ]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain("<title><![CDATA[Quotes <fast> & cheap]]></title>");
    expect(xml).toContain("<link>https://flowlane.example/blog/a%26b</link>");
    expect(xml).toContain("<pubDate>Tue, 03 Nov 2026 10:00:00 GMT</pubDate>");
    expect(xml).toContain("<lastBuildDate>Tue, 03 Nov 2026 10:00:00 GMT</lastBuildDate>");
    expect(xml).toContain("<category>R&amp;D</category>");
    expect(xml).toContain("<dc:creator>Author</dc:creator>");
    expect(xml).toContain("<content:encoded><![CDATA[<p>1 &lt; 2</p>]]></content:encoded>");
    expect(xml).toContain('<guid isPermaLink="false">https://flowlane.example/blog/a%26b</guid>');
    expect(xml.indexOf("a%26b")).toBeLessThan(xml.indexOf("/blog/older"));
    expect(xml).not.toMatch(/<script/);
  });

  it("links a post by its slug and keeps its id address as the guid, so a slug change is not a new item", () => {
    const xml = renderRss({ origin: "https://flowlane.example", title: "T", description: "D" }, [
      post({ id: "p-42", slug: "my-readable-slug" }),
    ]);
    expect(xml).toContain("<link>https://flowlane.example/blog/my-readable-slug</link>");
    expect(xml).toContain('<guid isPermaLink="false">https://flowlane.example/blog/p-42</guid>');
  });

  it("is a valid empty channel without posts", () => {
    const xml = renderRss({ origin: "https://x.example", title: "T", description: "D" }, []);
    expect(xml).toContain("<channel>");
    expect(xml).not.toContain("<item>");
  });

  it("keeps every CDATA section closed, whatever the post holds", () => {
    const html = "<p>a ]]> b ]]> <em>c</em> ]]></p>";
    const xml = renderRss({ origin: "https://x.example", title: "T", description: "D" }, [
      post({ title: "One ]]> in a title", contentHtml: html }),
    ]);
    // Each CDATA opening has its closing, and no markup of the post escapes its element.
    expect(xml.split("<![CDATA[").length).toBe(xml.split("]]>").length);
    expect(xml).toContain("<title><![CDATA[One ]]]]><![CDATA[> in a title]]></title>");
    expect(xml).toContain(
      "<content:encoded><![CDATA[<p>a ]]]]><![CDATA[> b ]]&gt; <em>c</em> ]]&gt;</p>]]></content:encoded>",
    );
  });

  it("carries a post's cover as an image enclosure with its real media type", () => {
    const key = "0b6f4a52-8c1e-4a57-9d0e-3f2a1b4c5d6e.jpg";
    const xml = renderRss({ origin: "https://x.example", title: "T", description: "D" }, [
      post({ coverImage: key }),
      post({ id: "p2", coverImage: null }),
    ]);
    expect(xml).toContain(`<enclosure length="0" type="image/jpeg" url="https://x.example/media/${key}"/>`);
    expect(xml.match(/<enclosure /g)).toHaveLength(1);
  });
});

describe("absoluteUrls", () => {
  const origin = "https://flowlane.example";

  it("makes the images, their srcset and site links of a rendered post absolute; other addresses stay", () => {
    const html = renderMarkdown(
      [
        "![Flow chart](/media/blog/p1/chart.png)",
        "",
        "See [pricing](/pricing), [the guide](https://other.example/guide), [top](#top) and [cdn](//cdn.example/x).",
        "",
        'Text that only looks like markup: href="/not-a-link" `<a href="/nope">`.',
      ].join("\n"),
      new Map([["blog/p1/chart.png", { width: 1600, height: 900, renditions: [480, 960] }]]),
    );
    const out = absoluteUrls(html, origin);
    expect(out).toContain(`src="${origin}/media/blog/p1/chart.png"`);
    expect(out).toMatch(
      new RegExp(
        `srcset="${origin}/media/\\S+ 480w, ${origin}/media/\\S+ 960w, ${origin}/media/blog/p1/chart.png 1600w"`,
      ),
    );
    expect(out).toContain(`href="${origin}/pricing"`);
    expect(out).toContain('href="https://other.example/guide"');
    expect(out).toContain('href="#top"');
    expect(out).toContain('href="//cdn.example/x"');
    expect(out).toContain('href="/not-a-link"');
    expect(out).toContain('href="/nope"');
    expect(out.replaceAll(origin, "")).toBe(html);
  });

  it("the feed's content:encoded carries absolute addresses, the site's pages keep theirs", () => {
    const contentHtml = '<p><img src="/media/blog/p1/a.webp" alt="A > B"><a href="/demo">Book</a></p>';
    const xml = renderRss({ origin, title: "T", description: "D" }, [post({ contentHtml })]);
    expect(xml).toContain(
      `<content:encoded><![CDATA[<p><img src="${origin}/media/blog/p1/a.webp" alt="A > B"><a href="${origin}/demo">Book</a></p>]]></content:encoded>`,
    );
    expect(xml).not.toMatch(/(?:src|href)="\//);
  });
});

/**
 * The feed as the `feed` library wrote it before decision 082 (now a devDependency, kept as the
 * reference): the same options, item by item, as the old `renderRss`.
 */
function libraryRss(channel: { origin: string; title: string; description: string }, posts: BlogPost[], now: Date) {
  const cdataSafe = (value: string) => {
    const first = value.indexOf("]]>");
    if (first < 0) return value;
    return value.slice(0, first + 3) + value.slice(first + 3).replaceAll("]]>", "]]&gt;");
  };
  const blogUrl = `${channel.origin}/blog`;
  const feed = new Feed({
    id: blogUrl,
    title: channel.title,
    description: channel.description,
    link: blogUrl,
    language: "en",
    copyright: "",
    feed: `${blogUrl}/rss.xml`,
    updated: posts[0] ? postDate(posts[0]) : now,
    generator: false,
  });
  for (const post of posts) {
    feed.addItem({
      title: cdataSafe(post.title),
      link: `${channel.origin}${postPath(post)}`,
      guid: `${blogUrl}/${encodeURIComponent(post.id)}`,
      date: postDate(post),
      description: cdataSafe(post.excerpt),
      content: cdataSafe(absoluteUrls(post.contentHtml, channel.origin)),
      category: post.tags.map((name) => ({ name })),
      extensions: [{ name: "dc:creator", objects: { _text: post.author } }],
      ...(post.coverImage
        ? {
            image: {
              url: `${channel.origin}${mediaPath(post.coverImage)}`,
              type: imageTypeOfKey(post.coverImage) ?? "image/jpeg",
              length: 0,
            },
          }
        : {}),
    });
  }
  return `${feed.rss2()}\n`;
}

describe("renderRss writes what the feed library wrote", () => {
  /** Text with everything XML and CDATA treat specially, and some that nothing does. */
  const tricky = fc
    .array(
      fc.constantFrom(
        "a",
        " ",
        "&",
        "&amp;",
        "&lt;",
        "<",
        ">",
        '"',
        "'",
        "]]>",
        "]]",
        "é",
        "😀",
        "\n",
        "<p>x</p>",
        "\u0001",
      ),
      {
        maxLength: 12,
      },
    )
    .map((parts) => parts.join(""));
  const postArbitrary = fc.record({
    id: fc.constantFrom("p1", "a&b", "é x", "a/b?c"),
    slug: fc.constantFrom(null, "my-slug", "a&b"),
    title: tricky,
    excerpt: tricky,
    author: tricky,
    contentHtml: fc.oneof(
      tricky,
      fc.constantFrom(
        '<p><img src="/media/a.png" srcset="/media/a-320.webp 320w"><a href="/pricing?a=1&amp;b=2">x</a></p>',
      ),
    ),
    tags: fc.array(tricky, { maxLength: 3 }),
    coverImage: fc.constantFrom(null, "0b6f4a52-8c1e-4a57-9d0e-3f2a1b4c5d6e.jpg", "x.png", "y.webp", "z.gif"),
    publishedAt: fc.option(fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }), {
      nil: null,
    }),
  });

  it("to the byte, for any posts and channel", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          "https://flowlane.example",
          "https://x.example:8443",
          "http://localhost:8901",
          "https://a.example/sub&dir",
        ),
        tricky,
        tricky,
        fc.array(postArbitrary, { maxLength: 4 }),
        (origin, title, description, overrides) => {
          const now = new Date("2026-11-27T03:00:00Z");
          const posts = overrides.map((over) => post(over));
          const channel = { origin, title, description };
          expect(renderRss(channel, posts, now)).toBe(libraryRss(channel, posts, now));
        },
      ),
      { numRuns: 500 },
    );
  });
});
