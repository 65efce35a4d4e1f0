import { buildOpenApi } from "~/lib/api/openapi.server";
import type { Route } from "./+types/openapi-json";
import { allEndpoints } from "./registry.server";

export function loader(_: Route.LoaderArgs) {
  return Response.json(buildOpenApi(allEndpoints), {
    headers: { "Cache-Control": "public, max-age=300" },
  });
}
