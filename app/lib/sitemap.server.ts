import { BRAND } from "./brand";

export type SitemapEntry = { path: string; lastModified?: Date };

/** Public pages of the site (the blog adds its posts in the sitemap route). */
export const STATIC_PAGES: SitemapEntry[] = [
  "/",
  "/custom-workflows",
  `/what-is-${BRAND.slug}`,
  "/no-code-required",
  "/form-builder",
  "/integration",
  "/pricing",
  "/free-trial",
  "/demo",
  "/blog",
].map((path) => ({ path }));

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

export function renderSitemap(origin: string, entries: SitemapEntry[]) {
  const urls = entries
    .map(
      (entry) =>
        `  <url><loc>${escapeXml(`${origin}${entry.path}`)}</loc>${
          entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : ""
        }</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
