import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { PostCardData } from "~/domain/blog/format";
import BlogList from "./index";

type Props = Parameters<typeof BlogList>[0];

const render = (posts: PostCardData[], page = 1, pages = 1) =>
  renderToString(
    <MemoryRouter initialEntries={["/blog"]}>
      <BlogList
        {...({
          loaderData: { posts, page, pages, total: posts.length, canonical: "http://localhost/blog" },
        } as unknown as Props)}
      />
    </MemoryRouter>,
  );

const card = (id: string, title: string): PostCardData => ({
  id,
  path: `/blog/${id}`,
  cover: null,
  title,
  excerpt: `${title} excerpt`,
  author: "A. Writer",
  tags: ["Automation"],
  date: "Nov 3, 2026",
  isoDate: "2026-11-03T00:00:00.000Z",
  readingTime: 2,
});

describe("/blog", () => {
  it("says 'No Blog Posts Yet' with a link home when nothing is published", () => {
    const html = render([]);
    expect(html).toContain("No Blog Posts Yet");
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Back to Home<\/a>/);
    expect(html).not.toContain("Featured article");
  });

  it("features the first post and lists the rest in the grid", () => {
    const html = render([card("new", "Newest"), card("old", "Older")]);
    expect(html).toContain('data-testid="featured-post"');
    expect(html.indexOf('href="/blog/new"')).toBeLessThan(html.indexOf("More articles"));
    expect(html.indexOf("More articles")).toBeLessThan(html.indexOf('href="/blog/old"'));
    expect(html).toContain("Nov 3, 2026");
    expect(html).toContain("2 min read");
  });

  it("on one page shows no pager", () => {
    expect(render([card("a", "A"), card("b", "B")])).not.toContain('aria-label="Blog pages"');
  });

  it("on page 1 of 3: the featured post and a Next link with rel=next, no Previous", () => {
    const html = render([card("a", "A"), card("b", "B")], 1, 3);
    expect(html).toContain('data-testid="featured-post"');
    expect(html).toMatch(/<a[^>]*href="\/blog\?page=2"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="\/blog\?page=2"/);
    expect(html).not.toContain('rel="prev"');
  });

  it("on a later page: no featured post, every post in the grid, Previous to plain /blog from page 2", () => {
    const html = render([card("m", "Middle"), card("n", "Next one")], 2, 3);
    expect(html).not.toContain('data-testid="featured-post"');
    expect(html).toContain("Articles, page 2 of 3");
    expect(html).toContain('href="/blog/m"');
    expect(html).toMatch(/<a[^>]*href="\/blog"[^>]*rel="prev"|<a[^>]*rel="prev"[^>]*href="\/blog"/);
    expect(html).toMatch(/rel="next"/);
  });

  it("on the last page: Previous only", () => {
    const html = render([card("z", "Last")], 3, 3);
    expect(html).toMatch(/<a[^>]*href="\/blog\?page=2"[^>]*rel="prev"|<a[^>]*rel="prev"[^>]*href="\/blog\?page=2"/);
    expect(html).not.toContain('rel="next"');
  });
});
