import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { adminRoutes } from "./routes";

/*
 * Every console page of the route table keeps itself out of search results: its head says
 * `robots: noindex` (the console is never listed), whether or not its loader answered. A new
 * console page without that head fails here (Settings → My calendar had only a title).
 */

type PageModule = { default?: unknown; meta?: (args: unknown) => Record<string, string>[] | undefined };
const modules = import.meta.glob<PageModule>(["/app/routes/admin/**/*.tsx", "!/app/routes/admin/**/*.test.tsx"]);

/**
 * Each console page with the file whose `meta` gives its head: its own, or (React Router renders
 * the deepest route's `meta`) the nearest enclosing route's, as for a panel drawn in its list.
 */
type Page = { file: string; headFrom: string | undefined };
async function pagesOf(entries: RouteConfigEntry[], inherited?: string): Promise<Page[]> {
  const found: Page[] = [];
  for (const entry of entries) {
    const file = `/app/${entry.file}`;
    const module = file.endsWith(".tsx") ? await modules[file]?.() : undefined;
    const headFrom = module?.meta ? file : inherited;
    if (module?.default) found.push({ file, headFrom });
    found.push(...(await pagesOf(entry.children ?? [], headFrom)));
  }
  return found;
}

describe("console page heads", () => {
  it("every console page of the route table has a title and robots noindex", async () => {
    const pages = await pagesOf(adminRoutes);
    expect(pages.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const { file, headFrom } of pages) {
      const module = headFrom ? await modules[headFrom]?.() : undefined;
      const head =
        module?.meta?.({ data: undefined, loaderData: undefined, params: {}, matches: [], location: {} }) ?? [];
      if (!head.some((tag) => typeof tag.title === "string" && tag.title.length > 0))
        problems.push(`${file}: no title`);
      if (!head.some((tag) => tag.name === "robots" && tag.content === "noindex")) problems.push(`${file}: no noindex`);
    }
    expect(problems).toEqual([]);
  });
});
