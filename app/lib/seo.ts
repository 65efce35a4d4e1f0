import { BRAND } from "./brand";

type SeoInput = {
  title: string;
  /** The title is complete as written (a post's meta title): no " | Flowlane" is added. */
  titleAsIs?: boolean;
  description: string;
  /** Absolute canonical URL. */
  url: string;
  image?: string;
  type?: "website" | "article";
};

/** Title, description, canonical link, Open Graph and Twitter card tags for a page. */
export function seo({ title, titleAsIs = false, description, url, image, type = "website" }: SeoInput) {
  const fullTitle = titleAsIs || title.includes(BRAND.name) ? title : `${title} | ${BRAND.name}`;
  const origin = new URL(url).origin;
  const imageUrl = image ? new URL(image, origin).toString() : `${origin}/og-image.png`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: BRAND.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
  ];
}

/**
 * The canonical URL of a request: the configured public origin (SITE_URL; never the request's
 * Host, decision 040) with the request's path, without query or trailing slash.
 */
export function canonicalUrl(requestUrl: string, siteUrl: string) {
  const url = new URL(requestUrl);
  const origin = siteUrl.replace(/\/$/, "");
  return `${origin}${url.pathname === "/" ? "/" : url.pathname.replace(/\/$/, "")}`;
}

/** The link to the blog's RSS feed, in the head of every blog page that lists or shows posts. */
export const BLOG_FEED_LINK = {
  tagName: "link",
  rel: "alternate",
  type: "application/rss+xml",
  title: `${BRAND.name} Blog`,
  href: "/blog/rss.xml",
} as const;
