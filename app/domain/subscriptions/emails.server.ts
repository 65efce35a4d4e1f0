import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { Subscription } from "~/db/schema";
import type { OutgoingEmail } from "~/domain/email/outbox.server";
import { composeEmail } from "~/emails/render.server";
import { BRAND } from "~/lib/brand";
import { appLoginUrl, config, siteUrl } from "~/lib/config.server";

/** A date as people read it, in the business timezone: "November 22, 2026". */
export function longDate(date: Date) {
  return format(new TZDate(date.getTime(), config().BUSINESS_TIMEZONE), "MMMM d, yyyy");
}

/** The pricing page as an absolute link: SITE_URL, also for the cron job that sends it (decision 040). */
const pricingUrl = () => `${siteUrl()}/pricing`;

type Person = Pick<Subscription, "id" | "email" | "firstName">;

const greeting = (user: Person) => `Hi ${user.firstName},`;

export async function awaitingApprovalEmail(user: Person): Promise<OutgoingEmail> {
  return composeEmail(
    {
      kind: "trial.awaiting-approval",
      to: user.email,
      idempotencyKey: `trial.awaiting:${user.id}`,
      subject: `We received your ${BRAND.name} free trial request`,
    },
    {
      preview: `Your 7-day free trial of ${BRAND.name} is waiting for approval`,
      heading: "We received your free trial request",
      greeting: greeting(user),
      blocks: [
        {
          p: `Thanks for verifying your email. Your 7-day free trial of ${BRAND.name} is waiting for approval by our team.`,
        },
        { p: "You will get an email as soon as it is approved." },
      ],
    },
  );
}

export async function approvedEmail(user: Person, startDate: Date, endDate: Date): Promise<OutgoingEmail> {
  return composeEmail(
    {
      kind: "trial.approved",
      to: user.email,
      idempotencyKey: `trial.approved:${user.id}`,
      subject: `Your ${BRAND.name} free trial is approved`,
    },
    {
      preview: `Your 7-day free trial runs from ${longDate(startDate)} to ${longDate(endDate)}`,
      heading: "Your free trial is approved",
      greeting: greeting(user),
      blocks: [
        { p: `Good news: your 7-day free trial of ${BRAND.name} is approved.` },
        {
          details: [
            ["Starts", longDate(startDate)],
            ["Ends", longDate(endDate)],
          ],
        },
        { p: "We will send your login details in a separate email." },
      ],
    },
  );
}

export async function rejectedEmail(user: Person): Promise<OutgoingEmail> {
  return composeEmail(
    {
      kind: "trial.rejected",
      to: user.email,
      idempotencyKey: `trial.rejected:${user.id}`,
      subject: `Your ${BRAND.name} free trial request`,
    },
    {
      preview: `About your ${BRAND.name} free trial request`,
      heading: "About your free trial request",
      greeting: greeting(user),
      blocks: [
        { p: `Thank you for your interest in ${BRAND.name}. We are unable to approve your free trial request.` },
        {
          p: [
            "If you think this is a mistake, reply to this email or write to ",
            { href: `mailto:${BRAND.supportEmail}`, label: BRAND.supportEmail },
            ".",
          ],
        },
      ],
    },
  );
}

/**
 * The welcome email. It promises a ready account only when the provisioning webhook reported
 * the account created (decision 020); otherwise it says the trial is approved and where to sign
 * in, and that the team finishes the access.
 */
export async function welcomeEmail(
  user: Person & Pick<Subscription, "endDate">,
  { accountCreated }: { accountCreated: boolean },
): Promise<OutgoingEmail> {
  const loginUrl = appLoginUrl();
  return composeEmail(
    {
      kind: "trial.welcome",
      to: user.email,
      idempotencyKey: `trial.welcome:${user.id}`,
      subject: accountCreated
        ? `Welcome to ${BRAND.name}: your login details`
        : `Welcome to ${BRAND.name}: how to sign in`,
    },
    {
      preview: accountCreated
        ? `Your ${BRAND.name} account is ready: your login details`
        : `Your ${BRAND.name} free trial is approved: how to sign in`,
      heading: `Welcome to ${BRAND.name}`,
      greeting: greeting(user),
      blocks: [
        {
          p: accountCreated
            ? `Welcome to ${BRAND.name}! Your account is ready.`
            : `Welcome to ${BRAND.name}! Your free trial is approved.`,
        },
        {
          details: [
            ["Login page", { href: loginUrl, label: loginUrl }],
            ["Username", user.email],
          ],
        },
        { button: { label: `Sign in to ${BRAND.name}`, href: loginUrl } },
        { p: "Password: choose one with “Forgot password?” on the login page the first time you sign in." },
        ...(accountCreated
          ? []
          : [
              {
                p: "If the login page does not know your email yet, reply to this email and our team will finish setting up your access.",
              },
            ]),
        ...(user.endDate ? [{ note: `Your free trial ends on ${longDate(user.endDate)}.` }] : []),
      ],
    },
  );
}

export async function expiringEmail(user: Person & { endDate: Date }): Promise<OutgoingEmail> {
  return composeEmail(
    {
      kind: "trial.expiring",
      to: user.email,
      idempotencyKey: `trial.expiring:${user.id}:${user.endDate.getTime()}`,
      subject: `Your ${BRAND.name} free trial ends on ${longDate(user.endDate)}`,
    },
    {
      preview: `Your ${BRAND.name} free trial ends on ${longDate(user.endDate)}`,
      heading: "Your free trial ends soon",
      greeting: greeting(user),
      blocks: [
        { p: `Your ${BRAND.name} free trial ends on ${longDate(user.endDate)}.` },
        { p: "To keep your workflows running, choose a plan or reply to this email and our team will help." },
        { button: { label: "Choose a plan", href: pricingUrl() } },
      ],
    },
  );
}
