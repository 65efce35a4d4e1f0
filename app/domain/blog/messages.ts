/**
 * The blog's fixed texts (spec §8), in a module of their own: the public article imports
 * POST_NOT_FOUND, and taking it from schemas.ts pulled zod and every schema into its chunk.
 */
export const SAVE_FAILED = "Failed to save blog post. Please try again.";
export const DELETE_FAILED = "Failed to delete blog post. Please try again.";
export const POST_NOT_FOUND = "Blog post not found";

/** A tag, author or search page past the last (or a tag or author without posts). */
export const ARCHIVE_PAGE_NOT_FOUND = "This page of the blog does not exist";
