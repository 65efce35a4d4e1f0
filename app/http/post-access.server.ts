import { can } from "~/domain/accounts/permissions";
import type { ActiveSession } from "~/domain/accounts/sessions.server";
import { postCreator } from "~/domain/blog/posts.server";
import { AppError } from "~/lib/errors";
import { requireOwn } from "./guards.server";

/*
 * What the blog editor's pages add to their route's permission (decision 064): an Author holds
 * `:own` grants, so each page about one post also checks the post is theirs, and saving a post
 * as published or scheduled needs the publish permission (Marketing or above).
 */

/** Reading one post's pages (editor, preview, revisions): any post with `read:blog-post:any`, else one's own. */
export async function requireReadablePost(request: Request, session: ActiveSession, postId: string) {
  requireOwn(request, session, "read:blog-post:any", await postCreator(postId));
}

/** Changing one post (save, autosave, images, restore): any post with `update:blog-post:any`, else one's own. */
export async function requireEditablePost(request: Request, session: ActiveSession, postId: string) {
  requireOwn(request, session, "update:blog-post:any", await postCreator(postId));
}

export const PUBLISH_NEEDS_ROLE =
  "Publishing or scheduling a post needs the Marketing role or above. Save it as a draft.";

/** A save that publishes (or schedules) a post, by a member whose role may not publish: refused. */
export function requirePublishing(session: ActiveSession, publishes: boolean) {
  if (publishes && !can(session.admin.role, "publish:blog-post:any")) throw new AppError(403, PUBLISH_NEEDS_ROLE);
}
