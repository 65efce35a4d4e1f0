import { config } from "./config.server";
import { canonicalUrl } from "./seo";

/** The canonical URL of a marketing page: SITE_URL when configured, else the request's origin. */
export function pageCanonical(request: Request) {
  return canonicalUrl(request.url, config().SITE_URL);
}
