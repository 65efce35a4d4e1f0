import type { BlogPost } from "~/db/schema";
import { postDate } from "./format";

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

type FeedChannel = { origin: string; title: string; description: string };

/** RSS 2.0 for the published posts: excerpt as description, the sanitized HTML as content. */
export function renderRss(channel: FeedChannel, posts: BlogPost[]) {
  const blogUrl = `${channel.origin}/blog`;
  const latest = posts[0] ? postDate(posts[0]) : undefined;
  const items = posts
    .map((post) => {
      const url = `${blogUrl}/${encodeURIComponent(post.id)}`;
      return [
        "    <item>",
        `      <title>${escapeXml(post.title)}</title>`,
        `      <link>${escapeXml(url)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
        `      <pubDate>${postDate(post).toUTCString()}</pubDate>`,
        `      <dc:creator>${escapeXml(post.author)}</dc:creator>`,
        ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
        // The cover image (decision 028), as Media RSS: readers show it beside the item.
        ...(post.coverImage
          ? [`      <media:content url="${escapeXml(`${channel.origin}/media/${post.coverImage}`)}" medium="image"/>`]
          : []),
        `      <description>${escapeXml(post.excerpt)}</description>`,
        `      <content:encoded>${escapeXml(post.contentHtml)}</content:encoded>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/">
  <channel>
    <title>${escapeXml(channel.title)}</title>
    <link>${escapeXml(blogUrl)}</link>
    <description>${escapeXml(channel.description)}</description>
    <language>en</language>
    <atom:link href="${escapeXml(`${blogUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>
${latest ? `    <lastBuildDate>${latest.toUTCString()}</lastBuildDate>\n` : ""}${items}
  </channel>
</rss>
`;
}
