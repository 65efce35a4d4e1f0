/**
 * The subscription rules, each written once on plain fields, so that services, the console's
 * cards and the API agree. Browser-safe (no drizzle): the SQL form of each rule that a query
 * needs sits in `rules.server.ts`, and `rules.server.test.ts` checks every pair against D1.
 */

import { DAY } from "~/lib/durations";
import type { ConsoleStatus, USER_STATUSES } from "./values";

/** Spec §4 "Trial expiry": past the end = expired; ending within 3 days = expiring. */
export const TRIAL_DAYS = 7;
export const EXPIRING_WINDOW_DAYS = 3;

type Status = { status: string };
type Approval = Status & { approvalStatus: string | null };
type Verified = Approval & { emailVerified: boolean };

/** Spec §4: a user awaits approval when status is unverified or pending, or approvalStatus is pending_admin_approval. */
export function isAwaitingApproval(row: Approval) {
  return row.status === "unverified" || row.status === "pending" || row.approvalStatus === "pending_admin_approval";
}

/**
 * Decision 020: only a signup whose email was proved can be approved or rejected. An
 * unverified one still awaits approval (spec §4) but the admin can only resend its code.
 * This is what the side menu's badge counts and the guard of every approval decision.
 */
export function isDecidable(row: Verified) {
  return isAwaitingApproval(row) && row.emailVerified && row.status !== "unverified" && row.status !== "rejected";
}

/** A signup still waiting for its emailed code: the only state in which a code is sent or checked. */
export function isAwaitingCode(row: Status & { emailVerified: boolean }) {
  return row.status === "unverified" && !row.emailVerified;
}

/** Spec §4: after approval the welcome email with login details can be sent, once. */
export function isWelcomeDue(row: Approval & { emailSent: boolean }) {
  return !row.emailSent && row.status === "active" && row.approvalStatus === "approved";
}

/** An admin may correct the email-verified flag only before the user is approved, rejected or cancelled. */
export function isBeforeDecision(row: Approval) {
  return row.status !== "rejected" && row.status !== "cancelled" && row.approvalStatus !== "approved";
}

export type TrialState = "expired" | "expiring" | null;

export function trialState(
  subscription: { plan: string; endDate: Date | string | null },
  now: Date = new Date(),
): TrialState {
  if (subscription.plan !== "trial" || !subscription.endDate) return null;
  const end = new Date(subscription.endDate).getTime();
  if (end <= now.getTime()) return "expired";
  if (end - now.getTime() <= EXPIRING_WINDOW_DAYS * DAY) return "expiring";
  return null;
}

/**
 * A trial past its end date whose stored status is still "active" (the console calls it
 * "Expired", decision 020). The SQL form is `endedTrial`.
 */
export function isEndedTrial(row: Status & { plan: string; endDate: Date | string | null }, now: Date = new Date()) {
  return row.status === "active" && trialState(row, now) === "expired";
}

/** Whole days left (rounded up), 0 once ended, null without an end date. */
export function daysRemaining(endDate: Date | string | null, now: Date = new Date()): number | null {
  if (!endDate) return null;
  return Math.max(0, Math.ceil((new Date(endDate).getTime() - now.getTime()) / DAY));
}

/**
 * Where an existing signup stands, for the duplicate-signup greeting on /free-trial
 * (decision 020): waiting for approval, active, an ended trial, or closed (rejected/cancelled).
 */
export type SignupState = "awaiting-approval" | "active" | "expired" | "closed";

export function signupState(
  row: { plan: string; status: string; approvalStatus: string | null; endDate: Date | string | null },
  now: Date = new Date(),
): SignupState {
  if (row.status === "rejected" || row.status === "cancelled") return "closed";
  if (isAwaitingApproval(row)) return "awaiting-approval";
  if (trialState(row, now) === "expired") return "expired";
  return "active";
}

/** The status the console shows for a user: "expired" for an ended trial, else the stored one. */
export function consoleStatus(s: { status: (typeof USER_STATUSES)[number]; trialExpired: boolean }): ConsoleStatus {
  return s.status === "active" && s.trialExpired ? "expired" : s.status;
}

/** The next step a signup's owner is told about (the public trial status, `nextStep`). */
export function nextStep(row: Approval) {
  if (row.status === "unverified") return "verify-email";
  if (row.status === "rejected") return "rejected";
  if (row.status === "cancelled") return "cancelled";
  if (row.approvalStatus === "approved" && row.status === "active") return "active";
  return "await-approval";
}
