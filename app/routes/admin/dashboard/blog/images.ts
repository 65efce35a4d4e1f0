import { href, redirect } from "react-router";
import { actorOf } from "~/domain/accounts/actor";
import { UploadError, uploadPostImage } from "~/domain/blog/uploads.server";
import { requireAdmin } from "~/http/guards.server";
import { requireEditablePost } from "~/http/post-access.server";
import { refuseCrossSite } from "~/http/same-site.server";
import { isAppError } from "~/lib/errors";
import type { Route } from "./+types/images";

/**
 * POST /admin/dashboard/blog/:id/images: a plain multipart form (no JavaScript needed) from the
 * editor. Back to the editor with what happened in the address, which the editor shows.
 */
export async function action({ request, params }: Route.ActionArgs) {
  refuseCrossSite(request);
  const session = await requireAdmin(request);
  await requireEditablePost(request, session, params.id);
  const actor = actorOf(session);
  const back = editorPath(params.id);
  const form = await request.formData().catch(() => null);
  if (!form) return redirect(`${back}?${new URLSearchParams({ uploadError: UNREADABLE_UPLOAD })}#images`);
  try {
    const image = await uploadPostImage(actor, params.id, form);
    return redirect(`${back}?uploaded=${image.purpose}#images`);
  } catch (error) {
    if (!isAppError(error)) throw error;
    const fields = error instanceof UploadError ? error.fields : {};
    const query = new URLSearchParams({ uploadError: error.message });
    if (fields.file) query.set("fileError", fields.file);
    if (fields.alt) query.set("altError", fields.alt);
    return redirect(`${back}?${query}#images`);
  }
}

/** Nothing to show: back to the editor, for a member who may edit posts (decision 064). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect(editorPath(params.id));
}

const UNREADABLE_UPLOAD = "The upload could not be read. Choose the file again and upload it.";

/** The editor of the post; the id is encoded, since any text can arrive in the address. */
const editorPath = (id: string) => href("/admin/dashboard/blog/:id/edit", { id: encodeURIComponent(id) });
