import { type RouteConfigEntry, route } from "@react-router/dev/routes";

export const demoRoutes: RouteConfigEntry[] = [
  route("demo", "routes/demo/demo.tsx"),
  route("demo/manage/:token", "routes/demo/manage.tsx"),
  route("demo/manage/:token/calendar.ics", "routes/demo/manage-calendar.ts"),
];
