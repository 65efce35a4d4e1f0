import { AlertTriangle } from "lucide-react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/**
 * A console section that fails shows this inside the dashboard shell (side menu and top bar
 * stay usable) instead of replacing the whole page.
 */
export function ConsoleErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && import.meta.env.DEV && error instanceof Error) console.error(error);
  return (
    <div role="alert" className="card mx-auto max-w-xl p-8 text-center">
      <AlertTriangle aria-hidden className="mx-auto size-10 text-amber-500" />
      <h1 className="mt-4 text-xl font-bold">{notFound ? "Not found" : "This section could not be loaded"}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        {notFound
          ? "What you were looking for does not exist any more."
          : "Something went wrong on our side. Try again in a moment."}
      </p>
      <Link to="/admin/dashboard" className="btn-secondary mt-6">
        Back to the overview
      </Link>
    </div>
  );
}
