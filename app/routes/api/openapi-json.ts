import { buildOpenApi } from "~/lib/api/openapi.server";
import type { Route } from "./+types/openapi-json";
import { allEndpoints } from "./registry.server";

export function loader({ request }: Route.LoaderArgs) {
  return Response.json(buildOpenApi(allEndpoints, new URL(request.url).origin), {
    headers: { "Cache-Control": "public, max-age=300" },
  });
}
