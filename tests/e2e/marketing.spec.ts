import { axeFindings } from "./axe";
import { chooseTheme, expect, hydrating, test } from "./fixtures";
import { MARKETING_PAGES, PUBLIC_PAGES, pageExists } from "./marketing-pages";

const APP_URL = "https://app.flowlane.example"; // the e2e server's APP_URL (scripts/local-vars.ts)

test.describe("marketing pages", () => {
  for (const spec of MARKETING_PAGES) {
    test(`${spec.path} renders its hero, sections, call to action and SEO tags`, async ({ page }) => {
      const response = await page.goto(spec.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(spec.h1);
      for (const selector of spec.sections) await expect(page.locator(selector)).toBeAttached();
      if (spec.path !== "/" && spec.path !== "/pricing") {
        // Feature pages: hero, alternating image/text rows, closing call to action.
        expect(await page.getByTestId("feature-row").count()).toBeGreaterThanOrEqual(4);
        await expect(page.locator("#cta-title")).toBeVisible();
      }
      // SEO: title, description, canonical, Open Graph and Twitter card.
      await expect(page).toHaveTitle(/Flowlane/);
      const head = page.locator("head");
      await expect(head.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${spec.path}$`));
      await expect(head.locator('meta[property="og:title"]')).toHaveAttribute("content", /Flowlane/);
      await expect(head.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/og-image\.png$/);
      await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    });
  }

  test("every page has its own title and description", async ({ page }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const spec of MARKETING_PAGES) {
      await page.goto(spec.path);
      titles.add(await page.title());
      descriptions.add((await page.locator('meta[name="description"]').getAttribute("content")) ?? "");
    }
    expect(titles.size).toBe(MARKETING_PAGES.length);
    expect(descriptions.size).toBe(MARKETING_PAGES.length);
  });

  test("robots.txt and the sitemap list the public pages", async ({ request, baseURL }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain("Disallow: /api");
    expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
    // /sitemap.xml is an index; the public pages are in its pages file.
    const index = await (await request.get("/sitemap.xml")).text();
    expect(index).toContain(`<loc>${baseURL}/sitemap/pages.xml</loc>`);
    const sitemap = await (await request.get("/sitemap/pages.xml")).text();
    for (const path of [...MARKETING_PAGES.map((p) => p.path), "/free-trial", "/demo", "/blog"]) {
      expect(sitemap).toContain(`<loc>${baseURL}${path}</loc>`);
    }
  });
});

test.describe("home", () => {
  test("shows every section in order with the spec's claims and targets", async ({ page }) => {
    await page.goto("/");
    const main = page.locator("main");
    await expect(main.getByRole("link", { name: /Get Started Free/ })).toHaveAttribute("href", "/free-trial");
    await expect(main.getByRole("link", { name: "Watch Demo" })).toHaveAttribute("href", "/demo");
    // Sections appear in the order of spec §2.
    const order = await page.evaluate(() =>
      [
        "[data-testid=hero-video]",
        "dl",
        "#features",
        "#workflow-integration",
        "#integrations",
        "#why-flowlane",
        "#cta-title",
      ].map((selector) => document.querySelector(selector)?.getBoundingClientRect().top ?? -1),
    );
    expect(order.every((top) => top >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    await expect(page.getByTestId("product-card")).toHaveCount(2);
    await expect(page.getByTestId("product-card").first()).toContainText("Bid-To-Quote");
    await expect(page.getByTestId("product-card").last()).toContainText("Custom Workflows");
    for (const card of await page.getByTestId("product-card").all()) {
      await expect(card.getByRole("listitem")).toHaveCount(4);
    }
    await expect(page.getByRole("link", { name: "Learn more about Bid-To-Quote" })).toHaveAttribute(
      "href",
      "/custom-workflows",
    );
    await expect(page.getByRole("link", { name: "Learn more about Custom Workflows" })).toHaveAttribute(
      "href",
      "/what-is-flowlane",
    );
    await expect(page.getByTestId("value-card")).toHaveText([
      /Automated Process/,
      /Adaptable Solution/,
      /Real-Time Analytics/,
      /Secured Platform/,
    ]);
    await expect(page.locator("#features").getByRole("link", { name: "Start Free Trial" })).toHaveAttribute(
      "href",
      "/free-trial",
    );

    const integrations = page.locator("#integrations");
    await expect(integrations.getByTestId("integration-benefit")).toHaveCount(4);
    await expect(integrations.getByTestId("partner-strip")).toContainText("Salesforce");
    await expect(integrations.locator("details")).toHaveCount(5);
    await expect(integrations.getByRole("heading", { name: "Ready to Connect?" })).toBeVisible();
    await expect(integrations.getByRole("link", { name: "Start Integration" })).toHaveAttribute("href", "/free-trial");

    const why = page.locator("#why-flowlane");
    await expect(why.locator("ol > li")).toHaveCount(4);
    await expect(why.getByTestId("why-stats")).toContainText("10,000+");
    await expect(why.locator("figure img")).toHaveAttribute("alt", /.+/);
    await expect(why.locator("figure")).toContainText("SOC 2 Type II");

    await expect(main.getByRole("link", { name: "Book a Demo" })).toHaveAttribute("href", "/demo");
    await expect(main.getByText("No credit card required").last()).toBeVisible();
    for (const claim of ["500+", "1000+", "AES-256", "OAuth 2.0", "under 30 minutes"]) {
      await expect(main).toContainText(claim);
    }
  });

  test("tells search engines who publishes the site: Organization and WebSite JSON-LD", async ({ page, baseURL }) => {
    await page.goto("/");
    const jsonLd = JSON.parse((await page.locator("script[type='application/ld+json']").textContent()) ?? "{}");
    const origin = new URL(baseURL ?? "").origin;
    expect(jsonLd["@context"]).toBe("https://schema.org");
    expect(jsonLd["@graph"]).toEqual([
      expect.objectContaining({
        "@type": "Organization",
        name: "Flowlane",
        url: `${origin}/`,
        logo: `${origin}/favicon.svg`,
      }),
      expect.objectContaining({
        "@type": "WebSite",
        name: "Flowlane",
        url: `${origin}/`,
        publisher: { "@id": `${origin}/#organization` },
      }),
    ]);
  });

  test("stat counters end on 5000+, 99.9% and 24/7", async ({ page, javaScriptEnabled }) => {
    await page.goto("/");
    const values = page.locator("dl").first().locator("dd [data-final]");
    if (!javaScriptEnabled) {
      // The server renders the final numbers: nothing to wait for.
      await expect(values).toHaveText(["5000+", "99.9%", "24/7"], { timeout: 1 });
      return;
    }
    await page.locator("dl").first().scrollIntoViewIfNeeded();
    await expect(values).toHaveText(["5000+", "99.9%", "24/7"], { timeout: 4000 });
  });

  test("with reduced motion the counters show the final numbers at once", async ({
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled, reducedMotion: "reduce" });
    const page = hydrating(await context.newPage(), javaScriptEnabled);
    await page.goto("/");
    await page.waitForLoadState("load");
    await expect(page.locator("dl").first().locator("dd [data-final]")).toHaveText(["5000+", "99.9%", "24/7"], {
      timeout: 1,
    });
    await context.close();
  });

  test("FAQ: the first answer is open, one at a time, and the open one closes on click", async ({ page }) => {
    await page.goto("/");
    const items = page.locator('details[name="workflow-faq"]');
    await expect(items).toHaveCount(3);
    const open = page.locator('details[name="workflow-faq"][open]');
    await expect(open).toHaveCount(1);
    await expect(items.nth(0)).toHaveAttribute("open", "");
    await items.nth(1).locator("summary").click();
    await expect(open).toHaveCount(1);
    await expect(items.nth(1)).toHaveAttribute("open", "");
    await items.nth(1).locator("summary").click();
    await expect(open).toHaveCount(0);
    // The integrations FAQ is independent of the first one.
    await items.nth(2).locator("summary").click();
    await page.locator('details[name="integration-faq"] summary').first().click();
    await expect(page.locator("details[open]")).toHaveCount(2);
  });

  test("the video falls back to the thumbnail when its source fails", async ({ page, javaScriptEnabled }) => {
    await page.route("**/media/flowlane-demo.mp4", (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("/");
    const video = page.getByTestId("hero-video");
    const thumbnail = page.getByTestId("hero-video-thumbnail");
    await expect(thumbnail.locator("picture source")).toHaveAttribute("type", "image/webp");
    await expect(thumbnail.locator("img")).toHaveAttribute("src", "/media/hero-thumb.png");
    if (!javaScriptEnabled) {
      await expect(thumbnail).toBeVisible();
      await expect(video.getByRole("link", { name: /Play video/ })).toHaveAttribute("href", "/media/flowlane-demo.mp4");
      return;
    }
    // Autoplay is tried about a second after load, fails, and the thumbnail stays.
    await expect(video).toHaveAttribute("data-failed", "true", { timeout: 5000 });
    await expect(video).toHaveAttribute("data-state", "thumbnail");
    await expect(thumbnail).toBeVisible();
    await expect(video.getByRole("button", { name: "Play video" })).toBeVisible();
  });

  test("the promo video answers byte ranges, as Safari needs to play and loop it", async ({ request }) => {
    const whole = await request.get("/media/flowlane-demo.mp4");
    expect(whole.status()).toBe(200);
    expect(whole.headers()["accept-ranges"]).toBe("bytes");
    const size = (await whole.body()).length;
    // WebKit's first request for a video; a 200 with the whole file makes it give up.
    const probe = await request.get("/media/flowlane-demo.mp4", { headers: { Range: "bytes=0-1" } });
    expect(probe.status()).toBe(206);
    expect(probe.headers()["content-range"]).toBe(`bytes 0-1/${size}`);
    expect(probe.headers()["accept-ranges"]).toBe("bytes");
    expect(probe.headers()["content-type"]).toBe("video/mp4");
    expect((await probe.body()).length).toBe(2);
    const tail = await request.get("/media/flowlane-demo.mp4", { headers: { Range: `bytes=${size - 100}-` } });
    expect(tail.status()).toBe(206);
    expect(tail.headers()["content-range"]).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
    expect((await tail.body()).equals((await whole.body()).subarray(size - 100))).toBe(true);
    const past = await request.get("/media/flowlane-demo.mp4", { headers: { Range: `bytes=${size}-` } });
    expect(past.status()).toBe(416);
    expect(past.headers()["content-range"]).toBe(`bytes */${size}`);
  });

  test("the looped promo video keeps playing after it starts again", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the video player needs JavaScript; without it the thumbnail links to the file");
    await page.goto("/");
    await expect(page.getByTestId("hero-video")).toHaveAttribute("data-state", "playing", { timeout: 6000 });
    const video = page.getByTestId("hero-video").locator("video");
    // Wait for the loop: the position goes back to the start while the video plays on.
    await video.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<void>((resolve) => {
          let last = element.currentTime;
          const watch = () => {
            if (element.currentTime < last) {
              element.removeEventListener("timeupdate", watch);
              resolve();
            }
            last = element.currentTime;
          };
          element.addEventListener("timeupdate", watch);
        }),
    );
    const afterLoop = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeGreaterThan(afterLoop);
    expect(await video.evaluate((element: HTMLVideoElement) => element.paused || element.ended)).toBe(false);
    await expect(page.getByTestId("hero-video")).toHaveAttribute("data-state", "playing");
  });

  test("the video autoplays muted and its controls work from the keyboard", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the video player needs JavaScript; without it the thumbnail links to the file");
    await page.goto("/");
    const video = page.getByTestId("hero-video");
    await expect(video).toHaveAttribute("data-state", "playing", { timeout: 6000 });
    expect(await video.locator("video").evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);

    await video.getByRole("button", { name: "Unmute video" }).focus();
    await page.keyboard.press("Enter");
    await expect(video.getByRole("button", { name: "Mute video" })).toBeVisible();

    await video.getByRole("button", { name: "Pause video" }).focus();
    await page.keyboard.press("Enter");
    await expect(video).toHaveAttribute("data-state", "thumbnail");
    await expect(page.getByTestId("hero-video-thumbnail")).toBeVisible();

    await video.getByRole("button", { name: "Play video" }).focus();
    await page.keyboard.press("Space");
    await expect(video).toHaveAttribute("data-state", "playing");
    await expect(video.getByRole("button", { name: "Full screen" })).toBeEnabled();
  });
});

