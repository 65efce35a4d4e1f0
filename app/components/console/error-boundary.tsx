import { href, isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorView } from "~/components/error-view";

/**
 * A console section that fails shows this inside the dashboard shell (side menu and top bar
 * stay usable) instead of replacing the whole page.
 */
export function ConsoleErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && import.meta.env.DEV && error instanceof Error) console.error(error);
  return (
    <ErrorView
      error={error}
      variant="section"
      notFound={{ title: "Not found", message: "What you were looking for does not exist any more." }}
      failed={{
        title: "This section could not be loaded",
        message: "Something went wrong on our side. Try again in a moment.",
      }}
      back={{ to: href("/admin/dashboard"), label: "Back to the overview" }}
    />
  );
}
