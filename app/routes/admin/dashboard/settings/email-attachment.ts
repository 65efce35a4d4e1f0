import { getEmailAttachment } from "~/domain/email/log.server";
import { requireAdmin } from "~/http/guards.server";
import { isAppError } from "~/lib/errors";
import type { Route } from "./+types/email-attachment";

/**
 * Resource route: one attachment of a logged email (the .ics invitation, for instance), for
 * signed-in admins only. Always a download, never rendered by the browser as a page.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    const { filename, contentType, bytes } = await getEmailAttachment(params.id, Number(params.index));
    return new Response(bytes, {
      headers: {
        "Content-Type": contentType,
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Content-Length": String(bytes.byteLength),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (isAppError(error)) throw new Response(error.message, { status: error.status });
    throw error;
  }
}