test.describe("navigation", () => {
  test("highlights the active page, opens one dropdown at a time and leads to the pages", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/form-builder");
    const nav = page.getByRole("navigation", { name: "Main" });
    const products = nav.locator("details", { hasText: "Products" });
    const platform = nav.locator("details", { hasText: "Platform" });
    await expect(platform.locator("summary")).toHaveAttribute("data-active", "true");
    await expect(products.locator("summary")).not.toHaveAttribute("data-active", "true");

    await products.locator("summary").click();
    await expect(products).toHaveAttribute("open", "");
    await platform.locator("summary").click();
    await expect(platform).toHaveAttribute("open", "");
    await expect(products).not.toHaveAttribute("open", "");
    await expect(platform.getByRole("link", { name: /Form Builder/ })).toHaveAttribute("aria-current", "page");

    await platform.getByRole("link", { name: /Integration/ }).click();
    await expect(page).toHaveURL(/\/integration$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Integrate And Automate");

    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toHaveAttribute(
      "href",
      `${APP_URL}/login`,
    );
    await expect(nav.getByRole("link", { name: "Demo" })).toHaveAttribute("href", "/demo");
  });

  test("the bar turns opaque after 20 px of scroll", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the scroll state is set by JavaScript");
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.mouse.wheel(0, 300);
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await page.evaluate(() => window.scrollTo(0, 10));
    await expect(header).toHaveAttribute("data-scrolled", "false");
  });

  test("the mobile menu opens, stays within 70vh and offers Start Free Trial", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/pricing");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const menu = page.getByTestId("mobile-menu");
    await menu.locator("summary").click();
    const panel = page.getByRole("navigation", { name: "Mobile" });
    await expect(panel).toBeVisible();
    const box = await panel.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(740 * 0.7 + 1);
    await expect(panel.getByRole("link", { name: "Start Free Trial" })).toHaveAttribute("href", "/free-trial");
    await expect(panel.getByRole("link", { name: "Login" })).toHaveAttribute("href", `${APP_URL}/login`);
    await panel.getByRole("link", { name: "No-Code Required" }).click();
    await expect(page).toHaveURL(/\/no-code-required$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Intuitive and fluid no-code workflows");
  });

  test("the theme toggle switches and remembers the theme", async ({ page }) => {
    await page.goto("/custom-workflows");
    const html = page.locator("html");
    const before = (await html.getAttribute("class")) ?? "";
    const next = before.includes("dark") ? /light/ : /dark/;
    // With JavaScript the class changes at once and the choice is stored by a request in the
    // background: the next page shows it only once that request has been answered.
    const stored = page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/resources/theme",
    );
    await page.getByTestId("theme-toggle").click();
    await stored;
    await expect(html).toHaveClass(next);
    await expect(page).toHaveURL(/\/custom-workflows$/);
    await page.goto("/pricing");
    await expect(html).toHaveClass(next);
  });
});

