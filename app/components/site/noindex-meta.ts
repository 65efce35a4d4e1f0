import { BRAND } from "~/lib/brand";

/**
 * The head of a page kept out of search results (a link from an email, a step of a signup or a
 * booking, a form's own page, a page that is not found): its title with the brand, and noindex.
 */
export const noindexMeta = (title: string) => [
  { title: `${title} | ${BRAND.name}` },
  { name: "robots", content: "noindex" },
];
