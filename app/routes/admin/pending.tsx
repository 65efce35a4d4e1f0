import { Clock } from "lucide-react";
import { Form, href, redirect } from "react-router";
import { noindexMeta } from "~/components/site/noindex-meta";
import { requireSignedIn } from "~/http/guards.server";
import { BRAND } from "~/lib/brand";
import type { Route } from "./+types/pending";

export async function loader({ request }: Route.LoaderArgs) {
  const { admin } = await requireSignedIn(request);
  if (admin.status === "active") throw redirect(href("/admin/dashboard"));
  return { name: admin.name, email: admin.email, rejected: admin.status === "rejected" };
}

export default function PendingApproval({ loaderData }: Route.ComponentProps) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 dark:bg-slate-950">
      <div className="card max-w-md p-8 text-center">
        <Clock aria-hidden className="mx-auto size-10 text-amber-500" />
        <h1 className="mt-4 text-2xl font-bold">
          {loaderData.rejected ? "Registration not approved" : "Waiting for approval"}
        </h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">
          {loaderData.rejected
            ? `The account ${loaderData.email} was not approved for the ${BRAND.name} console.`
            : `Thanks, ${loaderData.name}. Your account (${loaderData.email}) is waiting for approval by an administrator. You will be able to use the console once it is approved.`}
        </p>
        <Form method="post" action={href("/admin/logout")} className="mt-6">
          <button type="submit" className="btn-secondary">
            Sign out
          </button>
        </Form>
      </div>
    </main>
  );
}

export function meta() {
  return noindexMeta("Waiting for approval");
}
