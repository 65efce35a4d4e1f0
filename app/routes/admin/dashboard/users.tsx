import { requireAdmin } from "~/lib/auth.server";
import type { Route } from "./+types/users";

// Placeholder until issue 3 builds this section.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Section() {
  return <h1 className="text-2xl font-bold">Users</h1>;
}
