import { Check, MailCheck, RotateCw, Send, X } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { StatusMessage } from "~/components/status-message";
import { requestedPlanLabel } from "~/domain/subscriptions/options";
import { consoleStatus, isAwaitingCode, isDecidable, isWelcomeDue } from "~/domain/subscriptions/rules";
import { USER_ADMIN_MESSAGES } from "~/domain/subscriptions/schemas";
import { findSubscription, toView } from "~/domain/subscriptions/subscriptions.server";
import { requireAdmin } from "~/http/guards.server";
import { config } from "~/lib/config.server";
import type { Route } from "./+types/details";
import {
  capitalize,
  detailsPrice,
  formatDate,
  formatDateTime,
  fullName,
  listSearch,
  RouteDialog,
  statusLabel,
  USERS_PATH,
  UserBadges,
} from "./ui";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const row = params.id.length <= 200 ? await findSubscription(params.id) : undefined;
  return { user: row ? toView(row) : null, timeZone: config().BUSINESS_TIMEZONE };
}

export default function UserDetails({ loaderData }: Route.ComponentProps) {
  const { user, timeZone } = loaderData;
  const back = listSearch(useLocation().search);
  const closeTo = `${USERS_PATH}${back}`;
  if (!user) {
    return (
      <RouteDialog title="User details" closeTo={closeTo} testId="user-details">
        <StatusMessage text={USER_ADMIN_MESSAGES.notFound} tone="error" />
      </RouteDialog>
    );
  }
  const m = user.metadata;
  const organization = user.role === "organization";
  const payment = m.paymentMethod;
  return (
    <RouteDialog title={fullName(user)} closeTo={closeTo} wide testId="user-details">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <UserBadges user={user} />
        <Actions user={user} back={back} timeZone={timeZone} />
      </div>
      <div className="mt-5 grid gap-5 md:grid-cols-2">
        <Section title="Basic information">
          <Item label="Name">{fullName(user)}</Item>
          <Item label="Email">{user.email}</Item>
          <Item label="User ID">
            <span className="font-mono text-xs break-all">{user.userId}</span>
          </Item>
          <Item label="Signing up as">{capitalize(user.role)}</Item>
          <Item label="Signed up">{formatDateTime(user.createdAt, timeZone)}</Item>
        </Section>
        <Section title="Personal information">
          <Item label="First name">{user.firstName || m.personalInfo.firstName}</Item>
          <Item label="Last name">{user.lastName || m.personalInfo.lastName}</Item>
          <Item label="Phone">{user.phone || m.personalInfo.phone}</Item>
          {organization ? (
            <Item label="Job title">{user.jobTitle || m.personalInfo.jobTitle}</Item>
          ) : (
            <Item label="Occupation">{user.occupation}</Item>
          )}
        </Section>
        <Section title="Company information">
          <Item label="Company">{user.companyName || m.companyInfo.name || m.companyInfo.companyName}</Item>
          <Item label="Industry">{user.industry || m.companyInfo.industry}</Item>
          <Item label="Company size">
            {user.companySize || m.companyInfo.size ? `${user.companySize || m.companyInfo.size} employees` : ""}
          </Item>
          <Item label="Country">{user.country || m.companyInfo.country}</Item>
          <Item label="Website">
            {user.website ? (
              <a
                href={user.website}
                rel="noopener noreferrer nofollow"
                target="_blank"
                className="text-brand-700 hover:underline dark:text-brand-300"
              >
                {user.website}
              </a>
            ) : null}
          </Item>
        </Section>
        <Section title="Subscription information">
          <Item label="Plan">{capitalize(user.plan)}</Item>
          {user.requestedPlan ? (
            <Item label="Chosen on pricing page">{requestedPlanLabel(user.requestedPlan)}</Item>
          ) : null}
          <Item label="Status">{capitalize(consoleStatus(user))}</Item>
          <Item label="Approval">{user.approvalStatus ? statusLabel(user.approvalStatus) : "Not requested yet"}</Item>
          <Item label="Email verified">{user.emailVerified || m.emailVerified ? "Yes" : "No"}</Item>
          <Item label="Trial approved">{user.trialApproved ? "Yes" : "No"}</Item>
          <Item label="Start date">{formatDate(user.startDate, timeZone)}</Item>
          <Item label="End date">{formatDate(user.endDate, timeZone)}</Item>
          {user.approvalNotes ? <Item label="Notes">{user.approvalNotes}</Item> : null}
        </Section>
        <Section title="Additional information">
          <Item label="How they heard of us">{user.howDidYouHear}</Item>
          <Item label="Use case">{user.useCase}</Item>
          <Item label="Current tools">{user.currentTools}</Item>
          <Item label="Newsletter">{user.subscribeNewsletter ? "Subscribed" : "Not subscribed"}</Item>
          <Item label="Features">{user.features.join(", ")}</Item>
        </Section>
        <Section title="Payment information">
          <Item label="Amount">
            <span data-testid="details-amount">{detailsPrice(m.pricing.amount)}</span>
          </Item>
          <Item label="Currency">{m.pricing.currency}</Item>
          <Item label="Billing cycle">{capitalize(m.pricing.billingCycle ?? m.pricing.cycle)}</Item>
          <Item label="Payment method">
            {payment
              ? `${statusLabel(payment.type)}${payment.cardLast4 ? ` ending in ${payment.cardLast4}` : ""}`
              : "None on file"}
          </Item>
        </Section>
      </div>
    </RouteDialog>
  );
}

function Actions({
  user,
  back,
  timeZone,
}: {
  user: NonNullable<Route.ComponentProps["loaderData"]["user"]>;
  back: string;
  timeZone: string;
}) {
  if (isAwaitingCode(user)) {
    return (
      <Link to={`${USERS_PATH}/${user._id}/resend-code${back}`} className="btn-secondary py-1.5">
        <RotateCw aria-hidden className="size-4" /> Resend code
      </Link>
    );
  }
  if (isDecidable(user)) {
    return (
      <div className="flex gap-2">
        <Link to={`${USERS_PATH}/${user._id}/approve${back}`} className="btn-primary py-1.5">
          <Check aria-hidden className="size-4" /> Approve
        </Link>
        <Link to={`${USERS_PATH}/${user._id}/reject${back}`} className="btn-danger py-1.5">
          <X aria-hidden className="size-4" /> Reject
        </Link>
      </div>
    );
  }
  if (user.emailSent) {
    return (
      <p className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-700 dark:text-emerald-300">
        <MailCheck aria-hidden className="size-4" /> Email Sent
        <span className="font-normal text-slate-600 dark:text-slate-300">
          {formatDateTime(user.emailSentAt, timeZone)}
        </span>
      </p>
    );
  }
  if (isWelcomeDue(user)) {
    return (
      <Link to={`${USERS_PATH}/${user._id}/send-details${back}`} className="btn-secondary py-1.5">
        <Send aria-hidden className="size-4" /> Send Details
      </Link>
    );
  }
  return null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h3>
      <dl className="mt-3 space-y-2 text-sm">{children}</dl>
    </section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === "" || children === null || children === undefined;
  return (
    <div className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-2">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900 dark:text-slate-100">{empty ? "—" : children}</dd>
    </div>
  );
}
