import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { type BlogPostRevision, blogPostRevisions, blogPosts } from "~/db/schema";
import type { AuditActor } from "~/domain/audit/audit.server";
import { snapshotObject } from "./revision-snapshot";

/** Revisions kept per post (issue 16): older ones are pruned in the batch that adds a new one. */
export const REVISIONS_KEPT = 20;

export type RevisionKind = BlogPostRevision["kind"];

/**
 * The two statements every save adds to its batch (decision 030): the revision, read from the
 * post row as the batch has just left it, and the pruning to the newest REVISIONS_KEPT. Put
 * after the post's change in the same guarded batch, so a refused change records nothing and
 * parallel saves cannot keep more than REVISIONS_KEPT (each batch prunes what it sees).
 */
export function revisionStatements(actor: AuditActor, postId: string, kind: RevisionKind, now: Date) {
  const client = db();
  return [
    client
      .insert(blogPostRevisions)
      .select(
        sql`SELECT NULL, ${blogPosts.id}, ${kind}, ${actor.id}, ${actor.email}, ${snapshotObject()}, ${now.getTime()} FROM ${blogPosts} WHERE ${blogPosts.id} = ${postId}`,
      ),
    client
      .delete(blogPostRevisions)
      .where(
        and(
          eq(blogPostRevisions.postId, postId),
          notInArray(
            blogPostRevisions.id,
            client
              .select({ id: blogPostRevisions.id })
              .from(blogPostRevisions)
              .where(eq(blogPostRevisions.postId, postId))
              .orderBy(desc(blogPostRevisions.id))
              .limit(REVISIONS_KEPT),
          ),
        ),
      ),
  ] as const;
}
