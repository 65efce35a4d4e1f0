import { data } from "react-router";
import { isAppError } from "~/lib/errors";

/**
 * The answer of a console list's action, above the list: green for a change made, red for a
 * refusal (role "status" or "alert", so a screen reader says it).
 */
export function ActionNotice({ result }: { result: { ok: boolean; message: string } | null | undefined }) {
  if (!result) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={`mb-4 rounded-lg px-4 py-3 text-sm ${
        result.ok
          ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
          : "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200"
      }`}
    >
      {result.message}
    </p>
  );
}

/**
 * The answer of a console list's action that threw: a refusal (an `AppError`) says why, with its
 * status; anything else is logged and answers `failed` (the words the page also shows when, with
 * JavaScript, the request gets no answer) with a 500.
 */
export function failedActionAnswer(error: unknown, failed: string) {
  if (isAppError(error)) return data({ ok: false, message: error.message }, error.status);
  console.error(error);
  return data({ ok: false, message: failed }, 500);
}
