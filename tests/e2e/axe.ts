import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** What the suite checks: WCAG 2.1 A and AA, and axe's best practices. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** The page's serious and critical axe findings (and those of `alsoRules`), one line each: rule — elements. */
export async function axeFindings(page: Page, alsoRules: string[] = []) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || alsoRules.includes(v.id))
    .map((v) => `${v.id} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
