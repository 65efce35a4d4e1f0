import { BRAND } from "~/lib/brand";

/** A head that keeps its page out of search results: the whole title, and noindex. */
const unlisted = (title: string) => [{ title }, { name: "robots", content: "noindex" }];

/**
 * The head of a page kept out of search results (a link from an email, a step of a signup or a
 * booking, a form's own page, a page that is not found): its title with the brand, and noindex.
 */
export const noindexMeta = (title: string) => unlisted(`${title} | ${BRAND.name}`);

/** The head of an admin console page: its title with "Flowlane Admin", and noindex (the console is never listed). */
export const consoleMeta = (title: string) => unlisted(`${title} | ${BRAND.name} Admin`);
