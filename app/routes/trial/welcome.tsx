import { PartyPopper } from "lucide-react";
import { href, Link, redirect } from "react-router";
import { noindexMeta } from "~/components/site/noindex-meta";
import { BRAND } from "~/lib/brand";
import type { Route } from "./+types/welcome";
import { currentSignup } from "./session.server";

export async function loader({ request }: Route.LoaderArgs) {
  const signup = await currentSignup(request);
  if (signup && signup.status === "unverified") throw redirect(href("/free-trial/verify"));
  return { firstName: signup?.firstName ?? null, email: signup?.email ?? null };
}

export default function Welcome({ loaderData }: Route.ComponentProps) {
  return (
    <main className="bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-20 dark:from-slate-900 dark:to-slate-950">
      <div className="card mx-auto max-w-lg p-6 text-center sm:p-8" data-testid="trial-welcome">
        <PartyPopper aria-hidden className="mx-auto size-10 text-accent-600 dark:text-accent-400" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">
          Welcome to {BRAND.name}
          {loaderData.firstName ? `, ${loaderData.firstName}` : ""}!
        </h1>
        <p className="mt-3 text-slate-700 dark:text-slate-200">
          Your email is verified and your 7-day free trial request is waiting for team approval.
        </p>
        <p className="mt-3 text-slate-600 dark:text-slate-300">
          You will receive an approval notification by email
          {loaderData.email ? (
            <>
              {" "}
              at <strong className="text-slate-900 dark:text-white">{loaderData.email}</strong>
            </>
          ) : null}{" "}
          as soon as our team has reviewed it, followed by your login details.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={href("/")} className="btn-primary">
            Back to home
          </Link>
          <Link to={href("/demo")} className="btn-secondary">
            Book a demo meanwhile
          </Link>
        </div>
      </div>
    </main>
  );
}

export function meta() {
  return noindexMeta("Welcome");
}
