import { CheckCircle2 } from "lucide-react";

/**
 * The two lines above a settings list after a change: green "done" (from the redirect's query,
 * so it shows without JavaScript) and red for a failure that names no row. `className` places
 * them (margins) in the page.
 */
export function ChangeNotices({
  notice,
  error,
  className = "",
}: {
  notice?: string | null;
  error?: string | null;
  className?: string;
}) {
  const place = className ? `${className} ` : "";
  return (
    <>
      {notice ? (
        <p
          role="status"
          className={`${place}flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm break-words text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100`}
        >
          <CheckCircle2 aria-hidden className="size-4 shrink-0" /> <span className="min-w-0">{notice}</span>
        </p>
      ) : null}
      {error ? (
        <p
          role="alert"
          className={`${place}rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200`}
        >
          {error}
        </p>
      ) : null}
    </>
  );
}
