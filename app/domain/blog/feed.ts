import type { BlogPost } from "~/db/schema";
import { postDate, postPath } from "./format";
import { imageTypeOfKey } from "./images";
import { mediaPath } from "./renditions";

type FeedChannel = { origin: string; title: string; description: string };

/** Text as an XML element's content: `&`, `<` and `>` escaped (an `&amp;` already written stays one). */
const xmlText = (value: string) =>
  value.replaceAll("&amp;", "&").replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** An attribute value: double quotes escaped; `&` in a URL is escaped by `url` below. */
const xmlAttribute = (value: string) => value.replaceAll('"', "&quot;");

/** A URL as the feed writes it: parsed and normalized by `URL`, `&` escaped. */
const url = (value: string) => new URL(value).toString().replaceAll("&", "&amp;");

/**
 * A CDATA section. A "]]>" in the value would end it early and let the rest be read as XML: the
 * first one is split across two sections ("]]]]><![CDATA[>"), later ones are written "]]&gt;",
 * the same text once a reader decodes the HTML it shows.
 */
function cdata(value: string) {
  const first = value.indexOf("]]>");
  const safe =
    first < 0 ? value : `${value.slice(0, first)}]]]]><![CDATA[>${value.slice(first + 3).replaceAll("]]>", "]]&gt;")}`;
  return `<![CDATA[${safe}]]>`;
}

const INDENT = "    ";
const element = (depth: number, name: string, content: string, attributes = "") =>
  `\n${INDENT.repeat(depth)}<${name}${attributes}>${content}</${name}>`;

/** A start tag with its attributes, values double-quoted as rehype-stringify writes them. */
const START_TAG = /<[a-zA-Z][a-zA-Z0-9-]*(?:\s+[^\s"'>/=]+(?:="[^"]*")?)*\s*\/?>/g;
const URL_ATTRIBUTE = /(\s(?:href|src|srcset)=")([^"]*)"/g;

/**
 * A post's HTML with its root-relative addresses (`/media/…` images and their `srcset`, links to
 * other pages) made absolute on `origin`: a feed reader shows `content:encoded` away from the site,
 * with no page address to resolve them against. Only attributes inside tags are touched (text is
 * escaped by the pipeline, so a `<` in it never starts a tag); other addresses stay as they are.
 */
export function absoluteUrls(html: string, origin: string) {
  const absolute = (url: string) => (url.startsWith("/") && !url.startsWith("//") ? `${origin}${url}` : url);
  return html.replace(START_TAG, (tag) =>
    tag.replace(URL_ATTRIBUTE, (_, start: string, value: string) => {
      const next = start.includes("srcset")
        ? value
            .split(",")
            .map((candidate) => {
              const [url = "", ...descriptor] = candidate.trim().split(/\s+/);
              return [absolute(url), ...descriptor].join(" ");
            })
            .join(", ")
        : absolute(value);
      return `${start}${next}"`;
    }),
  );
}

/**
 * RSS 2.0 for the published posts (decision record 024): excerpt as description, the sanitized
 * HTML as content (its addresses absolute), the author as dc:creator (RSS's own <author> must be
 * an email address), the cover as an enclosure. Written here, to the byte what the `feed` library
 * wrote before (decision 082: it brought xml-js, sax and a second XML parser into the Worker);
 * `feed.test.ts` holds the two equal.
 */
export function renderRss(channel: FeedChannel, posts: BlogPost[], now = new Date()) {
  const blogUrl = `${channel.origin}/blog`;
  const updated = posts[0] ? postDate(posts[0]) : now;
  const items = posts.map((post) => {
    const parts = [
      post.title ? element(3, "title", cdata(post.title)) : "",
      element(3, "link", xmlText(url(`${channel.origin}${postPath(post)}`))),
      // The guid stays the id address it has been since the first feed (it still redirects to
      // the post), so a slug change never makes readers see a post twice (decision 029).
      element(3, "guid", xmlText(`${blogUrl}/${encodeURIComponent(post.id)}`), ' isPermaLink="false"'),
      element(3, "pubDate", xmlText(postDate(post).toUTCString())),
      post.excerpt ? element(3, "description", cdata(post.excerpt)) : "",
      post.contentHtml ? element(3, "content:encoded", cdata(absoluteUrls(post.contentHtml, channel.origin))) : "",
      ...post.tags.map((name) => element(3, "category", xmlText(name))),
      // The cover image (decision 028): an enclosure readers show beside the item; its type from
      // the key.
      post.coverImage
        ? `\n${INDENT.repeat(3)}<enclosure length="0" type="${xmlAttribute(imageTypeOfKey(post.coverImage) ?? "image/jpeg")}" url="${xmlAttribute(url(`${channel.origin}${mediaPath(post.coverImage)}`))}"/>`
        : "",
      element(3, "dc:creator", xmlText(post.author)),
    ];
    return `\n${INDENT.repeat(2)}<item>${parts.join("")}\n${INDENT.repeat(2)}</item>`;
  });
  const namespaces = posts.some((post) => post.contentHtml)
    ? ' xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/"'
    : "";
  return (
    `<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0"${namespaces} xmlns:atom="http://www.w3.org/2005/Atom">` +
    `\n${INDENT}<channel>` +
    element(2, "title", xmlText(channel.title)) +
    element(2, "link", xmlText(url(blogUrl))) +
    element(2, "description", xmlText(channel.description)) +
    element(2, "lastBuildDate", xmlText(updated.toUTCString())) +
    element(2, "docs", "https://validator.w3.org/feed/docs/rss2.html") +
    element(2, "language", "en") +
    `\n${INDENT.repeat(2)}<atom:link href="${xmlAttribute(url(`${blogUrl}/rss.xml`))}" rel="self" type="application/rss+xml"/>` +
    items.join("") +
    `\n${INDENT}</channel>\n</rss>\n`
  );
}
