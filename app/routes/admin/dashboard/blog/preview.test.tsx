import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { createPost } from "~/domain/blog/posts.server";
import { realPng } from "~/domain/blog/testing/image-bytes";
import { uploadPostImage } from "~/domain/blog/uploads.server";
import { createAdmin } from "../../../../../tests/helpers/accounts";
import { routeArgs } from "../../../../../tests/helpers/route-call";
import BlogArticle, { loader as articleLoader } from "../../../blog/post";
import PreviewPost, { loader as previewLoader } from "./preview";

/**
 * Issue 24 item 8: the admin preview renders the article component of the public page, so it
 * shows the cover and the same byline readers see (it was a copy that had drifted: no cover,
 * an author without the link to their page).
 */

type PreviewProps = Parameters<typeof PreviewPost>[0];
type ArticleProps = Parameters<typeof BlogArticle>[0];

const actor = { id: null, email: "editor@flowlane.test" };

function render(element: React.ReactNode) {
  return renderToString(<MemoryRouter>{element}</MemoryRouter>);
}

/** The element with this data-testid, as rendered (the first one). */
function part(html: string, testId: string, tag: string) {
  const start = html.indexOf(`data-testid="${testId}"`);
  expect(start, testId).toBeGreaterThan(-1);
  const open = html.lastIndexOf(`<${tag}`, start);
  return html.slice(open, html.indexOf(`</${tag}>`, start) + tag.length + 3);
}

const coverIn = (html: string) => /<img[^>]*>/.exec(html)?.[0] ?? "";

describe("the admin blog preview", () => {
  it("shows the cover and the same byline, tags, excerpt and content as the public article", async () => {
    const post = await createPost(actor, {
      title: "Preview matches the page",
      content: "Some **markdown** to read.",
      excerpt: "What the preview shows",
      author: "Priya Raman",
      tags: ["automation"],
      status: "published",
    });
    const form = new FormData();
    form.set("file", new File([(await realPng(640, 360)).slice()], "cover.png", { type: "image/png" }));
    form.set("alt", "A workflow canvas");
    form.set("purpose", "cover");
    const cover = await uploadPostImage(actor, post.id, form);

    const { token } = await createAdmin();
    const request = new Request(`http://localhost/admin/dashboard/blog/${post.id}/preview`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const previewData = await previewLoader(routeArgs(request, { id: post.id }));
    const preview = render(<PreviewPost {...({ loaderData: previewData } as unknown as PreviewProps)} />);
    const slug = post.slug ?? post.id;
    const pageData = await articleLoader(routeArgs(new Request(`http://localhost/blog/${slug}`), { id: slug }));
    const page = render(<BlogArticle {...({ loaderData: pageData } as unknown as ArticleProps)} />);

    // The cover, as the article shows it.
    expect(coverIn(preview)).toContain(`/media/${cover.key}`);
    expect(coverIn(preview)).toContain('alt="A workflow canvas"');
    expect(coverIn(preview)).toBe(coverIn(page));
    // The byline: the author linked to their page, the date, the reading time; the same markup.
    const byline = part(preview, "post-byline", "p");
    expect(byline).toContain('href="/blog/author/priya-raman"');
    expect(byline).toContain("min read");
    expect(byline).toBe(part(page, "post-byline", "p"));
    for (const [testId, tag] of [
      ["post-excerpt", "p"],
      ["post-date", "time"],
    ] as const) {
      expect(part(preview, testId, tag)).toBe(part(page, testId, tag));
    }
    expect(preview).toContain("<strong>markdown</strong>");
    // What only the console has: the Preview label and the post's status.
    expect(preview).toContain('aria-label="Preview"');
    expect(page).not.toContain('aria-label="Preview"');
  });
});
