import AxeBuilder from "@axe-core/playwright";
import { TZDate } from "@date-fns/tz";
import type { APIRequestContext, Page } from "@playwright/test";
import { format } from "date-fns";
import { adminToken, expect, hydrating, signInAsAdmin, test } from "./fixtures";

const TIMEZONE = "Asia/Kolkata"; // BUSINESS_TIMEZONE in wrangler.toml
const day = (iso: string, pattern: string) => format(new TZDate(new Date(iso).getTime(), TIMEZONE), pattern);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type ApiPost = {
  id: string;
  slug: string | null;
  title: string;
  publishedAt: string | null;
  contentHtml: string;
  tags: string[];
};

async function apiPost(request: APIRequestContext, id: string): Promise<ApiPost> {
  const response = await request.get(`/api/blogs/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()).data;
}

/** A post's address: /blog/{slug} (decision 029). */
async function pathOf(request: APIRequestContext, id: string) {
  const post = await apiPost(request, id);
  expect(post.slug).toBeTruthy();
  return `/blog/${post.slug}`;
}

async function createViaApi(
  request: APIRequestContext,
  body: Record<string, unknown>,
  token?: string,
): Promise<ApiPost> {
  token ??= await adminToken(request);
  const response = await request.post("/api/blogs", { data: body, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data;
}

/** Every post link on /blog and its pages, in order (following Next), and the page each is on. */
async function listedPosts(page: Page) {
  const hrefs: string[] = [];
  const pageOf = new Map<string, string>();
  let url: string | null = "/blog";
  while (url) {
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    const links = await page
      .locator("main article a[href^='/blog/']")
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""));
    for (const href of links) {
      if (!pageOf.has(href)) hrefs.push(href);
      pageOf.set(href, url);
    }
    const next = page.locator("main a[rel='next']");
    url = (await next.count()) > 0 ? await next.getAttribute("href") : null;
  }
  return { hrefs, pageOf };
}

/** Every post URL the sitemap lists: /sitemap.xml is an index of bounded files. */
async function sitemapText(request: APIRequestContext) {
  const index = await (await request.get("/sitemap.xml")).text();
  const files = [...index.matchAll(/<loc>https?:\/\/[^/]+(\/sitemap\/posts\/\d+\.xml)<\/loc>/g)].map((m) => m[1]!);
  const bodies = await Promise.all(files.map(async (file) => (await request.get(file)).text()));
  return bodies.join("\n");
}

async function deleteViaApi(request: APIRequestContext, id: string, token?: string) {
  token ??= await adminToken(request);
  await request.delete(`/api/blogs/${id}`, { headers: { Authorization: `Bearer ${token}` } });
}

/** Opens a post's `<details>` menu in Blog Management and follows one of its entries. */
async function postMenu(page: Page, title: string, entry: "Preview" | "Edit" | "Delete") {
  const item = page.getByTestId("admin-post").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  await item
    .getByRole("button", { name: `Actions for ${title}` })
    .or(item.locator("summary"))
    .first()
    .click();
  await item.getByRole("link", { name: entry }).click();
}

async function postIdFromList(page: Page, title: string) {
  const item = page.getByTestId("admin-post").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  // The menu is closed: read the link from the DOM rather than the accessibility tree.
  const href = await item.locator("a[href$='/edit']").getAttribute("href");
  const id = href?.match(/\/blog\/([^/]+)\/edit$/)?.[1];
  expect(id).toBeTruthy();
  return id!;
}

test.describe("public blog with the seeded posts", () => {
  test("the list shows published posts only, newest first, dated MMM d, yyyy", async ({ page, request }) => {
    const response = await page.goto("/blog");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("featured-post")).toBeVisible();

    const seeded = [
      "seed-post-approval-workflows",
      "seed-post-no-code-guide",
      "seed-post-crm-erp",
      "seed-post-bid-to-quote",
      "seed-post-forms",
      "seed-post-security",
    ];
    // Other tests publish posts meanwhile, so the seeded ones may run onto later pages: read them all.
    const { hrefs, pageOf } = await listedPosts(page);
    const paths = await Promise.all(seeded.map((id) => pathOf(request, id)));
    const positions = paths.map((path) => hrefs.indexOf(path));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(hrefs.some((href) => href.includes("roadmap") || href.includes("case-study"))).toBe(false);

    const guide = await apiPost(request, "seed-post-no-code-guide");
    const guidePath = `/blog/${guide.slug}`;
    await page.goto(pageOf.get(guidePath)!);
    await expect(page.getByText("What is next for Flowlane")).toHaveCount(0);
    const card = page.locator("article").filter({ has: page.locator(`a[href='${guidePath}']`) });
    await expect(card.getByTestId("post-date")).toHaveText(day(guide.publishedAt!, "MMM d, yyyy"));
    await expect(card.getByTestId("post-date")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(card).toContainText("Arjun Mehta");
    await expect(card).toContainText("1 min read");

    await card.getByRole("link", { name: guide.title }).click();
    await expect(page).toHaveURL(new RegExp(`${guidePath}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(guide.title);
  });

  test("an article shows tags, excerpt, author, MMMM d, yyyy, reading time, body and related posts", async ({
    page,
    request,
  }) => {
    const post = await apiPost(request, "seed-post-approval-workflows");
    await page.goto("/blog/seed-post-approval-workflows");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
    const tags = page.locator("article header").getByRole("list", { name: "Tags" });
    await expect(tags.getByRole("listitem")).toHaveText(["Automation", "Finance", "Approvals"]);
    await expect(page.getByTestId("post-excerpt")).toHaveText(/^Purchase requests, vendor onboarding/);
    await expect(page.getByTestId("post-author")).toHaveText("Priya Raman");
    await expect(page.getByTestId("post-date").first()).toHaveText(day(post.publishedAt!, "MMMM d, yyyy"));
    await expect(page.getByTestId("reading-time")).toHaveText("1 min read");
    const body = page.getByTestId("post-content");
    await expect(body.getByRole("heading", { level: 2, name: "1. Purchase requests" })).toHaveAttribute(
      "id",
      "1-purchase-requests",
    );
    await expect(body.locator("blockquote")).toContainText("Start with the workflow that creates the most email.");

    // Related: published posts sharing a tag, most shared first (bid-to-quote shares two, the guide one).
    const related = page.getByTestId("related-posts").getByRole("heading", { level: 3 });
    await expect(related).toHaveText([
      "From bid to quote in a day: automating sales quotes",
      "A practical guide to no-code workflow design",
    ]);

    await page.getByRole("link", { name: "Back to Blog" }).first().click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("a post without shared tags has no related section; code blocks are styled", async ({ page }) => {
    await page.goto("/blog/seed-post-no-code-guide");
    const code = page.getByTestId("post-content").locator("pre.code-block");
    await expect(code).toHaveAttribute("data-language", "text");
    await expect(code).toContainText("request -> manager approval");
    await page.goto("/blog/seed-post-security");
    await expect(page.getByTestId("related-posts")).toHaveCount(0);
  });

  test("a draft redirects to /blog and an unknown id is a 404 'Blog post not found'", async ({ page }) => {
    await page.goto("/blog/seed-post-draft-roadmap");
    await expect(page).toHaveURL(/\/blog$/);
    const missing = await page.goto("/blog/no-such-post");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Blog post not found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("articles carry canonical, Open Graph, Twitter and JSON-LD Article with the CSP nonce", async ({
    page,
    request,
  }) => {
    // By its id: answered 301 to its slug address, which is the canonical one.
    const path = await pathOf(request, "seed-post-crm-erp");
    await page.goto("/blog/seed-post-crm-erp");
    const url = new URL(path, page.url()).toString();
    await expect(page).toHaveURL(url);
    await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", url);
    await expect(page.locator("meta[property='og:type']")).toHaveAttribute("content", "article");
    await expect(page.locator("meta[property='og:title']")).toHaveAttribute("content", /Connecting your CRM and ERP/);
    await expect(page.locator("meta[name='twitter:card']")).toHaveAttribute("content", "summary_large_image");
    const jsonLd = JSON.parse((await page.locator("script[type='application/ld+json']").textContent()) ?? "{}");
    expect(jsonLd).toMatchObject({
      "@type": "Article",
      headline: "Connecting your CRM and ERP without writing code",
      author: { name: "Meera Iyer" },
      url,
    });
    const raw = await request.get(path);
    const nonce = raw.headers()["content-security-policy"]?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(await raw.text()).toContain(`<script type="application/ld+json" nonce="${nonce}">`);
  });
});

test.describe("share menu", () => {
  test("share links, 600x400 window with JavaScript, plain links without; Copy Link notice for 2 s", async ({
    page,
    context,
    request,
    javaScriptEnabled,
  }) => {
    if (javaScriptEnabled) {
      // The page's clock is Playwright's, so the 2 s notice is checked on the clock, not by timing.
      await page.clock.install();
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.addInitScript(() => {
        const w = window as unknown as { __opened: unknown[][]; open: (...args: unknown[]) => null };
        w.__opened = [];
        w.open = (...args: unknown[]) => {
          w.__opened.push(args);
          return null;
        };
      });
    }
    await page.goto("/blog/seed-post-forms");
    const url = new URL(await pathOf(request, "seed-post-forms"), page.url()).toString();
    await page.getByText("Share", { exact: true }).click();
    const menu = page.getByTestId("share-menu");
    const facebook = menu.getByRole("link", { name: "Facebook" });
    await expect(facebook).toHaveAttribute(
      "href",
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    );
    await expect(facebook).toHaveAttribute("target", "_blank");
    await expect(menu.getByRole("link", { name: "Twitter" })).toHaveAttribute(
      "href",
      /^https:\/\/twitter\.com\/intent\/tweet\?url=/,
    );
    await expect(menu.getByRole("link", { name: "LinkedIn" })).toHaveAttribute(
      "href",
      /^https:\/\/www\.linkedin\.com\/sharing\/share-offsite\/\?url=/,
    );

    if (!javaScriptEnabled) {
      await expect(menu.getByLabel("Copy Link")).toHaveValue(url);
      return;
    }
    await menu.getByRole("link", { name: "LinkedIn" }).click();
    const opened = await page.evaluate(() => (window as unknown as { __opened: string[][] }).__opened);
    expect(opened).toHaveLength(1);
    expect(opened[0]![0]).toContain("linkedin.com/sharing/share-offsite/?url=");
    expect(opened[0]![2]).toMatch(/width=600,height=400/);
    await expect(page).toHaveURL(url);

    // Choosing an entry closes the menu.
    await expect(menu.getByRole("link", { name: "LinkedIn" })).toBeHidden();
    await page.getByText("Share", { exact: true }).click();
    // Stop the page's clock: the notice must stay for 2 000 ms of it and go right after.
    await page.clock.pauseAt(Date.now() + 60_000);
    await menu.getByRole("button", { name: "Copy Link" }).click();
    const notice = page.getByTestId("copied-notice");
    await expect(notice).toHaveText("Link copied!");
    await page.clock.runFor(1_999);
    await expect(notice).toBeVisible();
    await page.clock.runFor(1);
    await expect(notice).toBeHidden();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  });
});

test.describe("Blog Management", () => {
  // Admin journeys load many pages; the machine running them is shared.
  test.describe.configure({ timeout: 90_000 });
  test("an admin writes a draft, publishes it, edits it and deletes it with confirmation", async ({
    page,
    browser,
    request,
    javaScriptEnabled,
  }) => {
    test.slow(); // a whole editorial journey: three times the describe's timeout
    const tag = `e2e-${unique()}`;
    const title = `Journey post ${tag}`;
    await signInAsAdmin(page);
    await page.goto("/admin/dashboard/blog");
    await page.getByRole("link", { name: "New Post" }).click();
    await expect(page.getByRole("heading", { name: "New Post" })).toBeVisible();
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Author").fill("Erin Admin");
    await page.getByLabel("Excerpt").fill("A post written by the end-to-end test.");
    const words = `## Reading time check\n\n${"lorem ".repeat(400).trim()} [two words](https://example.com/x)\n\n${"ipsum ".repeat(45).trim()}`;
    await page.getByLabel("Content").fill(words);
    await page.getByLabel("Tags").fill(` ${tag} , , Journey `);
    await expect(page.getByLabel("Status")).toHaveValue("draft");
    if (javaScriptEnabled) {
      // The live preview renders the markdown beside the editor.
      await expect(page.getByTestId("live-preview").getByRole("heading", { name: "Reading time check" })).toBeVisible();
    }
    await page.getByRole("button", { name: "Create Post" }).click();
    // A new post opens in its editor, where images can be added at once.
    await expect(page).toHaveURL(/\/admin\/dashboard\/blog\/[^/]+\/edit\?created=1$/);
    await expect(page.getByRole("status").filter({ hasText: "Blog post created." })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Edit Post" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Upload image" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Blog Management" }).click();
    const item = page.getByTestId("admin-post").filter({ has: page.getByRole("heading", { name: title }) });
    await expect(item.getByTestId("status-badge")).toHaveText("Draft");
    await expect(item.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([tag, "Journey"]);
    const id = await postIdFromList(page, title);

    // A draft is not public anywhere.
    expect((await request.get(`/api/blogs/${id}`)).status()).toBe(404);
    expect(await (await request.get("/blog")).text()).not.toContain(title);
    expect(await (await request.get("/blog/rss.xml")).text()).not.toContain(title);
    expect(await sitemapText(request)).not.toContain(`/blog/${id}`);
    const draftVisit = await request.get(`/blog/${id}`, { maxRedirects: 0 });
    expect(draftVisit.status()).toBe(302);
    expect(draftVisit.headers().location).toBe("/blog");

    // Publish it.
    await postMenu(page, title, "Edit");
    await expect(page.getByRole("heading", { name: "Edit Post" })).toBeVisible();
    await expect(page.getByLabel("Tags")).toHaveValue(`${tag}, Journey`);
    await page.getByLabel("Status").selectOption("published");
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Blog post saved." })).toBeVisible();
    await expect(item.getByTestId("status-badge")).toHaveText("Published");

    const published = await apiPost(request, id);
    expect(published.publishedAt).toBeTruthy();
    expect(await (await request.get("/blog")).text()).toContain(title);
    expect(await (await request.get("/blog/rss.xml")).text()).toContain(`<title><![CDATA[${title}]]></title>`);
    expect(await sitemapText(request)).toContain(`/blog/${published.slug}</loc>`);

    // A second browser with no admin session, as a visitor sees the site.
    const visitorContext = await browser.newContext({ baseURL: new URL(page.url()).origin, javaScriptEnabled });
    const visitor = hydrating(await visitorContext.newPage(), javaScriptEnabled);
    await visitor.goto("/blog");
    await expect(visitor.getByRole("link", { name: title })).toBeVisible();
    await visitor.goto(`/blog/${id}`);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(visitor.getByTestId("reading-time")).toHaveText("3 min read");
    await expect(visitor.getByTestId("post-date").first()).toHaveText(day(published.publishedAt!, "MMMM d, yyyy"));
    const external = visitor.getByTestId("post-content").getByRole("link", { name: "two words" });
    await expect(external).toHaveAttribute("rel", "nofollow noopener noreferrer");

    // Edit it: the new title is public, the publication date stays.
    const renamed = `${title} (edited)`;
    await postMenu(page, title, "Edit");
    await page.getByLabel("Title", { exact: true }).fill(renamed);
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Blog post saved." })).toBeVisible();
    await visitor.goto(`/blog/${id}`);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(renamed);
    expect((await apiPost(request, id)).publishedAt).toBe(published.publishedAt);

    // Preview shows title, author, date, tags, excerpt and content.
    await postMenu(page, renamed, "Preview");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(renamed);
    await expect(page.getByTestId("post-author")).toHaveText("Erin Admin");
    await expect(page.getByTestId("post-date")).toHaveText(day(published.publishedAt!, "MMMM d, yyyy"));
    await expect(page.getByTestId("post-excerpt")).toHaveText("A post written by the end-to-end test.");
    await expect(page.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([tag, "Journey"]);
    await expect(page.getByTestId("post-content").getByRole("heading", { name: "Reading time check" })).toBeVisible();

    // Delete it, behind a confirmation (a dialog with JavaScript, a page without).
    await page.goto("/admin/dashboard/blog");
    await postMenu(page, renamed, "Delete");
    await expect(page.getByRole("heading", { name: "Delete this blog post?" })).toBeVisible();
    if (!javaScriptEnabled) await expect(page).toHaveURL(new RegExp(`/blog/${id}/delete$`));
    await page
      .getByRole("button", { name: "Cancel" })
      .or(page.getByRole("link", { name: "Cancel" }))
      .click();
    await expect(page.getByRole("heading", { name: "Delete this blog post?" })).toBeHidden();
    await expect(page.getByRole("heading", { name: renamed })).toBeVisible();

    await postMenu(page, renamed, "Delete");
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Blog post deleted." })).toBeVisible();
    await expect(page.getByRole("heading", { name: renamed })).toHaveCount(0);
    const gone = await visitor.goto(`/blog/${id}`);
    expect(gone?.status()).toBe(404);
    await expect(visitor.getByRole("heading", { name: "Blog post not found" })).toBeVisible();
    await visitorContext.close();
  });

  test("required fields are checked and failures use the spec's texts", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    await signInAsAdmin(page);
    if (javaScriptEnabled) {
      await page.goto("/admin/dashboard/blog/new");
      await page.getByRole("button", { name: "Create Post" }).click();
      for (const message of ["Title is required", "Author is required", "Excerpt is required", "Content is required"]) {
        await expect(page.getByText(message)).toBeVisible();
      }
      await expect(page).toHaveURL(/\/blog\/new$/);
    } else {
      // Without JavaScript the browser's own required-field check stops the submit.
      await page.goto("/admin/dashboard/blog/new");
      await expect(page.getByLabel("Title", { exact: true })).toHaveAttribute("required", "");
      await expect(page.getByLabel("Content")).toHaveAttribute("required", "");
      // The preview without JavaScript: a round trip that renders the markdown and keeps the form.
      await page.getByLabel("Title", { exact: true }).fill("Kept while previewing");
      await page.getByLabel("Content").fill("## Previewed heading\n\n<script>alert(1)</script>");
      await page.getByRole("button", { name: "Preview" }).click();
      await expect(page.getByTestId("live-preview").getByRole("heading", { name: "Previewed heading" })).toBeVisible();
      await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Kept while previewing");
      await expect(page.getByLabel("Content")).toHaveValue("## Previewed heading\n\n<script>alert(1)</script>");
    }

    // Saving a post that was deleted meanwhile.
    const post = await createViaApi(request, {
      title: `Vanishing ${unique()}`,
      content: "Soon gone.",
      excerpt: "Soon gone.",
      author: "Erin Admin",
      tags: [`e2e-${unique()}`],
    });
    await page.goto(`/admin/dashboard/blog/${post.id}/edit`);
    await deleteViaApi(request, post.id);
    await page.getByLabel("Title", { exact: true }).fill("Too late");
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page.getByTestId("blog-error")).toHaveText("Failed to save blog post. Please try again.");

    // Deleting a post that was deleted meanwhile.
    const other = await createViaApi(request, {
      title: `Twice deleted ${unique()}`,
      content: "x",
      excerpt: "x",
      author: "Erin Admin",
    });
    await page.goto(`/admin/dashboard/blog/${other.id}/delete`);
    await deleteViaApi(request, other.id);
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByTestId("blog-error")).toHaveText("Failed to delete blog post. Please try again.");
  });

  /** Elements that can run script: a stored post must render none of them. */
  const RUNNABLE = "script, iframe, svg, object, embed, [onerror], [onload], [onclick], a[href^='javascript:' i]";

  test("a stored-XSS post runs nothing on the public page or in the admin preview", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    const payload = `<img src=x onerror="alert('img')">`;
    const post = await createViaApi(request, {
      title: `XSS <script>alert('title')</script> ${unique()}`,
      excerpt: `${payload} excerpt`,
      author: `<svg onload="alert('author')">`,
      tags: [`<script>alert('tag')</script>`, `e2e-${unique()}`],
      status: "published",
      content: [
        "Intro <script>alert('script')</script>",
        payload,
        "[click me](javascript:alert('link'))",
        `<iframe src="javascript:alert('iframe')"></iframe>`,
        `<svg><script>alert('svg')</script></svg>`,
        `<a href="#" onclick="alert('click')">inline handler</a>`,
        "![img](javascript:alert('image'))",
      ].join("\n\n"),
    });
    await page.goto(`/blog/${post.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("XSS <script>alert('title')</script>");
    await expect(page.getByTestId("post-content").locator(RUNNABLE)).toHaveCount(0);
    await page.getByText("click me").click();
    await page.goto("/blog");
    await expect(page.getByRole("link", { name: /XSS <script>/ }).first()).toBeVisible();

    await signInAsAdmin(page);
    await page.goto(`/admin/dashboard/blog/${post.id}/preview`);
    await expect(page.getByTestId("post-content")).toContainText("click me");
    await expect(page.getByTestId("post-content").locator(RUNNABLE)).toHaveCount(0);
    await page.goto(`/admin/dashboard/blog/${post.id}/edit`);
    if (javaScriptEnabled) {
      await page.getByLabel("Content").fill(`<script>alert('live')</script>\n\n${payload}\n\n## Live heading`);
      await expect(page.getByTestId("live-preview").getByRole("heading", { name: "Live heading" })).toBeVisible();
      await expect(page.getByTestId("live-preview").locator(RUNNABLE)).toHaveCount(0);
    }
    // Nothing that could run is in any of these pages (checked above), so no alert can come later:
    // the dialogs seen so far are all there will be, without waiting to see whether one appears.
    expect(dialogs).toEqual([]);
    await deleteViaApi(request, post.id);
  });
});

test.describe("blog paging", () => {
  const created: string[] = [];
  const run = unique();

  // One sign-in for the 13 posts (the password hash is deliberately slow).
  test.beforeAll(async ({ request }) => {
    const token = await adminToken(request);
    // 13 fresh posts are the newest, so /blog has at least two pages whatever else exists.
    for (let i = 0; i < 13; i++) {
      const post = await createViaApi(
        request,
        {
          title: `Paging ${run} ${i}`,
          content: `Paging post ${i}.`,
          excerpt: "A post that fills the list.",
          author: "Page Tester",
          tags: ["Paging"],
          status: "published",
        },
        token,
      );
      created.push(post.id);
    }
  });

  test.afterAll(async ({ request }) => {
    const token = await adminToken(request);
    for (const id of created) await deleteViaApi(request, id, token);
  });

  test("12 posts a page; Next and Previous (rel links too) move between pages; the featured post is on page 1 only", async ({
    page,
  }) => {
    await page.goto("/blog");
    await expect(page.getByTestId("featured-post")).toBeVisible();
    await expect(page.locator("main article")).toHaveCount(12);
    await expect(page.locator("link[rel='next']")).toHaveAttribute("href", /\/blog\?page=2$/);
    await expect(page.locator("link[rel='prev']")).toHaveCount(0);
    const pager = page.getByRole("navigation", { name: "Blog pages" });
    await expect(pager.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");

    await pager.getByRole("link", { name: /Next/ }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(page.getByRole("heading", { level: 2, name: /^Articles, page 2 of \d+$/ })).toBeVisible();
    await expect(page.getByTestId("featured-post")).toHaveCount(0);
    await expect(page.locator("link[rel='prev']")).toHaveAttribute("href", /\/blog$/);
    await expect(pager.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    // Other tests publish and delete posts meanwhile: check the shape, not which posts.
    const onPage2 = await page.locator("main article").count();
    expect(onPage2).toBeGreaterThanOrEqual(1);
    expect(onPage2).toBeLessThanOrEqual(12);

    await pager.getByRole("link", { name: /Previous/ }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByTestId("featured-post")).toBeVisible();
  });

  test("a page past the last is a 404 that links back to the blog", async ({ page }) => {
    const response = await page.goto("/blog?page=99999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page of the blog does not exist");
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
});

test.describe("accessibility", () => {
  test("the blog pages and Blog Management have no WCAG 2 A/AA violations (light theme)", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "axe runs as a script inside the page");
    test.setTimeout(90_000);
    const scan = async (path: string) => {
      await page.goto(path);
      const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      expect(result.violations.map((v) => `${path}: ${v.id} (${v.nodes.length})`)).toEqual([]);
    };
    await scan("/blog");
    await scan("/blog/seed-post-no-code-guide");
    await scan("/blog/no-such-post");
    await signInAsAdmin(page);
    await scan("/admin/dashboard/blog");
    await scan("/admin/dashboard/blog/seed-post-no-code-guide/edit");
    await scan("/admin/dashboard/blog/seed-post-no-code-guide/preview");
    await scan("/admin/dashboard/blog/seed-post-forms/delete");
  });
});
