import { requireAdmin } from "~/lib/auth.server";
import type { Route } from "./+types/meetings";

// Placeholder until issue 7 builds this section.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Section() {
  return <h1 className="text-2xl font-bold">Demo Meetings</h1>;
}
