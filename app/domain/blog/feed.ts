import { Feed } from "feed";
import type { BlogPost } from "~/db/schema";
import { postDate, postPath } from "./format";
import { imageTypeOfKey } from "./images";
import { mediaPath } from "./renditions";

type FeedChannel = { origin: string; title: string; description: string };

/**
 * xml-js (under `feed`) splits only the first "]]>" of a CDATA value; a second one would end
 * the section early and let the rest be read as XML. Later ones are written "]]&gt;", the
 * same text once a reader decodes the HTML it shows.
 */
function cdataSafe(value: string) {
  const first = value.indexOf("]]>");
  if (first < 0) return value;
  const rest = first + 3;
  return value.slice(0, rest) + value.slice(rest).replaceAll("]]>", "]]&gt;");
}

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
 * RSS 2.0 for the published posts, written by `feed` (decision record 024): excerpt as
 * description, the sanitized HTML as content (its addresses absolute), the author as dc:creator (RSS's own <author>
 * must be an email address).
 */
export function renderRss(channel: FeedChannel, posts: BlogPost[]) {
  const blogUrl = `${channel.origin}/blog`;
  const feed = new Feed({
    id: blogUrl,
    title: channel.title,
    description: channel.description,
    link: blogUrl,
    language: "en",
    copyright: "",
    feed: `${blogUrl}/rss.xml`,
    updated: posts[0] ? postDate(posts[0]) : undefined,
    generator: false,
  });
  for (const post of posts) {
    feed.addItem({
      title: cdataSafe(post.title),
      link: `${channel.origin}${postPath(post)}`,
      // The guid stays the id address it has been since the first feed (it still redirects to
      // the post), so a slug change never makes readers see a post twice (decision 029).
      guid: `${blogUrl}/${encodeURIComponent(post.id)}`,
      date: postDate(post),
      description: cdataSafe(post.excerpt),
      content: cdataSafe(absoluteUrls(post.contentHtml, channel.origin)),
      category: post.tags.map((name) => ({ name })),
      extensions: [{ name: "dc:creator", objects: { _text: post.author } }],
      // The cover image (decision 028): an enclosure readers show beside the item.
      ...(post.coverImage ? { image: coverEnclosure(channel.origin, post.coverImage) } : {}),
    });
  }
  return `${feed.rss2()}\n`;
}

/** The cover as an RSS enclosure; its type from the key (the library would guess "image/jpg"). */
function coverEnclosure(origin: string, key: string) {
  return { url: `${origin}${mediaPath(key)}`, type: imageTypeOfKey(key) ?? "image/jpeg", length: 0 };
}
