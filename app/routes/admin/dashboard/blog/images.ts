import { redirect } from "react-router";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { UploadError, uploadPostImage } from "~/domain/blog/uploads.server";
import { isAppError } from "~/lib/errors";
import type { Route } from "./+types/images";

/**
 * POST /admin/dashboard/blog/:id/images: a plain multipart form (no JavaScript needed) from the
 * editor. Back to the editor with what happened in the address, which the editor shows.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request);
  const back = `/admin/dashboard/blog/${params.id}/edit`;
  try {
    const image = await uploadPostImage({ id: admin.id, email: admin.email }, params.id, await request.formData());
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

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/admin/dashboard/blog/${params.id}/edit`);
}
