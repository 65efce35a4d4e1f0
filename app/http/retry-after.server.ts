import { data } from "react-router";
import { type AppError, isAppError } from "~/lib/errors";

/**
 * The `Retry-After` header of a refusal that says how long to wait (limits per client address,
 * decision 014; code, reset and sign-in limits), or none: every such answer, forms and `/api`
 * alike, names the wait the same way.
 */
export function retryAfterHeaders(seconds: number | undefined): Record<string, string> | undefined {
  return seconds ? { "Retry-After": String(seconds) } : undefined;
}

/** A form action's answer to a refusal it shows: the body, the error's status and its wait. */
export function refusal<T>(body: T, error: AppError) {
  return data(body, { status: error.status, headers: retryAfterHeaders(error.extra.retryAfter) });
}

/**
 * A public email form's answer when its client limit refuses (the newsletter box, "stop marketing
 * email", privacy requests): 429 with the limit's message as the field error, and a wait of 60 s
 * when the refusal names none. Anything that is not a 429 is thrown on.
 */
export function limitRefusal<T>(error: unknown, body: (fieldError: string) => T) {
  if (!isAppError(error) || error.status !== 429) throw error;
  return data(body(error.message), { status: 429, headers: retryAfterHeaders(error.extra.retryAfter ?? 60) });
}
