import { requireAdmin } from "~/lib/auth.server";
import type { Route } from "./+types/settings";

// Placeholder until issue 5 builds this section.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Section() {
  return <h1 className="text-2xl font-bold">Settings</h1>;
}
