import { data, href, redirect } from "react-router";
import { markNotificationsSeen } from "~/domain/console/notifications.server";
import { requireAdmin } from "~/http/guards.server";
import { localPath, refuseCrossSite } from "~/http/same-site.server";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/notifications";

/** Only paths inside the console are followed back, so this cannot redirect elsewhere. */
function consoleReturnTo(value: FormDataEntryValue | null) {
  const path = localPath(value, "/admin/dashboard");
  return /^\/admin\/dashboard(?:[/?#]|$)/.test(path) ? path : "/admin/dashboard";
}

/** Nothing to show on its own: the menu lives in the top bar. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect(href("/admin/dashboard"));
}

/** Opening the notifications menu, or "Mark all as read": a POST that works without JavaScript. */
export async function action({ request }: Route.ActionArgs) {
  refuseCrossSite(request);
  const { admin } = await requireAdmin(request);
  const form = await request.formData();
  await markNotificationsSeen(admin.id);
  // The menu's background call (JavaScript) stays on the page; the plain form comes back to it.
  if (form.get("background") === "1") return data({ ok: true });
  return redirect(consoleReturnTo(form.get("returnTo")), 303);
}

/**
 * With JavaScript the menu posts through a fetcher: a request that gets no answer leaves the
 * page as it is and the menu says so, instead of the console's error page (decision 050).
 */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, () => ({
    ok: false,
    message: "Failed to mark the notifications as read. Please check your connection.",
  }));
}
