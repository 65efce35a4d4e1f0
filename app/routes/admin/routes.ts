import { index, prefix, type RouteConfigEntry, route } from "@react-router/dev/routes";

export const adminRoutes: RouteConfigEntry[] = [
  ...prefix("admin", [
    index("routes/admin/login.tsx", { id: "admin-index" }),
    route("login", "routes/admin/login.tsx", { id: "admin-login" }),
    route("logout", "routes/admin/logout.ts"),
    route("pending", "routes/admin/pending.tsx"),
    route("dashboard", "routes/admin/dashboard/layout.tsx", [
      index("routes/admin/dashboard/overview.tsx"),
      // Demo Meetings (issue 7)
      route("meetings", "routes/admin/dashboard/meetings.tsx"),
      route("meetings/callbacks", "routes/admin/dashboard/meetings/callbacks.tsx"),
      route("meetings/:id", "routes/admin/dashboard/meetings/details.tsx"),
      // Blog Management (issue 4)
      route("blog", "routes/admin/dashboard/blog.tsx"),
      // Users (issue 3)
      route("users", "routes/admin/dashboard/users.tsx"),
      // Console: settings, search (issue 5)
      route("settings", "routes/admin/dashboard/settings.tsx"),
      route("*", "routes/admin/dashboard/catch-all.ts", { id: "admin-dashboard-catch-all" }),
    ]),
    route("*", "routes/admin/catch-all.ts"),
  ]),
];
