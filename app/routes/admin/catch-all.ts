import { href, redirect } from "react-router";
import { getSession } from "~/http/guards.server";
import { refuseCrossSite } from "~/http/same-site.server";
import type { Route } from "./+types/catch-all";

/** Any other /admin path: the dashboard when signed in, else the login screen (spec §2). */
export async function loader({ request }: Route.LoaderArgs) {
  return redirect((await getSession(request)) ? href("/admin/dashboard") : href("/admin"));
}

/** Changes nothing, but answers cross-site posts like every other resource-route action. */
export async function action(args: Route.ActionArgs) {
  refuseCrossSite(args.request);
  return loader(args);
}
