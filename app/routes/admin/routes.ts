import { index, prefix, type RouteConfigEntry, route } from "@react-router/dev/routes";

export const adminRoutes: RouteConfigEntry[] = [
  ...prefix("admin", [
    index("routes/admin/login.tsx", { id: "admin-index" }),
    route("login", "routes/admin/login.tsx", { id: "admin-login" }),
    route("logout", "routes/admin/logout.ts"),
    route("pending", "routes/admin/pending.tsx"),
    // Password reset (issue 17, decision 020)
    route("forgot-password", "routes/admin/forgot-password.tsx"),
    route("reset-password", "routes/admin/reset-password.tsx"),
    // Two-factor code step of sign-in (issue 14)
    route("2fa", "routes/admin/two-factor.tsx"),
    route("dashboard", "routes/admin/dashboard/layout.tsx", [
      index("routes/admin/dashboard/overview.tsx"),
      // Demo Meetings (issue 7)
      route("meetings", "routes/admin/dashboard/meetings.tsx"),
      route("meetings/callbacks", "routes/admin/dashboard/meetings/callbacks.tsx"),
      route("meetings/calendar", "routes/admin/dashboard/meetings/calendar.tsx"),
      route("meetings/:id", "routes/admin/dashboard/meetings/details.tsx"),
      route("meetings/:id/reject", "routes/admin/dashboard/meetings/reject.tsx"),
      // Blog Management (issue 4)
      route("blog", "routes/admin/dashboard/blog.tsx"),
      route("blog/new", "routes/admin/dashboard/blog/editor.tsx", { id: "admin-blog-new" }),
      route("blog/:id/edit", "routes/admin/dashboard/blog/editor.tsx", { id: "admin-blog-edit" }),
      route("blog/:id/preview", "routes/admin/dashboard/blog/preview.tsx"),
      route("blog/:id/delete", "routes/admin/dashboard/blog/delete.tsx"),
      route("blog/:id/images", "routes/admin/dashboard/blog/images.ts"),
      route("blog/:id/revisions/:revision", "routes/admin/dashboard/blog/revision.tsx"),
      route("blog/:id/autosave", "routes/admin/dashboard/blog/autosave.ts"),
      // Users (issue 3)
      route("users", "routes/admin/dashboard/users.tsx", [
        route(":id", "routes/admin/dashboard/users/details.tsx"),
        route(":id/:decision", "routes/admin/dashboard/users/confirm.tsx"),
      ]),
      // Console: settings, search (issue 5)
      route("settings", "routes/admin/dashboard/settings.tsx", [
        index("routes/admin/dashboard/settings/account.tsx"),
        route("security", "routes/admin/dashboard/settings/security.tsx"),
        route("security/recovery-codes.txt", "routes/admin/dashboard/settings/security-codes-txt.ts"),
        route("team", "routes/admin/dashboard/settings/team.tsx"),
        route("activity", "routes/admin/dashboard/settings/activity.tsx"),
        route("emails", "routes/admin/dashboard/settings/emails.tsx"),
        route("emails/:id", "routes/admin/dashboard/settings/email-message.tsx"),
        route("emails/:id/attachments/:index", "routes/admin/dashboard/settings/email-attachment.ts"),
        route("subscribers", "routes/admin/dashboard/settings/subscribers.tsx"),
        route("export", "routes/admin/dashboard/settings/export.tsx"),
        route("export/:kind", "routes/admin/dashboard/settings/export-csv.ts"),
      ]),
      route("search", "routes/admin/dashboard/search.tsx"),
      route("notifications", "routes/admin/dashboard/notifications.ts"),
      route("*", "routes/admin/dashboard/catch-all.ts", { id: "admin-dashboard-catch-all" }),
    ]),
    route("*", "routes/admin/catch-all.ts"),
  ]),
];
