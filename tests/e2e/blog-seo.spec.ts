import type { Page } from "@playwright/test";
import { adminToken, expect, hydrating, signInAsAdmin, test, uniqueMark } from "./fixtures";

/**
 * Per-post SEO (issue 16 item 5, decision 029): the admin edits a post's slug, meta title,
 * meta description and canonical URL in the editor; the old address answers 301 to the new one
 * and the article's head carries what was typed.
 */

async function editorOf(page: Page, id: string) {
  await page.goto(`/admin/dashboard/blog/${id}/edit`);
  await expect(page.getByRole("heading", { name: "Edit Post" })).toBeVisible();
  return page.getByTestId("seo-fields");
}

test("the editor's SEO fields change the address and the head; old addresses redirect", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const mark = uniqueMark("seo");
  const token = await adminToken(request);
  const created = await request.post("/api/blogs", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title: `Slug journey ${mark}`,
      content: "Some text.",
      excerpt: "The excerpt readers see.",
      author: "Sam Seo",
      status: "published",
    },
  });
  expect(created.status()).toBe(201);
  const post = (await created.json()).data as { id: string; slug: string };
  expect(post.slug).toBe(`slug-journey-${mark}`);
  const oldPath = `/blog/${post.slug}`;
  const newSlug = `renamed-${mark}`;

  await signInAsAdmin(page);
  const seo = await editorOf(page, post.id);
  await expect(seo.getByLabel("Slug")).toHaveValue(post.slug);
  await expect(seo.getByTestId("seo-url")).toHaveText(new RegExp(`/blog/${post.slug}$`));
  await expect(seo.getByTestId("meta-title-count")).toHaveText("0 of 70 characters");

  // A slug that is not one: its field says why, nothing is saved.
  await seo.getByLabel("Slug").fill("Not a slug!");
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(seo.getByText("Use lower-case letters a–z, digits and single hyphens")).toBeVisible();
  expect((await request.get(oldPath, { maxRedirects: 0 })).status()).toBe(200);

  await seo.getByLabel("Slug").fill(newSlug);
  await seo.getByLabel("Meta title").fill(`Search title ${mark}`);
  await seo.getByLabel("Meta description").fill("A description written for search results.");
  await seo.getByLabel("Canonical URL").fill(`https://partner.example/${mark}`);
  if (javaScriptEnabled) {
    // With JavaScript the address and the counts follow the typing.
    await expect(seo.getByTestId("seo-url")).toHaveText(new RegExp(`/blog/${newSlug}$`));
    await expect(seo.getByTestId("meta-title-count")).toHaveText(`${`Search title ${mark}`.length} of 70 characters`);
    await expect(seo.getByTestId("meta-description-count")).toHaveText("41 of 160 characters");
  }
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(page).toHaveURL(/notice=updated/);

  // The old slug and the id both answer 301 to the new address.
  for (const path of [oldPath, `/blog/${post.id}`]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(301);
    expect(response.headers().location, path).toBe(`/blog/${newSlug}`);
  }

  // A visitor following the old address lands on the article, whose head carries the SEO fields.
  const visitor = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin, javaScriptEnabled });
  const reader = hydrating(await visitor.newPage(), javaScriptEnabled);
  await reader.goto(oldPath);
  await expect(reader).toHaveURL(new RegExp(`/blog/${newSlug}$`));
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText(`Slug journey ${mark}`);
  await expect(reader).toHaveTitle(`Search title ${mark}`);
  await expect(reader.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "A description written for search results.",
  );
  await expect(reader.locator('link[rel="canonical"]')).toHaveAttribute("href", `https://partner.example/${mark}`);
  await expect(reader.locator('meta[property="og:url"]')).toHaveAttribute("content", `https://partner.example/${mark}`);
  await expect(reader.locator('meta[property="og:title"]')).toHaveAttribute("content", `Search title ${mark}`);

  // Cards on /blog link to the new address.
  await reader.goto("/blog");
  await expect(reader.locator(`a[href="/blog/${newSlug}"]`).first()).toBeAttached();
  await visitor.close();

  // Emptied fields fall back: the title with the site name, the excerpt, the post's own address.
  await editorOf(page, post.id);
  await seo.getByLabel("Meta title").fill("");
  await seo.getByLabel("Meta description").fill("");
  await seo.getByLabel("Canonical URL").fill("");
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(page).toHaveURL(/notice=updated/);
  const html = await (await request.get(`/blog/${newSlug}`)).text();
  expect(html).toContain(`<title>Slug journey ${mark} | Flowlane</title>`);
  expect(html).toContain('<meta name="description" content="The excerpt readers see."/>');
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+/blog/${newSlug}"/>`));
});

test("a slug another post has or had is refused on the slug field", async ({ page, request }) => {
  const mark = uniqueMark("seo");
  const token = await adminToken(request);
  const make = async (title: string) => {
    const response = await request.post("/api/blogs", {
      headers: { Authorization: `Bearer ${token}` },
      data: { title, content: "x", excerpt: "x", author: "Sam Seo", status: "published" },
    });
    expect(response.status()).toBe(201);
    return (await response.json()).data as { id: string; slug: string };
  };
  const holder = await make(`Holder ${mark}`);
  const other = await make(`Other ${mark}`);

  await signInAsAdmin(page);
  const seo = await editorOf(page, other.id);
  await seo.getByLabel("Slug").fill(holder.slug);
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(seo.getByText("This slug is already used by another post: choose another")).toBeVisible();
  await expect(seo.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
  const stored = (await (await request.get(`/api/blogs/${other.id}`)).json()).data;
  expect(stored.slug).toBe(other.slug);
});
