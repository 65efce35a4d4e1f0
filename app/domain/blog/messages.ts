/**
 * The blog's fixed texts (spec §8), in a module of their own: the public article imports
 * POST_NOT_FOUND, and taking it from schemas.ts pulled zod and every schema into its chunk.
 */
export const SAVE_FAILED = "Failed to save blog post. Please try again.";
export const DELETE_FAILED = "Failed to delete blog post. Please try again.";
export const POST_NOT_FOUND = "Blog post not found";
/** A save from a page loaded before someone else's save (decision 051): pressing Save again cannot work. */
export const SAVE_CONFLICT =
  "Not saved: this post was saved somewhere else (another tab or another admin) after you opened it. Load the latest version to go on; your text stays on this page to copy.";
export const REVISION_NOT_FOUND_TITLE = "Revision not found";

/** A tag, author or search page past the last (or a tag or author without posts). */
export const ARCHIVE_PAGE_NOT_FOUND = "This page of the blog does not exist";
