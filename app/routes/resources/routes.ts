import { type RouteConfigEntry, route } from "@react-router/dev/routes";

export const resourceRoutes: RouteConfigEntry[] = [
  route("resources/theme", "routes/resources/theme.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("sitemap/pages.xml", "routes/resources/sitemap-pages.ts"),
  route("sitemap/posts/:file", "routes/resources/sitemap-posts.ts"),
  route("media/:key", "routes/media/image.ts"),
];
