import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { PostCardData } from "~/domain/blog/format";
import BlogList from "./index";

type Props = Parameters<typeof BlogList>[0];

const render = (posts: PostCardData[]) =>
  renderToString(
    <MemoryRouter initialEntries={["/blog"]}>
      <BlogList {...({ loaderData: { posts, canonical: "http://localhost/blog" } } as unknown as Props)} />
    </MemoryRouter>,
  );

const card = (id: string, title: string): PostCardData => ({
  id,
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
});
