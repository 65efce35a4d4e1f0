import { href, Link } from "react-router";

/** `console`: the page of a console request (a 403), which leads back to the console's overview. */
export function ErrorPage({
  status,
  title,
  message,
  console: inConsole = false,
}: {
  status: number;
  title: string;
  message: string;
  console?: boolean;
}) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <p className="text-sm font-semibold tracking-wider text-brand-600 dark:text-brand-300">Error {status}</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {inConsole ? (
          <Link to={href("/admin/dashboard")} className="btn-primary">
            Back to the overview
          </Link>
        ) : (
          <>
            <Link to={href("/")} className="btn-primary">
              Go to the home page
            </Link>
            <Link to={href("/blog")} className="btn-secondary">
              Read the blog
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
