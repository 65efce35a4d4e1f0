import { type RouteConfigEntry, route } from "@react-router/dev/routes";
import { BLOG_FEED, PUBLIC_RESOURCE, VISITOR_PAGE, withOwnPolicy, withPolicy } from "../../http/route-policy";

export const resourceRoutes: RouteConfigEntry[] = [
  ...withPolicy(PUBLIC_RESOURCE, [
    route("resources/theme", "routes/resources/theme.ts"),
    route("robots.txt", "routes/resources/robots.ts"),
    // Images carry their own year-long immutable caching (decision 028).
    route("media/:key", "routes/media/image.ts"),
  ]),
  // The sitemap lists posts: kept at the edge under the blog's content version.
  ...withPolicy(BLOG_FEED, [
    route("sitemap.xml", "routes/resources/sitemap.ts"),
    route("sitemap/pages.xml", "routes/resources/sitemap-pages.ts"),
    route("sitemap/posts/:file", "routes/resources/sitemap-posts.ts"),
  ]),
  // A host's private calendar feed (decision 086): an answer of the token's own, never cached at the edge.
  withOwnPolicy(VISITOR_PAGE, route("calendar/feeds/:file", "routes/calendar/feed.ts")),
];
