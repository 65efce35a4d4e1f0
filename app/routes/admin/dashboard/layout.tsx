import { CalendarDays, FileText, LayoutDashboard, LogOut, Menu, Settings, Users } from "lucide-react";
import { Form, NavLink, Outlet, useLocation } from "react-router";
import { LogoMark } from "~/components/site/logo";
import { ThemeToggle } from "~/components/site/theme-toggle";
import { sideMenuBadges } from "~/domain/dashboard/badges.server";
import { requireAdmin } from "~/lib/auth.server";
import { BRAND } from "~/lib/brand";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const { admin } = await requireAdmin(request);
  const badges = await sideMenuBadges();
  return { admin: { name: admin.name, email: admin.email, role: admin.role }, badges };
}

const SECTIONS = [
  { to: "/admin/dashboard", label: "Overview", icon: LayoutDashboard, end: true, badge: null },
  { to: "/admin/dashboard/meetings", label: "Demo Meetings", icon: CalendarDays, end: false, badge: "pendingMeetings" },
  { to: "/admin/dashboard/blog", label: "Blog Management", icon: FileText, end: false, badge: null },
  { to: "/admin/dashboard/users", label: "Users", icon: Users, end: false, badge: "awaitingUsers" },
  { to: "/admin/dashboard/settings", label: "Settings", icon: Settings, end: false, badge: null },
] as const;

function SideMenu({ admin, badges }: Route.ComponentProps["loaderData"]) {
  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center gap-2 px-4 py-5 font-bold">
        <LogoMark className="size-8" />
        <span>{BRAND.name} Admin</span>
      </div>
      <nav aria-label="Dashboard" className="flex-1 space-y-1 px-3">
        {SECTIONS.map((section) => {
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
        <Form method="post" action="/admin/logout" className="mt-3">
          <button type="submit" className="btn-secondary w-full">
            <LogOut aria-hidden className="size-4" /> Logout
          </button>
        </Form>
      </div>
    </div>
  );
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <div className="min-h-dvh bg-slate-50 lg:flex dark:bg-slate-950">
      <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block dark:border-slate-800 dark:bg-slate-900">
        <div className="sticky top-0 h-dvh">
          <SideMenu {...loaderData} />
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <header className="sticky top-0 z-30 flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
          <details key={location.pathname} className="lg:hidden" data-testid="admin-menu">
            <summary
              aria-label="Open dashboard menu"
              className="inline-flex size-10 list-none items-center justify-center rounded-lg hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <Menu aria-hidden className="size-6" />
            </summary>
            <div className="fixed inset-x-0 top-16 bottom-0 z-40 overflow-y-auto border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
              <SideMenu {...loaderData} />
            </div>
          </details>
          <div className="flex-1" />
          <ThemeToggle />
        </header>
        <main className="p-4 sm:p-6 lg:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export function meta() {
  return [{ title: `Dashboard | ${BRAND.name} Admin` }, { name: "robots", content: "noindex" }];
}
