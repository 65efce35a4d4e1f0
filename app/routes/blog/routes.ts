import { type RouteConfigEntry, route } from "@react-router/dev/routes";

export const blogRoutes: RouteConfigEntry[] = [
  route("blog", "routes/blog/index.tsx"),
  route("blog/rss.xml", "routes/blog/rss.ts"),
  route("blog/tag/:tag", "routes/blog/tag.tsx"),
  route("blog/author/:slug", "routes/blog/author.tsx"),
  route("blog/:id", "routes/blog/post.tsx"),
];
