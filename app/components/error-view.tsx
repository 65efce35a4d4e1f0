import { AlertTriangle, ArrowLeft } from "lucide-react";
import { isRouteErrorResponse, Link } from "react-router";

type Texts = { title: string; message: string };

/**
 * The one error view of route error boundaries: a 404 says what is missing, anything else
 * that loading failed, and a link leads back. `page` fills the public site's main area;
 * `section` is a card inside the console shell, whose menu and top bar stay usable.
 */
export function ErrorView({
  error,
  notFound,
  failed,
  back,
  variant,
}: {
  error: unknown;
  notFound: Texts;
  failed: Texts;
  back: { to: string; label: string };
  variant: "page" | "section";
}) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  // A 403 says why in its own words (the guards' message: the role does not allow it).
  const refused = isRouteErrorResponse(error) && error.status === 403;
  const { title, message } = refused
    ? { title: "Not allowed", message: typeof error.data === "string" ? error.data : failed.message }
    : missing
      ? notFound
      : failed;
  if (variant === "section") {
    return (
      <div role="alert" className="card mx-auto max-w-xl p-8 text-center">
        <AlertTriangle aria-hidden className="mx-auto size-10 text-amber-500" />
        <h1 className="mt-4 text-xl font-bold">{title}</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{message}</p>
        <Link to={back.to} className="btn-secondary mt-6">
          {back.label}
        </Link>
      </div>
    );
  }
  return (
    <main className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{message}</p>
      <Link to={back.to} className="btn-primary mt-8">
        <ArrowLeft aria-hidden className="size-4" />
        {back.label}
      </Link>
    </main>
  );
}
