import { requireAdmin } from "~/lib/auth.server";
import type { Route } from "./+types/overview";

// Placeholder until issue 5 builds the Overview.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Overview() {
  return <h1 className="text-2xl font-bold">Overview</h1>;
}
