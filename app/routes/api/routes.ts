import { type RouteConfigEntry, route } from "@react-router/dev/routes";

export const apiRoutes: RouteConfigEntry[] = [
  route("api/openapi.json", "routes/api/openapi-json.ts"),
  route("api/docs", "routes/api/docs.tsx"),
  // Every other /api path is served by the endpoint registry (app/routes/api/*.endpoints.ts).
  route("api/*", "routes/api/dispatch.ts"),
];
