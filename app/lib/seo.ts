import { BRAND } from "./brand";

type SeoInput = {
  title: string;
  description: string;
  /** Absolute canonical URL. */
  url: string;
  image?: string;
  type?: "website" | "article";
};

/** Title, description, canonical link, Open Graph and Twitter card tags for a page. */
export function seo({ title, description, url, image, type = "website" }: SeoInput) {
  const fullTitle = title.includes(BRAND.name) ? title : `${title} | ${BRAND.name}`;
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
 * The canonical URL of a request: the configured public origin (SITE_URL) if set, else the
 * request's origin, with the path and without query or trailing slash.
 */
export function canonicalUrl(requestUrl: string, siteUrl = "") {
  const url = new URL(requestUrl);
  const origin = siteUrl ? siteUrl.replace(/\/$/, "") : url.origin;
  return `${origin}${url.pathname === "/" ? "/" : url.pathname.replace(/\/$/, "")}`;
}
