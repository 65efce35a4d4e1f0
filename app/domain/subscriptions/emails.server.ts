import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { Subscription } from "~/db/schema";
import type { OutgoingEmail } from "~/domain/email/outbox.server";
import { BRAND } from "~/lib/brand";
import { config } from "~/lib/config.server";

/** A date as people read it, in the business timezone: "November 22, 2026". */
export function longDate(date: Date) {
  return format(new TZDate(date.getTime(), config().BUSINESS_TIMEZONE), "MMMM d, yyyy");
}

const signOff = ["", `The ${BRAND.name} team`];

type Person = Pick<Subscription, "id" | "email" | "firstName">;

export function awaitingApprovalEmail(user: Person): OutgoingEmail {
  return {
    kind: "trial.awaiting-approval",
    to: user.email,
    idempotencyKey: `trial.awaiting:${user.id}`,
    subject: `We received your ${BRAND.name} free trial request`,
    text: [
      `Hi ${user.firstName},`,
      "",
      `Thanks for verifying your email. Your 7-day free trial of ${BRAND.name} is waiting for approval by our team.`,
      "You will get an email as soon as it is approved.",
      ...signOff,
    ].join("\n"),
  };
}

export function approvedEmail(user: Person, startDate: Date, endDate: Date): OutgoingEmail {
  return {
    kind: "trial.approved",
    to: user.email,
    idempotencyKey: `trial.approved:${user.id}`,
    subject: `Your ${BRAND.name} free trial is approved`,
    text: [
      `Hi ${user.firstName},`,
      "",
      `Good news: your 7-day free trial of ${BRAND.name} is approved.`,
      `It runs from ${longDate(startDate)} to ${longDate(endDate)}.`,
      "We will send your login details in a separate email.",
      ...signOff,
    ].join("\n"),
  };
}

export function rejectedEmail(user: Person): OutgoingEmail {
  return {
    kind: "trial.rejected",
    to: user.email,
    idempotencyKey: `trial.rejected:${user.id}`,
    subject: `Your ${BRAND.name} free trial request`,
    text: [
      `Hi ${user.firstName},`,
      "",
      `Thank you for your interest in ${BRAND.name}. We are unable to approve your free trial request.`,
      `If you think this is a mistake, reply to this email or write to ${BRAND.supportEmail}.`,
      ...signOff,
    ].join("\n"),
  };
}

/**
 * The welcome email. It promises a ready account only when the provisioning webhook reported
 * the account created (decision 020); otherwise it says the trial is approved and where to sign
 * in, and that the team finishes the access.
 */
export function welcomeEmail(
  user: Person & Pick<Subscription, "endDate">,
  { accountCreated }: { accountCreated: boolean },
): OutgoingEmail {
  const loginUrl = `${config().APP_URL.replace(/\/$/, "")}/login`;
  const ends = user.endDate ? ["", `Your free trial ends on ${longDate(user.endDate)}.`] : [];
  if (!accountCreated) {
    return {
      kind: "trial.welcome",
      to: user.email,
      idempotencyKey: `trial.welcome:${user.id}`,
      subject: `Welcome to ${BRAND.name}: how to sign in`,
      text: [
        `Hi ${user.firstName},`,
        "",
        `Welcome to ${BRAND.name}! Your free trial is approved.`,
        "",
        "How to sign in:",
        `  Login page: ${loginUrl}`,
        `  Username: ${user.email}`,
        "  Password: choose one with “Forgot password?” on the login page the first time you sign in.",
        "",
        `If the login page does not know your email yet, reply to this email and our team will finish setting up your access.`,
        ...ends,
        ...signOff,
      ].join("\n"),
    };
  }
  return {
    kind: "trial.welcome",
    to: user.email,
    idempotencyKey: `trial.welcome:${user.id}`,
    subject: `Welcome to ${BRAND.name}: your login details`,
    text: [
      `Hi ${user.firstName},`,
      "",
      `Welcome to ${BRAND.name}! Your account is ready.`,
      "",
      "Your login details:",
      `  Login page: ${loginUrl}`,
      `  Username: ${user.email}`,
      "  Password: choose one with “Forgot password?” on the login page the first time you sign in.",
      ...ends,
      ...signOff,
    ].join("\n"),
  };
}

export function expiringEmail(user: Person & { endDate: Date }): OutgoingEmail {
  return {
    kind: "trial.expiring",
    to: user.email,
    idempotencyKey: `trial.expiring:${user.id}:${user.endDate.getTime()}`,
    subject: `Your ${BRAND.name} free trial ends on ${longDate(user.endDate)}`,
    text: [
      `Hi ${user.firstName},`,
      "",
      `Your ${BRAND.name} free trial ends on ${longDate(user.endDate)}.`,
      `To keep your workflows running, choose a plan or reply to this email and our team will help.`,
      ...signOff,
    ].join("\n"),
  };
}
