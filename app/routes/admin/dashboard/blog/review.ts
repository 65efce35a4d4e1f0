import { href, redirect } from "react-router";
import { actorOf } from "~/domain/accounts/actor";
import { postCreator, updatePost } from "~/domain/blog/posts.server";
import { ReturnSchema, returnFromReview, submitForReview, withdrawFromReview } from "~/domain/blog/review.server";
import { requireAdmin, requireOwn, requirePermission } from "~/http/guards.server";
import { refuseCrossSite } from "~/http/same-site.server";
import { isAppError } from "~/lib/errors";
import type { Route } from "./+types/review";

/** What a review form asks for. */
const INTENTS = ["submit", "withdraw", "return", "publish"] as const;
type Intent = (typeof INTENTS)[number];

/**
 * POST /admin/dashboard/blog/:id/review: the editor's review forms (decision 069), plain forms that
 * work without JavaScript. `submit` sends the post to review (an Author their own post) and
 * `withdraw` takes it back out (the same permission: it undoes the submit); `return`
 * sends it back with an optional note and `publish` publishes it (both Marketing or above). Back
 * to Blog Management with a notice, or to the editor with what went wrong in the address.
 */
export async function action({ request, params }: Route.ActionArgs) {
  refuseCrossSite(request);
  const session = await requireAdmin(request);
  const form = await request.formData().catch(() => null);
  const intent = String(form?.get("intent") ?? "") as Intent;
  if (intent === "submit" || intent === "withdraw") {
    requireOwn(request, session, "submit:blog-post:any", await postCreator(params.id));
  } else if (intent === "return" || intent === "publish") {
    // Sending back and publishing are a reviewer's: Marketing or above (an Author is refused).
    requirePermission(request, session, "publish:blog-post:any");
  }
  const actor = actorOf(session);
  const back = editorPath(params.id);
  try {
    if (intent === "submit") {
      await submitForReview(actor, params.id);
      return redirect(`${href("/admin/dashboard/blog")}?notice=submitted`);
    }
    if (intent === "withdraw") {
      await withdrawFromReview(actor, params.id);
      return redirect(`${href("/admin/dashboard/blog")}?notice=withdrawn`);
    }
    if (intent === "return") {
      const parsed = ReturnSchema.safeParse({ note: String(form?.get("note") ?? "") });
      if (!parsed.success) {
        return redirect(
          `${back}?${new URLSearchParams({ reviewError: parsed.error.issues[0]?.message ?? "" })}#review`,
        );
      }
      await returnFromReview(actor, params.id, parsed.data.note);
      return redirect(`${href("/admin/dashboard/blog")}?notice=returned`);
    }
    if (intent === "publish") {
      await updatePost(actor, params.id, { status: "published" });
      return redirect(`${href("/admin/dashboard/blog")}?notice=published`);
    }
    return redirect(`${back}?${new URLSearchParams({ reviewError: UNKNOWN_INTENT })}#review`);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return redirect(`${back}?${new URLSearchParams({ reviewError: error.message })}#review`);
  }
}

/** Nothing to show: back to the post's editor. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect(editorPath(params.id));
}

const UNKNOWN_INTENT = "That review action is not known. Reload the post and try again.";

/** The editor of the post; the id is encoded, since any text can arrive in the address. */
const editorPath = (id: string) => href("/admin/dashboard/blog/:id/edit", { id: encodeURIComponent(id) });
