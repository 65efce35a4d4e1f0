import { href, redirect } from "react-router";
import { requireAdmin } from "~/http/guards.server";
import { refuseCrossSite } from "~/http/same-site.server";
import type { Route } from "./+types/catch-all";

/** An unknown section of the dashboard goes to the Overview. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect(href("/admin/dashboard"));
}

/** Changes nothing, but answers cross-site posts like every other resource-route action. */
export async function action(args: Route.ActionArgs) {
  refuseCrossSite(args.request);
  return loader(args);
}
