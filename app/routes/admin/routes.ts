import { index, prefix, type RouteConfigEntry, route } from "@react-router/dev/routes";
import type { Need } from "../../domain/accounts/permissions";
import { ADMIN_PAGE, type RoutePolicy, withOwnPolicy, withPolicy } from "../../http/route-policy";

/** Signing in: anyone may call them; like the whole console they read at the primary. */
const SIGN_IN: RoutePolicy = { ...ADMIN_PAGE, caller: "visitor" };
/** The blog editor's pages carry whole articles; its image upload carries an image. */
const EDITOR: RoutePolicy = { ...ADMIN_PAGE, body: "editor" };

/**
 * A console route with the permission its page (`view`) and its forms (`change`) need (decision
 * 064), declared once here beside the route; `null` = any approved member.
 */
const guarded = <T extends RouteConfigEntry>(entry: T, view: Need, change?: Need, base: RoutePolicy = ADMIN_PAGE) =>
  withOwnPolicy({ ...base, permission: change === undefined ? { view } : { view, change } }, entry);

/** The overview, search and unknown dashboard paths: every member (one policy, so they answer alike). */
const DASHBOARD: RoutePolicy = { ...ADMIN_PAGE, permission: { view: "read:dashboard:any" } };

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
  // Declared outside prefix(), which copies the entries it is given (and so their declarations).
  guarded(route("admin/logout", "routes/admin/logout.ts"), null),
  guarded(route("admin/pending", "routes/admin/pending.tsx"), null),
  ...withPolicy(
    ADMIN_PAGE,
    prefix("admin", [
      route("dashboard", "routes/admin/dashboard/layout.tsx", [
        withOwnPolicy(DASHBOARD, index("routes/admin/dashboard/overview.tsx")),
        // Demo Meetings (issue 7)
        guarded(route("meetings", "routes/admin/dashboard/meetings.tsx"), "read:meeting:any", "update:meeting:any"),
        guarded(
          route("meetings/callbacks", "routes/admin/dashboard/meetings/callbacks.tsx"),
          "read:callback:any",
          "update:callback:any",
        ),
        guarded(route("meetings/calendar", "routes/admin/dashboard/meetings/calendar.tsx"), "read:calendar:own"),
        guarded(
          route("meetings/:id", "routes/admin/dashboard/meetings/details.tsx"),
          "read:meeting:any",
          "update:meeting:any",
        ),
        guarded(
          route("meetings/:id/reject", "routes/admin/dashboard/meetings/reject.tsx"),
          "read:meeting:any",
          "update:meeting:any",
        ),
        // Leads (issue 26): Sales (and Owners, Admins) change them; Marketing reads them.
        guarded(route("leads", "routes/admin/dashboard/leads.tsx"), "read:lead:any", "update:lead:any"),
        guarded(route("leads/export.csv", "routes/admin/dashboard/leads/export-csv.ts"), "export:lead:any"),
        guarded(route("leads/:id", "routes/admin/dashboard/leads/details.tsx"), "read:lead:any", "update:lead:any"),
        // People: a person's data on request (issue 29, decision 088): Owners and Admins.
        guarded(route("people", "routes/admin/dashboard/people.tsx"), "read:person:any", "delete:person:any"),
        guarded(route("people/export", "routes/admin/dashboard/people/export.ts"), "export:person:any"),

        // Insights (issue 28, decision 090): Marketing and above.
        guarded(route("insights", "routes/admin/dashboard/insights.tsx"), "read:analytics:any"),
        guarded(route("insights/export.csv", "routes/admin/dashboard/insights/export-csv.ts"), "read:analytics:any"),
        // Blog Management (issue 4)
        guarded(route("blog", "routes/admin/dashboard/blog.tsx"), "read:blog-post:own", "update:blog-post:own"),
        ...withPolicy(EDITOR, [
          guarded(
            route("blog/new", "routes/admin/dashboard/blog/editor.tsx", { id: "admin-blog-new" }),
            "create:blog-post:own",
            "create:blog-post:own",
            EDITOR,
          ),
          guarded(
            route("blog/:id/edit", "routes/admin/dashboard/blog/editor.tsx", { id: "admin-blog-edit" }),
            "read:blog-post:own",
            "update:blog-post:own",
            EDITOR,
          ),
          guarded(
            route("blog/:id/preview", "routes/admin/dashboard/blog/preview.tsx"),
            "read:blog-post:own",
            "update:blog-post:own",
            EDITOR,
          ),
          guarded(
            route("blog/:id/delete", "routes/admin/dashboard/blog/delete.tsx"),
            "delete:blog-post:any",
            "delete:blog-post:any",
            EDITOR,
          ),
          guarded(
            route("blog/:id/images", "routes/admin/dashboard/blog/images.ts"),
            "update:blog-post:own",
            undefined,
            {
              ...ADMIN_PAGE,
              body: "upload",
            },
          ),
          guarded(
            route("blog/:id/revisions/:revision", "routes/admin/dashboard/blog/revision.tsx"),
            "read:blog-post:own",
            "update:blog-post:own",
            EDITOR,
          ),
          guarded(
            route("blog/:id/autosave", "routes/admin/dashboard/blog/autosave.ts"),
            "update:blog-post:own",
            undefined,
            EDITOR,
          ),
          // An Author's post in review (decision 069): submit, send back, publish.
          guarded(
            route("blog/:id/review", "routes/admin/dashboard/blog/review.ts"),
            "read:blog-post:own",
            "submit:blog-post:own",
          ),
        ]),
        // Users (issue 3)
        guarded(
          route("users", "routes/admin/dashboard/users.tsx", [
            guarded(route(":id", "routes/admin/dashboard/users/details.tsx"), "read:trial:any", "update:trial:any"),
            guarded(
              route(":id/:decision", "routes/admin/dashboard/users/confirm.tsx"),
              "read:trial:any",
              "update:trial:any",
            ),
          ]),
          "read:trial:any",
          "update:trial:any",
        ),
        // Console: settings, search (issue 5)
        route("settings", "routes/admin/dashboard/settings.tsx", [
          guarded(index("routes/admin/dashboard/settings/account.tsx"), "read:account:own", "update:account:own"),
          // Where an admin sets up two-factor sign-in, reachable before it with REQUIRE_2FA (decision 041).
          guarded(
            route("security", "routes/admin/dashboard/settings/security.tsx"),
            "read:account:own",
            "update:account:own",
            {
              ...ADMIN_PAGE,
              beforeTwoFactor: true,
            },
          ),
          guarded(
            route("security/recovery-codes.txt", "routes/admin/dashboard/settings/security-codes-txt.ts"),
            "read:account:own",
          ),
          guarded(route("team", "routes/admin/dashboard/settings/team.tsx"), "read:team:any", "update:team:any"),
          guarded(
            route("invitations", "routes/admin/dashboard/settings/invitations.tsx"),
            "read:team:any",
            "update:team:any",
          ),
          guarded(route("activity", "routes/admin/dashboard/settings/activity.tsx"), "read:audit-log:any"),
          guarded(
            route("emails", "routes/admin/dashboard/settings/emails.tsx"),
            "read:email-log:any",
            "update:email-log:any",
          ),
          guarded(
            route("emails/:id", "routes/admin/dashboard/settings/email-message.tsx"),
            "read:email-log:any",
            "update:email-log:any",
          ),
          guarded(
            route("emails/:id/attachments/:index", "routes/admin/dashboard/settings/email-attachment.ts"),
            "read:email-log:any",
          ),
          guarded(
            route("subscribers", "routes/admin/dashboard/settings/subscribers.tsx"),
            "read:subscriber:any",
            "update:subscriber:any",
          ),
          guarded(route("export", "routes/admin/dashboard/settings/export.tsx"), "export:lead:any"),
          guarded(route("export/:kind", "routes/admin/dashboard/settings/export-csv.ts"), "export:lead:any"),
          // CRM webhooks (issue 26, decision 074): Owners and Admins.
          guarded(
            route("integrations", "routes/admin/dashboard/settings/integrations.tsx"),
            "read:integration:any",
            "update:integration:any",
          ),
          guarded(
            route("integrations/:id", "routes/admin/dashboard/settings/integration.tsx"),
            "read:integration:any",
            "update:integration:any",
          ),
          // The demo calendar's rules (issue 27, decision 078)
          guarded(
            route("scheduling", "routes/admin/dashboard/settings/scheduling.tsx"),
            "read:scheduling:any",
            "update:scheduling:any",
          ),
          guarded(
            route("scheduling/hosts/:memberId", "routes/admin/dashboard/settings/scheduling-host.tsx"),
            "read:scheduling:any",
            "update:scheduling:any",
          ),
          // Newsletter issues (issue 28, decision 092): Marketing and above.
          guarded(
            route("newsletter", "routes/admin/dashboard/settings/newsletter.tsx"),
            "read:newsletter:any",
            "create:newsletter:any",
          ),
          guarded(
            route("newsletter/:id", "routes/admin/dashboard/settings/newsletter-issue.tsx"),
            "read:newsletter:any",
            "update:newsletter:any",
          ),
          // A member's own calendars in sync (issue 27 item 5, decision 086): every member, their own.
          guarded(
            route("calendar", "routes/admin/dashboard/settings/calendar.tsx"),
            "read:account:own",
            "update:account:own",
          ),
        ]),
        withOwnPolicy(DASHBOARD, route("search", "routes/admin/dashboard/search.tsx")),
        guarded(route("notifications", "routes/admin/dashboard/notifications.ts"), null),
        withOwnPolicy(
          DASHBOARD,
          route("*", "routes/admin/dashboard/catch-all.ts", { id: "admin-dashboard-catch-all" }),
        ),
      ]),
    ]),
  ),
  guarded(route("admin/*", "routes/admin/catch-all.ts"), null),
];
