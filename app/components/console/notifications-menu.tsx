import { Bell, CalendarPlus, PhoneCall, UserPlus } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { href, Link, useFetcher, useLocation } from "react-router";
import { useMenuDismissal } from "~/components/use-menu-dismissal";
import { formatDateTime, useConsoleTimezone } from "./format";

export type NotificationItem = {
  id: string;
  kind: "booking" | "callback" | "signup";
  title: string;
  detail: string;
  href: string;
  unread: boolean;
  createdAt: Date | string;
};

const ICONS = { booking: CalendarPlus, callback: PhoneCall, signup: UserPlus } as const;

export const NOTIFICATIONS_ACTION = href("/admin/dashboard/notifications");

/**
 * The bell menu: a `<details>` that opens without JavaScript. "Mark all as read" is a plain
 * POST; with JavaScript, opening the menu marks it read in the background (keeping this
 * opening's "new" markers until it closes, so the admin still sees what was new).
 */
export function NotificationsMenu({ items, unread }: { items: NotificationItem[]; unread: number }) {
  const location = useLocation();
  const timezone = useConsoleTimezone();
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const failure = fetcher.state === "idle" && fetcher.data?.ok === false ? fetcher.data.message : null;
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const [shownAsNew, setShownAsNew] = useState<Set<string> | null>(null);
  const returnTo = `${location.pathname}${location.search}`;

  // Close on a click outside or Escape (JavaScript nicety; without it the summary closes it).
  useMenuDismissal(useCallback(() => [detailsRef.current], []));

  function onToggle(event: React.ToggleEvent<HTMLDetailsElement>) {
    if (event.currentTarget.open) {
      setShownAsNew(new Set(items.filter((i) => i.unread).map((i) => i.id)));
      if (unread > 0) {
        void fetcher.submit({ returnTo, background: "1" }, { method: "post", action: NOTIFICATIONS_ACTION });
      }
    } else {
      setShownAsNew(null);
    }
  }

  const badge = fetcher.state !== "idle" ? 0 : unread;
  const isNew = (item: NotificationItem) => (shownAsNew ? shownAsNew.has(item.id) : item.unread);

  return (
    <details ref={detailsRef} className="sm:relative" data-testid="notifications" onToggle={onToggle}>
      <summary
        aria-label={badge > 0 ? `Notifications, ${badge} new` : "Notifications"}
        title="Notifications"
        className="relative inline-flex size-10 list-none items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <Bell aria-hidden className="size-5" />
        {badge > 0 ? (
          <span
            data-testid="notifications-count"
            className="absolute top-1 right-1 inline-flex min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-4.5 font-semibold text-white"
          >
            {badge > 99 ? "99+" : badge}
          </span>
        ) : null}
      </summary>
      <div className="card fixed inset-x-3 top-16 z-50 max-h-[70vh] overflow-y-auto p-2 sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96">
        <div className="flex items-center justify-between gap-2 px-2 py-1.5">
          <h2 className="text-sm font-semibold">Notifications</h2>
          {unread > 0 ? (
            <fetcher.Form method="post" action={NOTIFICATIONS_ACTION}>
              <input type="hidden" name="returnTo" value={returnTo} />
              <button
                type="submit"
                className="rounded-md px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-950"
              >
                Mark all as read
              </button>
            </fetcher.Form>
          ) : null}
        </div>
        {failure ? (
          <p role="alert" className="px-2 pb-1.5 text-xs text-red-700 dark:text-red-300">
            {failure}
          </p>
        ) : null}
        {items.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-slate-600 dark:text-slate-300">
            No bookings, callback requests or signups yet.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {items.map((item) => {
              const Icon = ICONS[item.kind];
              const fresh = isNew(item);
              return (
                <li key={item.id}>
                  <Link
                    to={item.href}
                    className="flex gap-3 rounded-lg px-2 py-2.5 hover:bg-slate-50 dark:hover:bg-slate-800"
                  >
                    <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600 dark:text-brand-300" />
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-medium">{item.title}</span>
                      {item.detail ? (
                        <span className="block text-xs text-slate-600 dark:text-slate-300">{item.detail}</span>
                      ) : null}
                      <span className="block text-xs text-slate-500 dark:text-slate-400">
                        {formatDateTime(item.createdAt, timezone)}
                      </span>
                    </span>
                    {fresh ? (
                      <span className="mt-0.5 shrink-0 self-start rounded-full bg-brand-600 px-2 py-0.5 text-[0.6875rem] leading-4 font-semibold text-white dark:bg-brand-400 dark:text-slate-950">
                        New
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </details>
  );
}
