import { CalendarClock, Ellipsis, MailCheck, Search, Send } from "lucide-react";
import { Form, Link, Outlet, redirect, useLocation, useSubmit } from "react-router";
import { z } from "zod";
import { FilterSelect } from "~/components/console/filter-select";
import { Pagination } from "~/components/pagination";
import { consoleMeta } from "~/components/site/noindex-meta";
import { StatusMessage } from "~/components/status-message";
import {
  daysRemaining,
  isAwaitingApproval,
  isAwaitingCode,
  isDecidable,
  isWelcomeDue,
} from "~/domain/subscriptions/rules";
import { type SubscriptionView, USERS_PAGE_SIZE } from "~/domain/subscriptions/schemas";
import { listSubscriptions, toView } from "~/domain/subscriptions/subscriptions.server";
import { CONSOLE_STATUSES, USER_PLANS } from "~/domain/subscriptions/values";
import { requireAdmin } from "~/http/guards.server";
import { config } from "~/lib/config.server";
import { MAX_PAGE, showingRange } from "~/lib/pagination";
import type { Route } from "./+types/users";
import {
  capitalize,
  cardPrice,
  formatDate,
  formatDateTime,
  fullName,
  listSearch,
  noticeFor,
  USERS_PATH,
  UserBadges,
} from "./users/ui";

/** The page's own query: bad values fall back to "all" instead of failing the page. */
const ListParamsSchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1),
  status: z.enum(CONSOLE_STATUSES).optional().catch(undefined),
  plan: z.enum(USER_PLANS).optional().catch(undefined),
  q: z.string().trim().max(100).optional().catch(undefined),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const params = ListParamsSchema.parse(Object.fromEntries(url.searchParams));
  const query = { ...params, q: params.q || undefined, limit: USERS_PAGE_SIZE };
  const now = new Date();
  const { rows, pagination } = await listSubscriptions(query, { expiredApart: true, now });
  if (params.page > pagination.totalPages) {
    const last = new URLSearchParams(url.searchParams);
    last.set("page", String(pagination.totalPages));
    throw redirect(`${USERS_PATH}?${last}`);
  }
  return {
    users: rows.map((row) => toView(row, now)),
    pagination,
    filters: { q: params.q ?? "", status: params.status ?? "", plan: params.plan ?? "" },
    notice: noticeFor(url.searchParams.get("notice"), url.searchParams.get("account")),
    timeZone: config().BUSINESS_TIMEZONE,
    now: now.toISOString(),
  };
}

export default function Users({ loaderData }: Route.ComponentProps) {
  const { users, pagination, filters, notice, timeZone } = loaderData;
  const location = useLocation();
  const back = listSearch(location.search);
  const submit = useSubmit();
  const range = showingRange(pagination.currentPage, pagination.itemsPerPage, pagination.totalItems);
  const filtered = Boolean(filters.q || filters.status || filters.plan);

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Users</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Trial signups and subscriptions. Approve or reject users awaiting approval, then send their login details.
        </p>
      </div>

      <Form
        method="get"
        role="search"
        aria-label="Filter users"
        className="mt-6 grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto_auto]"
        onChange={(event) => {
          // With JavaScript, choosing a filter applies it at once; typing waits for Enter or Filter.
          if ((event.target as HTMLElement).tagName === "SELECT") submit(event.currentTarget, { replace: true });
        }}
      >
        <div className="relative">
          <label htmlFor="users-q" className="sr-only">
            Search users
          </label>
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          />
          <input
            id="users-q"
            name="q"
            type="search"
            defaultValue={filters.q}
            key={filters.q}
            placeholder="Search by email, name or company"
            className="input pl-9"
          />
        </div>
        <ValueFilter name="status" label="Status" all="All statuses" value={filters.status} values={CONSOLE_STATUSES} />
        <ValueFilter name="plan" label="Plan" all="All plans" value={filters.plan} values={USER_PLANS} />
        <div className="flex gap-2">
          <button type="submit" className="btn-primary flex-1">
            Filter
          </button>
          {filtered ? (
            <Link to={USERS_PATH} className="btn-secondary flex-1">
              Clear
            </Link>
          ) : null}
        </div>
      </Form>

      {notice ? (
        <div className="mt-5">
          <StatusMessage text={notice.text} tone={notice.tone} testId="users-notice" />
        </div>
      ) : null}

      {users.length === 0 ? (
        <div className="card mt-6 p-10 text-center text-slate-600 dark:text-slate-300" data-testid="users-empty">
          {filtered ? "No users match these filters." : "No users yet."}
        </div>
      ) : (
        <ul role="list" className="mt-6 grid gap-4 xl:grid-cols-2" aria-label="Users">
          {users.map((user) => (
            <UserCard key={user._id} user={user} back={back} timeZone={timeZone} now={loaderData.now} />
          ))}
        </ul>
      )}

      <div className="mt-6 flex flex-col items-center justify-between gap-3 border-t border-slate-200 pt-4 sm:flex-row dark:border-slate-800">
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="users-showing">
          Showing {range.from} to {range.to} of {range.total} users
        </p>
        <Pagination
          page={pagination.currentPage}
          totalPages={pagination.totalPages}
          href={(page) => pageHref(location.search, page)}
          label="Users pages"
        />
      </div>
      <Outlet />
    </div>
  );
}

