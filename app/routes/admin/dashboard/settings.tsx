import {
  CalendarClock,
  CalendarSync,
  Download,
  History,
  Mail,
  MailPlus,
  Newspaper,
  Send,
  ShieldCheck,
  UserCog,
  UsersRound,
  Webhook,
} from "lucide-react";
import { href, NavLink, Outlet } from "react-router";
import { ConsoleErrorBoundary } from "~/components/console/error-boundary";
import { consoleMeta } from "~/components/site/noindex-meta";
import { countPendingAdmins } from "~/domain/accounts/accounts.server";
import { mayOpen, requireMember } from "~/http/guards.server";
import type { Route } from "./+types/settings";

const TABS = [
  { to: href("/admin/dashboard/settings"), label: "Account", icon: UserCog, end: true },
  { to: href("/admin/dashboard/settings/security"), label: "Security", icon: ShieldCheck, end: false },
  { to: href("/admin/dashboard/settings/team"), label: "Team", icon: UsersRound, end: false },
  { to: href("/admin/dashboard/settings/invitations"), label: "Invitations", icon: MailPlus, end: false },
  { to: href("/admin/dashboard/settings/activity"), label: "Activity", icon: History, end: false },
  { to: href("/admin/dashboard/settings/emails"), label: "Email log", icon: Mail, end: false },
  { to: href("/admin/dashboard/settings/subscribers"), label: "Subscribers", icon: Newspaper, end: false },
  { to: href("/admin/dashboard/settings/export"), label: "Export", icon: Download, end: false },
  { to: href("/admin/dashboard/settings/integrations"), label: "Integrations", icon: Webhook, end: false },

  { to: href("/admin/dashboard/settings/scheduling"), label: "Scheduling", icon: CalendarClock, end: false },
  { to: href("/admin/dashboard/settings/newsletter"), label: "Newsletter", icon: Send, end: false },

  { to: href("/admin/dashboard/settings/calendar"), label: "My calendar", icon: CalendarSync, end: false },
] as const;

/** The layout of the settings tabs: any member; each tab's page checks its own permission. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireMember(request);
  // Only the tabs the member's role may open (decision 064).
  const tabs = TABS.filter((tab) => mayOpen(session, tab.to)).map((tab) => tab.to);
  const team = href("/admin/dashboard/settings/team");
  return { tabs, pendingTeam: tabs.includes(team) ? await countPendingAdmins() : 0 };
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Your account and its security, the admin team, the activity and email logs, data exports, CRM webhooks and the
          demo calendar's rules.
        </p>
      </div>
      <nav aria-label="Settings" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex min-w-max gap-1 border-b border-slate-200 sm:min-w-0 sm:flex-wrap dark:border-slate-800">
          {TABS.filter((tab) => loaderData.tabs.includes(tab.to)).map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                className={({ isActive }) =>
                  `-mb-px flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium ${
                    isActive
                      ? "border-brand-600 text-brand-800 dark:border-brand-400 dark:text-brand-100"
                      : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
                  }`
                }
              >
                <tab.icon aria-hidden className="size-4" />
                {tab.label}
                {tab.label === "Team" && loaderData.pendingTeam > 0 ? (
                  <span className="rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white dark:bg-brand-400 dark:text-slate-950">
                    {loaderData.pendingTeam}
                    <span className="sr-only"> pending</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}

export function meta() {
  return consoleMeta("Settings");
}

export function ErrorBoundary() {
  return <ConsoleErrorBoundary />;
}
