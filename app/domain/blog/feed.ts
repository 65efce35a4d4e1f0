import { Feed } from "feed";
import type { BlogPost } from "~/db/schema";
import { postDate, postPath } from "./format";
import { imageTypeOfKey, mediaPath } from "./images";

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

/**
 * RSS 2.0 for the published posts, written by `feed` (decision record 024): excerpt as
 * description, the sanitized HTML as content, the author as dc:creator (RSS's own <author>
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
      content: cdataSafe(post.contentHtml),
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
