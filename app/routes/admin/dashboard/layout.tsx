import {
  CalendarDays,
  ChartColumn,
  FileText,
  Inbox,
  LayoutDashboard,
  LogOut,
  Menu,
  Search,
  Settings,
  UserSearch,
  Users,
} from "lucide-react";
import { Form, href, NavLink, Outlet, useLocation, useSearchParams } from "react-router";
import { NotificationsMenu } from "~/components/console/notifications-menu";
import { RefreshButton } from "~/components/console/refresh-button";
import { SessionWatch } from "~/components/console/session-watch";
import { LogoMark } from "~/components/site/logo";
import { consoleMeta } from "~/components/site/noindex-meta";
import { ThemeToggle } from "~/components/site/theme-toggle";
import { can } from "~/domain/accounts/permissions";
import { consoleFrame } from "~/domain/console/badges.server";
import { notificationsShownTo } from "~/domain/console/notifications.server";
import { mayOpen, requireMember } from "~/http/guards.server";
import { BRAND } from "~/lib/brand";
import { config } from "~/lib/config.server";
import type { Route } from "./+types/layout";

export const SEARCH_PATH = href("/admin/dashboard/search");

/** The console's shell: any member; the page inside checks its own permission (decision 064). */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireMember(request);
  const { admin } = session;
  // The menu shows only the sections the member's role may open, and their badges only with them.
  const sections = SECTIONS.filter((section) => mayOpen(session, section.to)).map((section) => section.to);
  const { badges: counts, notifications } = await consoleFrame(admin.id, new Date(), notificationsShownTo(admin.role));
  const badges = {
    pendingMeetings: sections.includes(href("/admin/dashboard/meetings")) ? counts.pendingMeetings : 0,
    awaitingUsers: sections.includes(href("/admin/dashboard/users")) ? counts.awaitingUsers : 0,
    // For the members who review them: Marketing or above (decision 069).
    postsInReview: can(admin.role, "publish:blog-post:any") ? counts.postsInReview : 0,
  };
  return {
    admin: { id: admin.id, name: admin.name, email: admin.email, role: admin.role },
    sections,
    badges,
    notifications: { items: notifications.items, unread: notifications.unread },
    timezone: config().BUSINESS_TIMEZONE,
  };
}

const SECTIONS = [
  { to: href("/admin/dashboard"), label: "Overview", icon: LayoutDashboard, end: true, badge: null },
  {
    to: href("/admin/dashboard/meetings"),
    label: "Demo Meetings",
    icon: CalendarDays,
    end: false,
    badge: "pendingMeetings",
  },
  { to: href("/admin/dashboard/leads"), label: "Leads", icon: Inbox, end: false, badge: null },
  { to: href("/admin/dashboard/insights"), label: "Insights", icon: ChartColumn, end: false, badge: null },
  { to: href("/admin/dashboard/blog"), label: "Blog Management", icon: FileText, end: false, badge: "postsInReview" },
  { to: href("/admin/dashboard/users"), label: "Users", icon: Users, end: false, badge: "awaitingUsers" },
  { to: href("/admin/dashboard/settings"), label: "Settings", icon: Settings, end: false, badge: null },
  { to: href("/admin/dashboard/people"), label: "People", icon: UserSearch, end: false, badge: null },
] as const;

