import { BadgeCheck, CircleAlert, Clock, X } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { href, Link, useNavigate } from "react-router";
import type { Tone } from "~/components/status-message";
import { consoleStatus } from "~/domain/subscriptions/rules";
import { type SubscriptionView, USER_ADMIN_MESSAGES } from "~/domain/subscriptions/schemas";
import { useHydrated } from "~/lib/use-hydrated";
import { formatZoned } from "~/lib/zoned-format";

/* Formatting: always in the business timezone, so server and browser render the same text. */
export function formatDate(iso: string | null, timeZone: string) {
  return iso ? formatZoned(Date.parse(iso), timeZone, "MMM d, yyyy") : "—";
}

export function formatDateTime(iso: string | null, timeZone: string) {
  return iso ? formatZoned(Date.parse(iso), timeZone, "MMM d, yyyy, h:mm a") : "—";
}

const rupees = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 });
/** Spec §9: cards show the stored amount as is, with the rupee sign. */
export const cardPrice = (amount: number) => `₹${rupees.format(amount)}`;
/** Spec §9: the details view divides the stored amount (paise) by 100. */
export const detailsPrice = (amount: number) => `₹${rupees.format(amount / 100)}`;

export const fullName = (s: Pick<SubscriptionView, "firstName" | "lastName">) => `${s.firstName} ${s.lastName}`.trim();
export const capitalize = (value: string) => (value ? value[0]?.toUpperCase() + value.slice(1) : value);
export const statusLabel = (value: string) => capitalize(value.replaceAll("_", " "));

/** The list's own query (page, filters, search), kept across dialogs and actions. */
export function listSearch(search: string | URLSearchParams) {
  const source = typeof search === "string" ? new URLSearchParams(search) : search;
  const kept = new URLSearchParams();
  for (const key of ["q", "status", "plan", "page"]) {
    const value = source.get(key);
    if (value) kept.set(key, value.slice(0, 100));
  }
  const text = kept.toString();
  return text ? `?${text}` : "";
}

export const USERS_PATH = href("/admin/dashboard/users");

/* Outcome notices, carried in the list URL after an action (`?notice=…`), spec §8 wording. */
export type Notice = { tone: Tone; text: string };
export function noticeFor(code: string | null, account: string | null): Notice | null {
  switch (code) {
    case "approved":
      return { tone: "success", text: USER_ADMIN_MESSAGES.approved };
    case "rejected":
      return { tone: "success", text: USER_ADMIN_MESSAGES.rejected };
    case "welcome-sent":
      return { tone: "success", text: USER_ADMIN_MESSAGES.welcomeSent };
    case "code-sent":
      return { tone: "success", text: USER_ADMIN_MESSAGES.codeSent };
    case "account-created":
      return { tone: "success", text: USER_ADMIN_MESSAGES.accountCreated(account ?? "") };
    case "account-exists":
      return { tone: "info", text: USER_ADMIN_MESSAGES.accountExists };
    case "account-failed":
      return { tone: "warning", text: USER_ADMIN_MESSAGES.accountFailed };
    default:
      return null;
  }
}

const BADGE = {
  brand: "bg-brand-100 text-brand-800 dark:bg-brand-900 dark:text-brand-100",
  green: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100",
  amber: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  red: "bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100",
  slate: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
  sky: "bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100",
  violet: "bg-violet-100 text-violet-800 dark:bg-violet-900 dark:text-violet-100",
} as const;

export function Badge({
  color,
  children,
  testId,
}: {
  color: keyof typeof BADGE;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[color]}`}
    >
      {children}
    </span>
  );
}

const PLAN_COLORS = {
  trial: "brand",
  free: "slate",
  basic: "sky",
  standard: "sky",
  premium: "violet",
  enterprise: "amber",
} as const;
const STATUS_COLORS = {
  active: "green",
  expired: "red",
  pending: "amber",
  unverified: "amber",
  cancelled: "slate",
  rejected: "red",
} as const;

export function UserBadges({ user }: { user: SubscriptionView }) {
  const verified = user.emailVerified || user.metadata.emailVerified;
  return (
    <div className="flex flex-wrap gap-1.5">
      <Badge color={PLAN_COLORS[user.plan]} testId="plan-badge">
        {capitalize(user.plan)}
      </Badge>
      <Badge color={STATUS_COLORS[consoleStatus(user)]} testId="status-badge">
        {capitalize(consoleStatus(user))}
      </Badge>
      {verified ? (
        <Badge color="green" testId="verified-badge">
          <BadgeCheck aria-hidden className="size-3.5" /> Verified
        </Badge>
      ) : (
        <Badge color="slate" testId="verified-badge">
          Not verified
        </Badge>
      )}
      {user.trialExpired ? (
        <Badge color="red" testId="trial-badge">
          <CircleAlert aria-hidden className="size-3.5" /> Trial Expired
        </Badge>
      ) : user.trialExpiring ? (
        <Badge color="amber" testId="trial-badge">
          <Clock aria-hidden className="size-3.5" /> Trial Expiring
        </Badge>
      ) : null}
    </div>
  );
}

/**
 * A dialog that is a route: without JavaScript it is an open `<dialog>` over the list with a
 * link back; with JavaScript it becomes modal (focus kept inside, Escape closes).
 */
export function RouteDialog({
  title,
  closeTo,
  children,
  wide = false,
  testId,
}: {
  title: string;
  closeTo: string;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  useEffect(() => {
    const dialog = ref.current;
    if (!hydrated || !dialog) return;
    if (dialog.open && !dialog.matches(":modal")) dialog.close();
    if (!dialog.open) dialog.showModal();
  }, [hydrated]);
  return (
    <>
      <div aria-hidden className="fixed inset-0 z-40 bg-slate-950/50" />
      <dialog
        ref={ref}
        open={hydrated ? undefined : true}
        aria-labelledby="route-dialog-title"
        data-testid={testId}
        onCancel={(event) => {
          event.preventDefault();
          navigate(closeTo, { preventScrollReset: true });
        }}
        className={`fixed inset-x-0 top-4 z-50 mx-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/50 sm:top-10 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ${
          wide ? "max-w-3xl" : "max-w-lg"
        }`}
      >
        <div className="sticky top-0 z-10 flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-5 py-4 dark:border-slate-800 dark:bg-slate-900">
          <h2 id="route-dialog-title" className="min-w-0 text-lg font-semibold">
            {title}
          </h2>
          <Link
            to={closeTo}
            preventScrollReset
            aria-label="Close"
            className="inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <X aria-hidden className="size-5" />
          </Link>
        </div>
        <div className="px-5 py-4">{children}</div>
      </dialog>
    </>
  );
}
