import { redirect } from "react-router";
import { requireAdmin } from "~/lib/auth.server";
import type { Route } from "./+types/catch-all";

/** An unknown section of the dashboard goes to the Overview. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect("/admin/dashboard");
}

export const action = loader;
