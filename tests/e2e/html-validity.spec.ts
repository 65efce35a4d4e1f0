import { HtmlValidate } from "html-validate";
import { expect, signInAsAdmin, test } from "./fixtures";

/**
 * Every public page and the main console pages, as the server renders them (the HTML a crawler
 * or a browser without JavaScript gets), pass html-validate's recommended rules. The rules
 * turned off are listed with their reasons in decision 025.
 */
const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    // How React serialises markup, all valid HTML: camelCase attribute names (`charSet`,
    // `maxLength`; HTML attribute names are case-insensitive), `<br/>`, `disabled=""`, `download=""`.
    "attr-case": "off",
    "void-style": "off",
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    // React's useId gives ids such as `_R_3knj5_` and rehype-slug ids such as `1-purchase-requests`:
    // valid in HTML5 (any id without spaces), only not CSS-identifier friendly.
    "valid-id": ["error", { relaxed: true }],
    // Bar charts set their bar widths from data; nothing else may use inline styles.
    "no-inline-style": ["error", { allowedProperties: ["display", "width"] }],
    // `role="list"` on a styled <ul>/<ol> is deliberate: Safari/VoiceOver drops list semantics
    // when CSS removes the markers, and the role lets the list carry its aria-label.
    "no-redundant-role": "off",
    // The same reason on <ol role="list"> (numbered steps): it is already the native list element.
    "prefer-native-element": ["error", { exclude: ["list"] }],
    // The console's top-bar search is one search field in a role="search" GET form, submitted
    // with Enter (implicit submission, no JavaScript needed), like the search boxes of most sites.
    "wcag/h32": "off",
  },
});

const PUBLIC = [
  "/",
  "/custom-workflows",
  "/what-is-flowlane",
  "/no-code-required",
  "/form-builder",
  "/integration",
  "/pricing",
  "/pricing/contact-sales",
  "/blog",
  "/demo",
  "/free-trial",
  "/newsletter",
  "/admin",
  "/admin/forgot-password",
  "/no-such-page",
];

const CONSOLE = [
  "/admin/dashboard",
  "/admin/dashboard/meetings",
  "/admin/dashboard/meetings/callbacks",
  "/admin/dashboard/meetings/calendar",
  "/admin/dashboard/blog",
  "/admin/dashboard/blog/new",
  "/admin/dashboard/users",
  "/admin/dashboard/settings",
  "/admin/dashboard/settings/security",
  "/admin/dashboard/settings/team",
  "/admin/dashboard/settings/activity",
  "/admin/dashboard/settings/emails",
  "/admin/dashboard/settings/subscribers",
  "/admin/dashboard/settings/export",
  "/admin/dashboard/search?q=acme",
];

async function problems(html: string) {
  const report = await validator.validateString(html);
  return report.results.flatMap((result) =>
    result.messages
      .filter((message) => message.severity === 2)
      .map(
        (message) => `${message.line}:${message.column} ${message.ruleId}: ${message.message} (${message.selector})`,
      ),
  );
}

// The server's HTML is the same for both projects: check it once.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server HTML does not depend on the browser");

test("public pages are valid HTML", async ({ request }) => {
  const blog = await request.get("/blog");
  const post = (await blog.text()).match(/href="(\/blog\/[a-z0-9-]+)"/)?.[1];
  const pages = post ? [...PUBLIC, post] : PUBLIC;
  const all: string[] = [];
  for (const path of pages) {
    const response = await request.get(path);
    expect([200, 404], path).toContain(response.status());
    all.push(...(await problems(await response.text())).map((p) => `${path} ${p}`));
  }
  expect(all).toEqual([]);
});

test("console pages are valid HTML", async ({ page }) => {
  await signInAsAdmin(page);
  const all: string[] = [];
  for (const path of CONSOLE) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    all.push(...(await problems(await response.text())).map((p) => `${path} ${p}`));
  }
  expect(all).toEqual([]);
});
