import { siteUrl } from "./config.server";
import { canonicalUrl } from "./seo";

/** The canonical URL of a marketing page: SITE_URL and the request's path. */
export function pageCanonical(request: Request) {
  return canonicalUrl(request.url, siteUrl());
}
