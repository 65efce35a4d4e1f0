import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { hydrating } from "./fixtures";

/** What the suite checks: WCAG 2.1 A and AA, and axe's best practices. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * A page axe can run on in both projects, in a browser context of its own (the caller closes
 * it): axe is itself a script, so with JavaScript off the browser keeps it on and every
 * application script is blocked instead, which leaves the server-rendered page.
 */
export async function axePage(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  if (!javaScriptEnabled) await context.route("**/assets/*.js", (route) => route.abort());
  return hydrating(await context.newPage(), javaScriptEnabled);
}

/** The page's serious and critical axe findings (and those of `alsoRules`), one line each: rule — elements. */
export async function axeFindings(page: Page, alsoRules: string[] = []) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || alsoRules.includes(v.id))
    .map((v) => `${v.id} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
