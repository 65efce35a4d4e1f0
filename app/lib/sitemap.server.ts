export type SitemapEntry = { path: string; lastModified?: Date };

/** Posts per sitemap file: ~110 bytes each, so a file stays near 110 KB (the protocol allows 50,000). */
export const SITEMAP_POSTS_PER_FILE = 1000;

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

/** The sitemap index (/sitemap.xml): one entry per sitemap file. */
export function renderSitemapIndex(origin: string, paths: string[]) {
  const entries = paths.map((path) => `  <sitemap><loc>${escapeXml(`${origin}${path}`)}</loc></sitemap>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
}

/** The files /sitemap.xml lists: the pages, then the posts in files of SITEMAP_POSTS_PER_FILE. */
export function sitemapFiles(publishedPosts: number) {
  const postFiles = Math.ceil(publishedPosts / SITEMAP_POSTS_PER_FILE);
  return ["/sitemap/pages.xml", ...Array.from({ length: postFiles }, (_, i) => `/sitemap/posts/${i + 1}.xml`)];
}

export const xmlHeaders = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=600",
};
