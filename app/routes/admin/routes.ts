import { index, prefix, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { ADMIN_PAGE, type RoutePolicy, withOwnPolicy, withPolicy } from "../../http/route-policy";

/** Signing in: anyone may call them; like the whole console they read at the primary. */
const SIGN_IN: RoutePolicy = { ...ADMIN_PAGE, caller: "visitor" };
/** The blog editor's pages carry whole articles; its image upload carries an image. */
const EDITOR: RoutePolicy = { ...ADMIN_PAGE, body: "editor" };

export const adminRoutes: RouteConfigEntry[] = [
  ...withPolicy(
    SIGN_IN,
    prefix("admin", [
      index("routes/admin/login.tsx", { id: "admin-index" }),
      route("login", "routes/admin/login.tsx", { id: "admin-login" }),
      // Password reset (issue 17, decision 020)
      route("forgot-password", "routes/admin/forgot-password.tsx"),
      route("reset-password", "routes/admin/reset-password.tsx"),
      // Two-factor code step of sign-in (issue 14)
      route("2fa", "routes/admin/two-factor.tsx"),
      // Accepting a team invitation from its email (issue 25, decision 065)
      route("invitation", "routes/admin/invitation.tsx"),
    ]),
  ),
  ...withPolicy(
    ADMIN_PAGE,
    prefix("admin", [
      route("logout", "routes/admin/logout.ts"),
      route("pending", "routes/admin/pending.tsx"),
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
        ...withPolicy(EDITOR, [
          route("blog/new", "routes/admin/dashboard/blog/editor.tsx", { id: "admin-blog-new" }),
          route("blog/:id/edit", "routes/admin/dashboard/blog/editor.tsx", { id: "admin-blog-edit" }),
          route("blog/:id/preview", "routes/admin/dashboard/blog/preview.tsx"),
          route("blog/:id/delete", "routes/admin/dashboard/blog/delete.tsx"),
          withOwnPolicy(
            { ...ADMIN_PAGE, body: "upload" },
            route("blog/:id/images", "routes/admin/dashboard/blog/images.ts"),
          ),
          route("blog/:id/revisions/:revision", "routes/admin/dashboard/blog/revision.tsx"),
          route("blog/:id/autosave", "routes/admin/dashboard/blog/autosave.ts"),
        ]),
        // Users (issue 3)
        route("users", "routes/admin/dashboard/users.tsx", [
          route(":id", "routes/admin/dashboard/users/details.tsx"),
          route(":id/:decision", "routes/admin/dashboard/users/confirm.tsx"),
        ]),
        // Console: settings, search (issue 5)
        route("settings", "routes/admin/dashboard/settings.tsx", [
          index("routes/admin/dashboard/settings/account.tsx"),
          // Where an admin sets up two-factor sign-in, reachable before it with REQUIRE_2FA (decision 041).
          withOwnPolicy(
            { ...ADMIN_PAGE, beforeTwoFactor: true },
            route("security", "routes/admin/dashboard/settings/security.tsx"),
          ),
          route("security/recovery-codes.txt", "routes/admin/dashboard/settings/security-codes-txt.ts"),
          route("team", "routes/admin/dashboard/settings/team.tsx"),
          route("invitations", "routes/admin/dashboard/settings/invitations.tsx"),
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
  ),
];