/** `label` names the menu's landmark: the sidebar and the small-screen copy each need their own name. */
function SideMenu({
  admin,
  badges,
  sections,
  label,
}: Pick<Route.ComponentProps["loaderData"], "admin" | "badges" | "sections"> & { label: string }) {
  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center gap-2 px-4 py-5 font-bold">
        <LogoMark className="size-8" />
        <span>{BRAND.name} Admin</span>
      </div>
      <nav aria-label={label} className="flex-1 space-y-1 px-3">
        {SECTIONS.filter((section) => sections.includes(section.to)).map((section) => {
          const count = section.badge ? badges[section.badge] : 0;
          return (
            <NavLink
              key={section.to}
              to={section.to}
              end={section.end}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
                  isActive
                    ? "bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-100"
                    : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                }`
              }
            >
              <section.icon aria-hidden className="size-5" />
              <span className="flex-1">{section.label}</span>
              {count > 0 ? (
                <span
                  className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white"
                  data-testid={`badge-${section.badge}`}
                >
                  {count}
                  <span className="sr-only"> pending</span>
                </span>
              ) : null}
            </NavLink>
          );
        })}
      </nav>
      <div className="border-t border-slate-200 p-4 dark:border-slate-800">
        <p className="text-sm font-semibold" data-testid="admin-name">
          {admin.name}
        </p>
        <p className="text-xs text-slate-600 capitalize dark:text-slate-400" data-testid="admin-role">
          {admin.role}
        </p>
        <Form method="post" action={href("/admin/logout")} className="mt-3">
          <button type="submit" className="btn-secondary w-full">
            <LogOut aria-hidden className="size-4" /> Logout
          </button>
        </Form>
      </div>
    </div>
  );
}

/** A GET form, so a search is a URL (bookmarkable, works without JavaScript). */
function SearchBox() {
  const location = useLocation();
  const [params] = useSearchParams();
  const current = location.pathname === SEARCH_PATH ? (params.get("q") ?? "") : "";
  return (
    <Form
      method="get"
      action={SEARCH_PATH}
      role="search"
      aria-label="Console"
      className="flex min-w-0 flex-1 gap-2 sm:max-w-md"
    >
      <label htmlFor="console-search" className="sr-only">
        Search meetings and users
      </label>
      <div className="relative min-w-0 flex-1">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
        />
        <input
          key={current}
          id="console-search"
          type="search"
          name="q"
          defaultValue={current}
          maxLength={100}
          placeholder="Search meetings and users"
          className="input pl-9"
        />
      </div>
      {/* Enter submits too; the button is there for pointer and switch users (WCAG 3.2.2). Its
          name has neither "Search" nor "Find" in it: buttons of the lists and the email log are called that. */}
      <button type="submit" className="btn-secondary shrink-0" aria-label="Look up meetings and users">
        <Search aria-hidden className="size-4" />
      </button>
    </Form>
  );
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  // The same menu twice: beside the page on a wide screen, behind the menu button on a phone.
  const sideMenu = (label: string) => (
    <SideMenu admin={loaderData.admin} badges={loaderData.badges} sections={loaderData.sections} label={label} />
  );
  return (
    // A long unbroken name, email or link breaks where it would leave its box instead of pushing
    // the page sideways on a phone (issue 30, decision 055): text wraps anywhere it must
    // (wrap-break-word), and a grid's cells may be narrower than their longest word
    // ([&_.grid>*]:min-w-0), so a one-column grid stays as wide as the screen.
    <div className="min-h-dvh bg-slate-50 wrap-break-word lg:flex dark:bg-slate-950 [&_.grid>*]:min-w-0">
      <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block dark:border-slate-800 dark:bg-slate-900">
        <div className="sticky top-0 h-dvh">{sideMenu("Dashboard")}</div>
      </aside>
      <div className="min-w-0 flex-1">
        <header className="sticky top-0 z-30 flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-3 sm:gap-3 sm:px-4 dark:border-slate-800 dark:bg-slate-900">
          <details key={location.pathname} className="lg:hidden" data-testid="admin-menu">
            <summary
              aria-label="Open dashboard menu"
              className="inline-flex size-10 list-none items-center justify-center rounded-lg hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <Menu aria-hidden className="size-6" />
            </summary>
            <div className="fixed inset-x-0 top-16 bottom-0 z-40 overflow-y-auto border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
              {sideMenu("Dashboard menu")}
            </div>
          </details>
          <SearchBox />
          <div className="hidden flex-1 sm:block" />
          <div className="flex shrink-0 items-center">
            <RefreshButton />
            <NotificationsMenu
              key={location.pathname}
              items={loaderData.notifications.items}
              unread={loaderData.notifications.unread}
            />
            <ThemeToggle />
          </div>
        </header>
        <SessionWatch adminId={loaderData.admin.id} />
        <main className="p-4 sm:p-6 lg:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export function meta() {
  return consoleMeta("Dashboard");
}
