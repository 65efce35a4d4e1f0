import { Trash2 } from "lucide-react";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { ErrorAlert } from "~/components/blog/admin";
import { AdminBlogError } from "~/components/blog/admin-error";
import { UnusedImages } from "~/components/blog/unused-images";
import { consoleMeta } from "~/components/site/noindex-meta";
import { SubmitButton } from "~/components/submit-button";
import { actorOf } from "~/domain/accounts/actor";
import { unusedImagesOf } from "~/domain/blog/image-cleanup.server";
import { DELETE_FAILED } from "~/domain/blog/messages";
import { deletePost, findPost } from "~/domain/blog/posts.server";
import { BLOG_LIMITS } from "~/domain/blog/schemas";
import { actionFailure } from "~/http/action-failure.server";
import { requireAdmin } from "~/http/guards.server";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/delete";
import { BackToBlogList, imageView } from "./blog-ui";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const post = await findPost(params.id);
  // A missing post is shown by the page, so that a failed delete can still say so (spec §8).
  if (!post) return data({ post: null, images: [] }, { status: 404 });
  // Decision 030: the post's images no other post shows, offered for deletion with it.
  const images = (await unusedImagesOf(post)).map(imageView);
  return { post: { id: post.id, title: post.title }, images };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = actorOf(await requireAdmin(request));
  const form = await request.formData();
  // Echoed back on failure, when the post may be gone and cannot name itself.
  const title = String(form.get("title") ?? "").slice(0, BLOG_LIMITS.title);
  // The images listed on the confirmation, if "Also delete" stayed ticked; the service deletes
  // only those still unused when the post goes.
  const imageKeys = form.get("deleteImages")
    ? String(form.get("images") ?? "")
        .split(" ")
        .filter(Boolean)
    : [];
  try {
    await deletePost(actor, params.id, { imageKeys });
  } catch (error) {
    return data({ error: DELETE_FAILED, title }, { status: actionFailure(error).status });
  }
  return redirect(`${href("/admin/dashboard/blog")}?notice=deleted`);
}

/** The delete confirmation without JavaScript (with it, the list opens a dialog posting here). */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, (form) => ({ error: DELETE_FAILED, title: String(form.get("title") ?? "") }));
}

export default function ConfirmDelete({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (!loaderData.post && !actionData) return <AdminBlogError notFound />;
  return (
    <div className="mx-auto max-w-lg">
      <BackToBlogList />
      <div className="card mt-4 p-6">
        <h1 className="flex items-center gap-2 text-xl font-bold">
          <Trash2 aria-hidden className="size-5 text-red-600 dark:text-red-400" />
          Delete this blog post?
        </h1>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
          “
          <span className="font-semibold text-slate-900 dark:text-white">
            {loaderData.post?.title ?? actionData?.title}
          </span>
          ” will be removed for good. This cannot be undone.
        </p>
        {actionData?.error ? <ErrorAlert className="mt-4">{actionData.error}</ErrorAlert> : null}
        <Form method="post" className="mt-6">
          <input type="hidden" name="title" value={loaderData.post?.title ?? actionData?.title ?? ""} />
          <UnusedImages images={loaderData.images} />
          <div className="flex justify-end gap-3">
            <Link to={href("/admin/dashboard/blog")} className="btn-secondary">
              Cancel
            </Link>
            <SubmitButton className="btn-danger" busy={busy} whileBusy="Deleting...">
              Delete
            </SubmitButton>
          </div>
        </Form>
      </div>
    </div>
  );
}

export function meta() {
  return consoleMeta("Delete blog post");
}

export function ErrorBoundary() {
  return <AdminBlogError />;
}
