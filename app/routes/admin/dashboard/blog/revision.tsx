import { ArrowLeft } from "lucide-react";
import { data, href, isRouteErrorResponse, Link, redirect } from "react-router";
import { ErrorAlert } from "~/components/blog/admin";
import { AdminBlogError } from "~/components/blog/admin-error";
import { PostContent } from "~/components/blog/post-content";
import { RestoreForm } from "~/components/blog/revisions";
import { consoleMeta } from "~/components/site/noindex-meta";
import { actorOf } from "~/domain/accounts/actor";
import { formatPostDate } from "~/domain/blog/format";
import { POST_NOT_FOUND, REVISION_NOT_FOUND_TITLE } from "~/domain/blog/messages";
import { findPost, renderPostHtml } from "~/domain/blog/posts.server";
import { getRevision, REVISION_TIME, restoreRevision, revisionText } from "~/domain/blog/revisions.server";
import { actionFailure } from "~/http/action-failure.server";
import { requireAdmin } from "~/http/guards.server";
import { requireEditablePost, requireReadablePost } from "~/http/post-access.server";
import { config } from "~/lib/config.server";
import { isAppError } from "~/lib/errors";
import { submitFailure, submitFailureOf, submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/revision";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireReadablePost(request, await requireAdmin(request), params.id);
  const post = await findPost(params.id);
  if (!post) throw data({ message: POST_NOT_FOUND }, { status: 404 });
  let revision: Awaited<ReturnType<typeof getRevision>>;
  try {
    revision = await getRevision(post.id, Number(params.revision));
  } catch (error) {
    if (isAppError(error)) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
  const { title, content } = revisionText(revision.snapshot);
  const timeZone = config().BUSINESS_TIMEZONE;
  return {
    post: { id: post.id, title: post.title, version: post.updatedAt.getTime() },
    revision: {
      id: revision.id,
      kind: revision.kind,
      who: revision.actorEmail,
      at: formatPostDate(revision.createdAt, REVISION_TIME, timeZone),
      title,
      // Rendered and sanitized by the same pipeline as the article (decision 009).
      html: await renderPostHtml(content),
    },
    timeZone,
  };
}

/** Restore (a plain form POST): back to the editor, or the reason on this page. */
export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  await requireEditablePost(request, session, params.id);
  const actor = actorOf(session);
  const form = await request.formData();
  const version = Number(form.get("version"));
  try {
    const { changed, post } = await restoreRevision(
      actor,
      params.id,
      Number(params.revision),
      Number.isFinite(version) && form.get("version") !== null ? version : undefined,
    );
    return redirect(
      `${href("/admin/dashboard/blog/:id/edit", { id: params.id })}?restored=${changed ? post.updatedAt.getTime() : "same"}#revisions`,
    );
  } catch (error) {
    const { status, reason } = actionFailure(error);
    return data(submitFailure(reason ?? "Failed to restore the revision. Please try again."), { status });
  }
}

export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, () => submitFailure("Failed to restore the revision. Please try again."));
}

const KIND_TEXT = { save: "Saved", autosave: "Autosaved", restore: "Restored" } as const;

export default function RevisionView({ loaderData, actionData }: Route.ComponentProps) {
  const { post, revision, timeZone } = loaderData;
  const failure = submitFailureOf(actionData);
  return (
    <div className="mx-auto max-w-3xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link
          to={`${href("/admin/dashboard/blog/:id/edit", { id: post.id })}#revisions`}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          <ArrowLeft aria-hidden className="size-4" /> Back to the editor
        </Link>
        <RestoreForm
          postId={post.id}
          revisionId={revision.id}
          version={post.version}
          label="Restore this revision"
          className="btn-primary"
        />
      </div>
      {failure ? <ErrorAlert className="mt-4">{failure}</ErrorAlert> : null}
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        Revision of “{post.title}”: {KIND_TEXT[revision.kind].toLowerCase()} {revision.at} ({timeZone}) by{" "}
        <span className="break-all">{revision.who}</span>.
      </p>
      <article className="card mt-4 p-6 sm:p-10" aria-label="Revision">
        <h1 className="text-3xl font-bold tracking-tight text-balance" data-testid="revision-title">
          {revision.title}
        </h1>
        <div className="mt-6" data-testid="revision-content">
          <PostContent html={revision.html} />
        </div>
      </article>
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return consoleMeta(`Revision of ${loaderData?.post.title ?? "a blog post"}`);
}

/** A revision the post does not have says so, and leads back to that post's editor (not "Blog post not found"). */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error) && error.status === 404 ? (error.data?.message as unknown) : null;
  if (typeof message === "string" && message !== POST_NOT_FOUND) {
    return (
      <AdminBlogError
        missing={{
          title: REVISION_NOT_FOUND_TITLE,
          message,
          back: {
            to: `${href("/admin/dashboard/blog/:id/edit", { id: params.id })}#revisions`,
            label: "Back to the editor",
          },
        }}
      />
    );
  }
  return <AdminBlogError />;
}
