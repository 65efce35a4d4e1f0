/** Spec §4 "Trial expiry": past the end = expired; ending within 3 days = expiring. */
export const TRIAL_DAYS = 7;
export const EXPIRING_WINDOW_DAYS = 3;
const DAY = 24 * 60 * 60 * 1000;

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
  if (row.status === "unverified" || row.status === "pending" || row.approvalStatus === "pending_admin_approval") {
    return "awaiting-approval";
  }
  if (trialState(row, now) === "expired") return "expired";
  return "active";
}
