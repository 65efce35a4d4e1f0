import type { Route } from "./+types/openapi-json";
import { openApiText } from "./document.server";

export function loader(_: Route.LoaderArgs) {
  return new Response(openApiText(), {
    headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=300" },
  });
}
