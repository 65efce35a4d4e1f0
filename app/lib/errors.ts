export type FieldError = { field: string; message: string };

/**
 * What an error is, for code that has to tell errors apart (an adapter choosing what to show,
 * a service translating another's refusal). Messages are for people and may be reworded; a
 * code is for code and stays. One union per area; add a code where an error is thrown when a
 * caller needs to branch on it.
 */
export type TrialErrorCode =
  | "trial.already_subscribed" // the email already has a subscription (spec §8 greeting)
  | "trial.invalid_signup" // field errors in `details`
  | "trial.not_found" // no signup for the email
  | "trial.already_verified"; // the signup's email was already proved
export type SubscriptionErrorCode =
  | "subscription.not_found"
  | "subscription.email_taken" // an admin adds a user whose email has a subscription
  | "subscription.rejected" // a rejection is final
  | "subscription.already_approved"
  | "subscription.not_verified" // approve/reject before the email is proved (decision 020)
  | "subscription.not_awaiting"
  | "subscription.code_not_needed"
  | "subscription.welcome_already_sent"
  | "subscription.not_approved"; // the welcome email before approval
export type BlogErrorCode =
  | "blog.post_changed"
  | "blog.slug_taken" // another post has (or had) the slug: a field error on `slug` (decision 029)
  | "blog.not_draft" // autosave reached a post that is no longer a draft (decision 030)
  | "blog.not_submittable" // only an unscheduled draft goes to review (decision 069)
  | "blog.not_in_review"; // a return reached a post no longer in review (decision 069)
export type AuthErrorCode =
  | "auth.challenge_ended" // the code step expired or was used
  | "auth.too_many_codes" // the code step's wrong codes are used up: sign in again
  | "auth.passkey_challenge_ended"; // a WebAuthn challenge expired, was used, or was never issued
export type ErrorCode = TrialErrorCode | SubscriptionErrorCode | BlogErrorCode | AuthErrorCode;

type Extra = { details?: FieldError[]; retryAfter?: number; [key: string]: unknown };

/**
 * An error a caller can act on: its message is safe to show, its status is the
 * HTTP status the `/api` adapter answers with, its `code` (when set) is what callers branch on.
 * `extra` holds the fields an API answer adds next to the message; `code` is given with them
 * but kept apart.
 */
export class AppError extends Error {
  readonly code: ErrorCode | undefined;
  readonly extra: Extra;

  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429,
    message: string,
    { code, ...extra }: Extra & { code?: ErrorCode } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.extra = extra as Extra;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

/** An AppError with this code (narrowing `unknown` in a catch). */
export const hasCode = (error: unknown, code: ErrorCode): error is AppError => isAppError(error) && error.code === code;