function pageHref(search: string, page: number) {
  const params = new URLSearchParams(listSearch(search));
  params.set("page", String(page));
  return `${USERS_PATH}?${params}`;
}

function UserCard({
  user,
  back,
  timeZone,
  now,
}: {
  user: SubscriptionView;
  back: string;
  timeZone: string;
  now: string;
}) {
  const name = fullName(user);
  const company = user.companyName || user.metadata.companyInfo.name || user.metadata.companyInfo.companyName;
  const role = user.jobTitle || user.occupation;
  const awaiting = isAwaitingApproval(user);
  const pricing = user.metadata.pricing;
  const daysLeft = daysRemaining(user.endDate, new Date(now));
  return (
    <li className="card flex min-w-0 flex-col p-5" data-testid="user-card" data-email={user.email}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900 dark:text-white">{name}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">{user.email}</p>
          {company || role ? (
            <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">
              {[role, company].filter(Boolean).join(" · ")}
            </p>
          ) : null}
        </div>
        <details className="group relative shrink-0" data-testid="user-menu">
          <summary
            aria-label={`Actions for ${name}`}
            className="inline-flex size-9 list-none items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <Ellipsis aria-hidden className="size-5" />
          </summary>
          <div className="absolute right-0 z-20 mt-1 w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
            <MenuLink to={`${USERS_PATH}/${user._id}${back}`}>View Details</MenuLink>
            {isAwaitingCode(user) ? (
              <MenuLink to={`${USERS_PATH}/${user._id}/resend-code${back}`}>Resend code</MenuLink>
            ) : null}
            {isDecidable(user) ? (
              <>
                <MenuLink to={`${USERS_PATH}/${user._id}/approve${back}`}>Approve</MenuLink>
                <MenuLink to={`${USERS_PATH}/${user._id}/reject${back}`} danger>
                  Reject
                </MenuLink>
              </>
            ) : null}
          </div>
        </details>
      </div>

      <div className="mt-3">
        <UserBadges user={user} />
      </div>

      <dl className="mt-4 grid flex-1 grid-cols-2 gap-3 text-sm">
        <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60" data-testid="trial-end">
          <dt className="flex items-center gap-1 text-xs font-medium text-slate-600 dark:text-slate-300">
            <CalendarClock aria-hidden className="size-3.5" />
            {user.plan === "trial" ? "Trial ends" : "Ends"}
          </dt>
          <dd className="mt-1 font-semibold text-slate-900 dark:text-white">
            {user.endDate ? formatDate(user.endDate, timeZone) : "Not started"}
          </dd>
          {daysLeft !== null ? (
            <dd className="text-xs text-slate-600 dark:text-slate-300">
              {daysLeft > 0 ? `${daysLeft} day${daysLeft === 1 ? "" : "s"} left` : "Ended"}
            </dd>
          ) : null}
        </div>
        <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
          <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">Price</dt>
          <dd className="mt-1 font-semibold text-slate-900 dark:text-white" data-testid="price-line">
            {cardPrice(pricing.amount)}
            <span className="font-normal text-slate-600 dark:text-slate-300"> / {pricing.cycle}</span>
          </dd>
          <dd className="text-xs text-slate-600 dark:text-slate-300">Joined {formatDate(user.createdAt, timeZone)}</dd>
        </div>
      </dl>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
        {user.emailSent ? (
          <p
            className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-700 dark:text-emerald-300"
            data-testid="email-sent"
          >
            <MailCheck aria-hidden className="size-4" /> Email Sent
            <span className="font-normal text-slate-600 dark:text-slate-300">
              {user.emailSentAt ? formatDateTime(user.emailSentAt, timeZone) : ""}
            </span>
          </p>
        ) : isWelcomeDue(user) ? (
          <Link to={`${USERS_PATH}/${user._id}/send-details${back}`} className="btn-secondary py-1.5">
            <Send aria-hidden className="size-4" /> Send Details
          </Link>
        ) : (
          <span className="text-sm text-slate-600 dark:text-slate-300">
            {isAwaitingCode(user)
              ? "Awaiting email verification"
              : awaiting
                ? "Awaiting approval"
                : capitalize(user.approvalStatus?.replaceAll("_", " ") ?? user.status)}
          </span>
        )}
        <Link
          to={`${USERS_PATH}/${user._id}${back}`}
          className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          View Details<span className="sr-only"> of {name}</span>
        </Link>
      </div>
    </li>
  );
}

/** A filter of the list by one field; its values are shown capitalized. */
function ValueFilter(props: { name: string; label: string; all: string; value: string; values: readonly string[] }) {
  return (
    <div>
      <FilterSelect
        id={`users-${props.name}`}
        name={props.name}
        label={props.label}
        hideLabel
        all={props.all}
        value={props.value}
        options={props.values.map((value) => ({ value, label: capitalize(value) }))}
      />
    </div>
  );
}

function MenuLink({ to, children, danger = false }: { to: string; children: string; danger?: boolean }) {
  return (
    <Link
      to={to}
      preventScrollReset
      className={`block rounded-md px-3 py-2 text-sm ${
        danger
          ? "text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950"
          : "text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
      }`}
    >
      {children}
    </Link>
  );
}

export function meta() {
  return consoleMeta("Users");
}
