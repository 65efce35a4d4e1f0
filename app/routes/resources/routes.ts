import { type RouteConfigEntry, route } from "@react-router/dev/routes";

export const resourceRoutes: RouteConfigEntry[] = [
  route("resources/theme", "routes/resources/theme.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
];
