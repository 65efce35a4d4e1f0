import { seo } from "~/lib/seo";

/**
 * The meta tags of a marketing page: unique title and description, canonical URL, Open Graph
 * and Twitter card. Without loader data (an error page) only the title is set.
 */
export function marketingMeta(canonical: string | undefined, page: { title: string; description: string }) {
  if (!canonical) return [{ title: page.title }];
  return seo({ ...page, url: canonical });
}