test.describe("pricing", () => {
  test("monthly by default; annual shows Save 20% and the annual prices", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page.getByTestId("save-badge")).toHaveCount(0);
    await expect(page.getByTestId("billing-monthly")).toHaveAttribute("aria-current", "true");
    const standard = page.getByTestId("plan-standard");
    const pro = page.getByTestId("plan-pro");
    const enterprise = page.getByTestId("plan-enterprise");
    await expect(standard.getByTestId("plan-price")).toHaveText("₹1,500");
    await expect(standard.getByTestId("plan-period")).toHaveText("/month");
    await expect(pro.getByTestId("plan-price")).toHaveText("₹2,500");
    await expect(pro).toContainText("Most Popular");
    await expect(enterprise.getByTestId("plan-price")).toHaveText("Custom");
    await expect(enterprise.getByTestId("plan-period")).toHaveText("Contact Sales");
    await expect(standard.getByRole("button")).toHaveText("Start 7-Day Trial");
    await expect(pro.getByRole("button")).toHaveText("Start 7-Day Trial");
    await expect(enterprise.getByRole("link", { name: "Contact Sales" })).toBeVisible();
    await expect(standard.getByRole("listitem")).toHaveText([
      "Up to 5 workflow steps",
      "10 team members",
      "5 master data",
      "Pre-designed templates",
      "Basic customization",
    ]);

    await page.getByTestId("billing-annual").click();
    await expect(page).toHaveURL(/\/pricing\?billing=annual$/);
    await expect(page.getByTestId("save-badge")).toHaveText("Save 20%");
    await expect(standard.getByTestId("plan-price")).toHaveText("₹1,200");
    await expect(pro.getByTestId("plan-price")).toHaveText("₹20,000");
    await expect(pro.getByTestId("plan-period")).toHaveText("/year");

    await page.getByTestId("billing-monthly").click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByTestId("save-badge")).toHaveCount(0);
    await expect(page.locator('details[name="pricing-faq"]')).toHaveCount(6);
  });

  // Issue 17: Contact Sales collects the lead first (tests/e2e/first-contact.spec.ts has the whole flow).
  test("Contact Sales opens the lead form: in the card with JavaScript, as a page without", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/pricing");
    const enterprise = page.getByTestId("plan-enterprise");
    await enterprise.getByRole("link", { name: "Contact Sales" }).click();
    if (javaScriptEnabled) {
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(enterprise.getByTestId("contact-sales-form")).toBeVisible();
    } else {
      await expect(page).toHaveURL(/\/pricing\/contact-sales$/);
      await expect(page.getByTestId("contact-sales-form")).toBeVisible();
    }
  });

  test("Pro and Standard go to the trial signup with the plan", async ({ page }) => {
    await page.goto("/pricing");
    await page.getByTestId("plan-pro").getByRole("button", { name: "Start 7-Day Trial" }).click();
    await expect(page).toHaveURL(/\/free-trial\?plan=pro$/);
    await page.goto("/pricing?billing=annual");
    await page.getByTestId("plan-standard").getByRole("button", { name: "Start 7-Day Trial" }).click();
    await expect(page).toHaveURL(/\/free-trial\?plan=standard$/);
  });

  test("the bottom Start Free Trial chooses Pro", async ({ page }) => {
    await page.goto("/pricing");
    await page.getByRole("button", { name: "Start Free Trial" }).click();
    await expect(page).toHaveURL(/\/free-trial\?plan=pro$/);
  });

  test("a plan being chosen is marked in progress and its button disabled", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript the browser itself shows the page loading");
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname.startsWith("/pricing"),
      async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      },
    );
    await page.goto("/pricing");
    const standard = page.getByTestId("plan-standard");
    await standard.getByRole("button", { name: "Start 7-Day Trial" }).click();
    await expect(standard).toHaveAttribute("data-in-progress", "true");
    await expect(standard.getByRole("button")).toBeDisabled();
    await expect(page.getByTestId("plan-pro").getByRole("button")).toBeEnabled();
    release();
    await expect(page).toHaveURL(/\/free-trial\?plan=standard$/);
  });

  test("an unknown plan is refused", async ({ request }) => {
    const response = await request.post("/pricing", { form: { plan: "gold" }, maxRedirects: 0 });
    expect(response.status()).toBe(400);
  });
});

