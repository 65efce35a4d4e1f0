import { requireAdmin } from "~/lib/auth.server";
import type { Route } from "./+types/blog";

// Placeholder until issue 4 builds this section.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Section() {
  return <h1 className="text-2xl font-bold">Blog Management</h1>;
}
