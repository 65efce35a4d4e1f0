import { Check, CheckCircle2, UserPlus, X } from "lucide-react";
import { data, Form, href, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { formatDateTime, useConsoleTimezone } from "~/components/console/format";
import { StatusBadge } from "~/components/console/status-badge";
import { decideRegistration, getAdmin, listAdmins } from "~/domain/accounts/accounts.server";
import { actorOf } from "~/domain/accounts/actor";
import { requireAdmin } from "~/http/guards.server";
import { BRAND } from "~/lib/brand";
import { isAppError } from "~/lib/errors";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/team";

const DecisionSchema = z.object({
  intent: z.enum(["approve", "reject"], { error: "Choose Approve or Reject." }),
  adminId: z.string().min(1).max(100),
});

export async function loader({ request }: Route.LoaderArgs) {
  const { admin: me } = await requireAdmin(request);
  const url = new URL(request.url);
  const decided = url.searchParams.get("approved") ?? url.searchParams.get("rejected");
  const who = decided ? await getAdmin(decided) : undefined;
  const notice = who
    ? `${who.name} (${who.email}) was ${url.searchParams.has("approved") ? "approved and can now sign in" : "rejected"}.`
    : null;
  const team = await listAdmins();
  const view = (a: (typeof team)[number]) => ({
    id: a.id,
    name: a.name,
    email: a.email,
    role: a.role,
    status: a.status,
    createdAt: a.createdAt,
    approvedAt: a.approvedAt,
    isMe: a.id === me.id,
  });
  return {
    notice,
    pending: team.filter((a) => a.status === "pending").map(view),
    members: team.filter((a) => a.status !== "pending").map(view),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = actorOf(await requireAdmin(request));
  const parsed = DecisionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "Invalid request." }, { status: 400 });
  const { intent, adminId } = parsed.data;
  try {
    await decideRegistration(actor, adminId, intent);
  } catch (error) {
    if (isAppError(error)) return data({ error: error.message }, { status: error.status });
    throw error;
  }
  const key = intent === "approve" ? "approved" : "rejected";
  return redirect(`${href("/admin/dashboard/settings/team")}?${key}=${encodeURIComponent(adminId)}`, 303);
}

export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, (form) => ({
    error: `Failed to ${form.get("intent") === "reject" ? "reject" : "approve"} the registration. Please try again.`,
  }));
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { pending, members, notice } = loaderData;
  const timezone = useConsoleTimezone();
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("adminId") : null;

  return (
    <div className="space-y-6">
      {notice ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          <CheckCircle2 aria-hidden className="size-4 shrink-0" /> {notice}
        </p>
      ) : null}
      {actionData?.error ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {actionData.error}
        </p>
      ) : null}

      <section aria-labelledby="pending-heading" className="card">
        <div className="border-b border-slate-100 px-5 py-4 dark:border-slate-800">
          <h2 id="pending-heading" className="flex items-center gap-2 font-semibold">
            <UserPlus aria-hidden className="size-5 text-brand-600 dark:text-brand-300" /> Pending registrations
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Accounts registered on the sign-in screen can use the console only once another admin approves them.
            Rejecting is final.
          </p>
        </div>
        {pending.length === 0 ? (
          <p className="px-5 py-8 text-center text-sm text-slate-600 dark:text-slate-300">
            No registrations are waiting for approval.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="pending-registrations">
            {pending.map((person) => (
              <li
                key={person.id}
                className="flex flex-wrap items-center gap-x-4 gap-y-3 px-5 py-4"
                data-testid="pending-registration"
              >
                <div className="min-w-0 flex-1 basis-60">
                  <p className="font-medium">{person.name}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-300">{person.email}</p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    Registered {formatDateTime(person.createdAt, timezone)}
                  </p>
                </div>
                <div className="flex flex-wrap items-start gap-2">
                  <Form method="post">
                    <input type="hidden" name="adminId" value={person.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="approve"
                      className="btn-primary"
                      disabled={busyId === person.id}
                      aria-label={`Approve ${person.name}`}
                    >
                      <Check aria-hidden className="size-4" /> Approve
                    </button>
                  </Form>
                  <details className="group">
                    <summary className="btn-secondary list-none" aria-label={`Reject ${person.name}…`}>
                      <X aria-hidden className="size-4" /> Reject
                    </summary>
                    <Form
                      method="post"
                      className="mt-2 flex flex-wrap items-center gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm dark:border-red-900 dark:bg-red-950"
                    >
                      <input type="hidden" name="adminId" value={person.id} />
                      <span className="text-red-900 dark:text-red-100">
                        Reject {person.email}? This cannot be undone.
                      </span>
                      <button
                        type="submit"
                        name="intent"
                        value="reject"
                        className="btn-danger"
                        disabled={busyId === person.id}
                      >
                        Confirm reject
                      </button>
                    </Form>
                  </details>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="members-heading" className="card">
        <h2 id="members-heading" className="border-b border-slate-100 px-5 py-4 font-semibold dark:border-slate-800">
          Team members
        </h2>
        <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="team-members">
          {members.map((person) => (
            <li key={person.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3">
              <div className="min-w-0 flex-1 basis-60">
                <p className="font-medium">
                  {person.name}
                  {person.isMe ? (
                    <span className="text-sm font-normal text-slate-600 dark:text-slate-300"> (you)</span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-300">{person.email}</p>
              </div>
              <span className="text-xs text-slate-500 capitalize dark:text-slate-400">{person.role}</span>
              <StatusBadge status={person.status} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export function meta() {
  return [{ title: `Team | ${BRAND.name} Admin` }, { name: "robots", content: "noindex" }];
}