test.describe("links and buttons", () => {
  test("every link on the marketing pages leads somewhere", async ({ page, request }) => {
    test.setTimeout(90_000);
    const checked = new Map<string, number>();
    const pageHtml = new Map<string, string>();
    for (const spec of MARKETING_PAGES) {
      await page.goto(spec.path);
      const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
      for (const href of new Set(hrefs)) {
        if (href.startsWith("http")) {
          // The only external destination is the application's login page.
          expect(href).toBe(`${APP_URL}/login`);
          continue;
        }
        const url = new URL(href, page.url());
        if (!pageExists(url.pathname)) continue; // another area's page, not on this branch yet
        if (!checked.has(url.pathname + url.search)) {
          const response = await request.get(url.pathname + url.search, { maxRedirects: 0 });
          checked.set(url.pathname + url.search, response.status());
        }
        expect(checked.get(url.pathname + url.search), `${href} on ${spec.path}`).toBeLessThan(400);
        if (url.hash) {
          if (!pageHtml.has(url.pathname)) pageHtml.set(url.pathname, await (await request.get(url.pathname)).text());
          expect(pageHtml.get(url.pathname), `${href} anchor`).toContain(`id="${url.hash.slice(1)}"`);
        }
      }
    }
    expect(checked.size).toBeGreaterThanOrEqual(8);
  });
});

test.describe("accessibility", () => {
  for (const theme of ["light", "dark"] as const) {
    for (const path of PUBLIC_PAGES) {
      test(`axe: no serious or critical violations on ${path} (${theme})`, async ({
        page,
        javaScriptEnabled,
        axePage,
      }) => {
        test.setTimeout(60_000);
        // With JavaScript, the test's own page; without, a page axe can run on (axe is a script).
        const target = javaScriptEnabled ? page : await axePage();
        await chooseTheme(target, theme);
        await target.goto(path);
        await expect(target.locator("html")).toHaveClass(theme);
        const serious = await axeFindings(target);
        expect(serious, serious.join("\n")).toEqual([]);
        if (target !== page) await target.context().close();
      });
    }
  }
});
