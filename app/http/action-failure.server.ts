import { data } from "react-router";
import { isAppError } from "~/lib/errors";

/**
 * What a console action that threw has to say: a refusal (an `AppError`) keeps its status and
 * gives its message as the reason; anything else is a fault, logged here, and a 500 with no
 * reason to give (the page says its own words for a failure).
 */
export function actionFailure(error: unknown): { status: number; reason: string | null } {
  if (isAppError(error)) return { status: error.status, reason: error.message };
  console.error(error);
  return { status: 500, reason: null };
}

/**
 * The answer of a console list's action that threw: a refusal says why, with its status; a fault
 * answers `failed` (the words the page also shows when, with JavaScript, the request gets no
 * answer) with a 500.
 */
export function failedActionAnswer(error: unknown, failed: string) {
  const { status, reason } = actionFailure(error);
  return data({ ok: false, message: reason ?? failed }, status);
}
