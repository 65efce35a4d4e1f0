import { href, Link } from "react-router";

export function ErrorPage({ status, title, message }: { status: number; title: string; message: string }) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <p className="text-sm font-semibold tracking-wider text-brand-600 dark:text-brand-300">Error {status}</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={href("/")} className="btn-primary">
          Go to the home page
        </Link>
        <Link to={href("/blog")} className="btn-secondary">
          Read the blog
        </Link>
      </div>
    </main>
  );
}
