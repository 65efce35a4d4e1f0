import { Link } from "react-router";
import { BRAND } from "~/lib/brand";
import { canonicalUrl, seo } from "~/lib/seo";
import type { Route } from "./+types/home";

export function loader({ request }: Route.LoaderArgs) {
  return { canonical: canonicalUrl(request.url) };
}

export default function Home() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-24 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">Automate the work between your teams</h1>
      <p className="mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
        {BRAND.name} turns approvals, quotes and handoffs into no-code workflows.
      </p>
      <div className="mt-8 flex gap-3">
        <Link to="/free-trial" className="btn-primary">
          Get Started Free
        </Link>
        <Link to="/demo" className="btn-secondary">
          Watch Demo
        </Link>
      </div>
    </main>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seo({
    title: `${BRAND.name} — no-code workflow automation for business teams`,
    description: "Design approval workflows, quotes and forms without code. Start a 7-day free trial.",
    url: loaderData?.canonical ?? "/",
  });
}
