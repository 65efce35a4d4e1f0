import { type RouteConfigEntry, route } from "@react-router/dev/routes";
import { BLOG_FEED, BLOG_PAGE, withOwnPolicy, withPolicy } from "../../http/route-policy";

export const blogRoutes: RouteConfigEntry[] = withPolicy(BLOG_PAGE, [
  withOwnPolicy({ ...BLOG_PAGE, sitemap: true }, route("blog", "routes/blog/index.tsx")),
  withOwnPolicy(BLOG_FEED, route("blog/rss.xml", "routes/blog/rss.ts")),
  route("blog/tag/:tag", "routes/blog/tag.tsx"),
  route("blog/author/:slug", "routes/blog/author.tsx"),
  route("blog/:id", "routes/blog/post.tsx"),
]);
