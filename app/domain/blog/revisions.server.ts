import { and, desc, eq, getTableColumns } from "drizzle-orm";
import { db } from "~/db/client.server";
import { blogImages, blogPostRevisions, blogPosts } from "~/db/schema";
import type { AuditActor } from "~/domain/audit/audit.server";
import { AppError } from "~/lib/errors";
import { formatPostDate } from "./format";
import { type PostChanges, updatePost } from "./posts.server";
import { REVISIONS_KEPT } from "./revision-log.server";

export const REVISION_NOT_FOUND = "This revision does not exist for this post (only the last 20 saves are kept).";

/** The revisions of a post, newest first (at most REVISIONS_KEPT are stored). */
export async function listRevisions(postId: string) {
  return db()
    .select({
      id: blogPostRevisions.id,
      kind: blogPostRevisions.kind,
      actorEmail: blogPostRevisions.actorEmail,
      createdAt: blogPostRevisions.createdAt,
      snapshot: blogPostRevisions.snapshot,
    })
    .from(blogPostRevisions)
    .where(eq(blogPostRevisions.postId, postId))
    .orderBy(desc(blogPostRevisions.id))
    .limit(REVISIONS_KEPT)
    .all();
}

/** "Nov 23, 2026, 10:42 AM": a revision's time, as the business sees it. */
export const REVISION_TIME = "MMM d, yyyy, h:mm a";

/** The Revisions list as the editor shows it: times formatted on the server in `timeZone`. */
export async function revisionRows(postId: string, timeZone: string) {
  return (await listRevisions(postId)).map((revision) => ({
    id: revision.id,
    kind: revision.kind,
    who: revision.actorEmail,
    at: formatPostDate(revision.createdAt, REVISION_TIME, timeZone),
    title: revisionText(revision.snapshot).title,
  }));
}

/** One revision of one post; a revision of another post is as unknown as a missing one. */
export async function getRevision(postId: string, revisionId: number) {
  const revision = Number.isSafeInteger(revisionId)
    ? await db()
        .select()
        .from(blogPostRevisions)
        .where(and(eq(blogPostRevisions.id, revisionId), eq(blogPostRevisions.postId, postId)))
        .get()
    : undefined;
  if (!revision) throw new AppError(404, REVISION_NOT_FOUND);
  return revision;
}

/** What a revision shows: its title and markdown (the snapshot may hold more fields). */
export function revisionText(snapshot: Record<string, unknown>) {
  return {
    title: typeof snapshot.title === "string" ? snapshot.title : "",
    content: typeof snapshot.content === "string" ? snapshot.content : "",
  };
}

/**
 * Fields a restore leaves as they are: whether and when the post is public is a decision of its
 * own (decision 030), not part of "what the post said"; so is its address (the slug, decision
 * 029): restoring an old text must not move the article or leave a redirect behind.
 */
const NOT_RESTORED = new Set(["status", "publishAt", "publishedAt", "slug"]);

/** The snapshot as the post's changes: known columns only, dates back to Dates. */
function snapshotChanges(snapshot: Record<string, unknown>): PostChanges {
  const columns = getTableColumns(blogPosts) as Record<string, { dataType: string }>;
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(snapshot)) {
    const column = columns[key];
    if (!column || NOT_RESTORED.has(key)) continue;
    changes[key] = column.dataType === "date" && typeof value === "number" ? new Date(value) : value;
  }
  return changes as PostChanges;
}

/**
 * Brings a revision back as the post's content (decision 030): every snapshotted field but the
 * status and publish time, through the same guarded save as the editor (audit record, "restore"
 * revision, blog cache purge when public). `version` is the post's updatedAt the page was loaded
 * with: if the post changed since, nothing is restored (409). A cover image deleted since is
 * left out rather than restored as a broken picture.
 */
export async function restoreRevision(actor: AuditActor, postId: string, revisionId: number, version?: number) {
  const revision = await getRevision(postId, revisionId);
  const changes = snapshotChanges(revision.snapshot);
  if (typeof changes.coverImage === "string") {
    const image = await db()
      .select({ key: blogImages.key })
      .from(blogImages)
      .where(eq(blogImages.key, changes.coverImage))
      .get();
    if (!image) changes.coverImage = null;
  }
  return updatePost(actor, postId, changes, new Date(), {
    kind: "restore",
    version,
    audit: { action: "blog.restored", note: { revision: revision.id } },
  });
}

/**
 * Autosave (decision 030): the editor's fields without the status and publish time, kept only
 * while the post is a draft (a published post never changes live) and still at `version`.
 */
export async function autosavePost(actor: AuditActor, postId: string, fields: PostChanges, version?: number) {
  const { status: _status, publishAt: _publishAt, ...content } = fields;
  return updatePost(actor, postId, content, new Date(), { kind: "autosave", version, draftOnly: true });
}
