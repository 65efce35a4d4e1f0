import { type RouteConfigEntry, route } from "@react-router/dev/routes";
import { VISITOR_PAGE, withOwnPolicy, withPolicy } from "../../http/route-policy";

export const demoRoutes: RouteConfigEntry[] = withPolicy(VISITOR_PAGE, [
  withOwnPolicy({ ...VISITOR_PAGE, sitemap: true }, route("demo", "routes/demo/demo.tsx")),
  route("demo/manage/:token", "routes/demo/manage.tsx"),
  route("demo/manage/:token/calendar.ics", "routes/demo/manage-calendar.ts"),
]);
