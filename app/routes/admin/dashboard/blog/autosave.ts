import { parseWithZod } from "@conform-to/zod/v4";
import type { AutosaveAnswer } from "~/components/blog/autosave";
import { actorOf } from "~/domain/accounts/actor";
import { formatPostDate } from "~/domain/blog/format";
import { autosavePost, revisionRows } from "~/domain/blog/revisions.server";
import { BlogFormSchema, formSeo } from "~/domain/blog/schemas";
import { requireAdmin } from "~/http/guards.server";
import { requireEditablePost } from "~/http/post-access.server";
import { refuseCrossSite } from "~/http/same-site.server";
import { config } from "~/lib/config.server";
import { isAppError } from "~/lib/errors";
import type { Route } from "./+types/autosave";

const answer = (body: AutosaveAnswer, status = 200) => Response.json(body, { status });

/**
 * POST /admin/dashboard/blog/:id/autosave: the editor's fields, sent by its script a few seconds
 * after typing stops (decision 030). Kept only while the post is a draft and still at the
 * `version` the editor holds; the JSON answer carries the new version, the time and the Revisions list.
 */
export async function action({ request, params }: Route.ActionArgs) {
  refuseCrossSite(request);
  const session = await requireAdmin(request);
  await requireEditablePost(request, session, params.id);
  const actor = actorOf(session);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: BlogFormSchema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? "Some fields are not valid";
    return answer({ ok: false, message: `Not autosaved: ${first}` }, 400);
  }
  const version = Number(form.get("version"));
  const { status: _status, publishAt: _publishAt, ...fields } = { ...submission.value, ...formSeo(submission.value) };
  try {
    const { post } = await autosavePost(
      actor,
      params.id,
      fields,
      Number.isFinite(version) && form.get("version") !== null ? version : undefined,
    );
    return answer({
      ok: true,
      version: post.updatedAt.getTime(),
      savedAt: formatPostDate(new Date(), "HH:mm", config().BUSINESS_TIMEZONE),
      revisions: await revisionRows(params.id, config().BUSINESS_TIMEZONE),
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return answer({ ok: false, message: error.message }, error.status);
  }
}
