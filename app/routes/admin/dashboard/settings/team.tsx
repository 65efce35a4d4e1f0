import { Check, UserCheck, UserMinus, UserPlus, UserX, X } from "lucide-react";
import { data, Form, href, redirect } from "react-router";
import { z } from "zod";
import { ChangeNotices } from "~/components/console/change-notices";
import { ConfirmDisclosure } from "~/components/console/confirm-disclosure";
import { formatDateTime, useConsoleTimezone } from "~/components/console/format";
import { PendingList } from "~/components/console/pending-list";
import { RowAction } from "~/components/console/row-action";
import { StatusBadge } from "~/components/console/status-badge";
import { consoleMeta } from "~/components/site/noindex-meta";
import { useSubmittingValue } from "~/components/submit-button";
import { decideRegistration, getAdmin, listAdmins } from "~/domain/accounts/accounts.server";
import { actorOf } from "~/domain/accounts/actor";
import { mayManageOwnership, ROLE_LABELS } from "~/domain/accounts/permissions";
import { ROLE_REQUIRED, TeamRoleSchema } from "~/domain/accounts/schemas";
import { changeRole, removeMember, setMemberStatus } from "~/domain/accounts/team.server";
import { requireAdmin } from "~/http/guards.server";
import { isAppError } from "~/lib/errors";
import { submitKeepingInput } from "~/lib/submit-failure";
import { TEAM_ROLES, type TeamRole } from "~/lib/team-roles";
import type { Route } from "./+types/team";

const AdminId = z.string().min(1).max(100);
/** The forms of the page: approve (with a role) or reject a registration, change a role, remove a member. */
const TeamFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("approve"), adminId: AdminId, role: TeamRoleSchema }),
    z.object({ intent: z.literal("reject"), adminId: AdminId }),
    z.object({ intent: z.literal("role"), adminId: AdminId, role: TeamRoleSchema }),
    z.object({ intent: z.literal("remove"), adminId: AdminId }),
    // Decision 070: disable a member (no sign-in, sessions ended) or enable them again.
    z.object({ intent: z.literal("disable"), adminId: AdminId }),
    z.object({ intent: z.literal("enable"), adminId: AdminId }),
  ],
  { error: "Choose Approve, Reject, Change role, Disable, Enable or Remove." },
);

const NOTICES = {
  approved: (who: string) => `${who} was approved and can now sign in.`,
  rejected: (who: string) => `${who} was rejected.`,
  changed: (who: string) => `${who} has a new role; their sessions were ended, so they sign in again to use it.`,
  removed: (who: string) => `${who} was removed from the team and signed out.`,
  disabled: (who: string) => `${who} was disabled and signed out; they cannot sign in until enabled.`,
  enabled: (who: string) => `${who} was enabled and can sign in again.`,
} as const;
type Outcome = keyof typeof NOTICES;

export async function loader({ request }: Route.LoaderArgs) {
  const { admin: me } = await requireAdmin(request);
  const url = new URL(request.url);
  const outcome = (Object.keys(NOTICES) as Outcome[]).find((key) => url.searchParams.has(key));
  // A removed member has no row left: the page names them from the address it was sent.
  const removedName = url.searchParams.get("name");
  const who = outcome && outcome !== "removed" ? await getAdmin(url.searchParams.get(outcome) ?? "") : undefined;
  const notice = who
    ? NOTICES[outcome as Outcome](`${who.name} (${who.email})`)
    : outcome === "removed" && removedName
      ? NOTICES.removed(removedName)
      : null;
  // Only an Owner gives or takes the Owner role (decision 064).
  const ownership = mayManageOwnership(me.role);
  const assignable: TeamRole[] = TEAM_ROLES.filter((role) => ownership || role !== "owner");
  const team = await listAdmins();
  const view = (a: (typeof team)[number]) => ({
    id: a.id,
    name: a.name,
    email: a.email,
    role: a.role,
    status: a.disabledAt ? ("disabled" as const) : a.status,
    createdAt: a.createdAt,
    approvedAt: a.approvedAt,
    isMe: a.id === me.id,
    // Whether this member's role may be changed (or the member removed) by the viewer.
    manageable: a.status === "active" && (ownership || a.role !== "owner"),
  });
  return {
    notice,
    assignable: assignable.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
    pending: team.filter((a) => a.status === "pending").map(view),
    members: team.filter((a) => a.status !== "pending").map(view),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = actorOf(await requireAdmin(request));
  const form = Object.fromEntries(await request.formData());
  const parsed = TeamFormSchema.safeParse(form);
  if (!parsed.success) {
    const roleMissing = parsed.error.issues.some((issue) => issue.path[0] === "role");
    const error = roleMissing ? ROLE_REQUIRED : (parsed.error.issues[0]?.message ?? "Invalid request.");
    return data({ error, adminId: typeof form.adminId === "string" ? form.adminId : null }, { status: 400 });
  }
  const input = parsed.data;
  const team = href("/admin/dashboard/settings/team");
  try {
    switch (input.intent) {
      case "approve":
        await decideRegistration(actor, input.adminId, "approve", { role: input.role });
        return redirect(`${team}?approved=${encodeURIComponent(input.adminId)}`, 303);
      case "reject":
        await decideRegistration(actor, input.adminId, "reject");
        return redirect(`${team}?rejected=${encodeURIComponent(input.adminId)}`, 303);
      case "role":
        await changeRole(actor, input.adminId, input.role);
        return redirect(`${team}?changed=${encodeURIComponent(input.adminId)}`, 303);
      case "disable":
      case "enable":
        await setMemberStatus(actor, input.adminId, input.intent === "disable" ? "disabled" : "active");
        return redirect(`${team}?${input.intent}d=${encodeURIComponent(input.adminId)}`, 303);
      case "remove": {
        const removed = await removeMember(actor, input.adminId);
        const name = `${removed.name} (${removed.email})`;
        return redirect(`${team}?removed=1&name=${encodeURIComponent(name)}`, 303);
      }
    }
  } catch (error) {
    if (isAppError(error)) return data({ error: error.message, adminId: input.adminId }, { status: error.status });
    throw error;
  }
}

export async function clientAction(args: Route.ClientActionArgs) {
  const WHAT: Record<string, string> = {
    approve: "approve the registration",
    reject: "reject the registration",
    role: "change the role",
    remove: "remove the member",
    disable: "disable the member",
    enable: "enable the member",
  };
  return submitKeepingInput(args, (form) => ({
    error: `Failed to ${WHAT[String(form.get("intent"))] ?? "save the change"}. Please try again.`,
    adminId: typeof form.get("adminId") === "string" ? String(form.get("adminId")) : null,
  }));
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { pending, members, notice, assignable } = loaderData;
  const timezone = useConsoleTimezone();
  const busyId = useSubmittingValue("adminId");

  return (
    <div className="space-y-6">
      <ChangeNotices notice={notice} error={actionData?.error} />

      <PendingList
        headingId="pending-heading"
        icon={<UserPlus aria-hidden className="size-5 text-brand-600 dark:text-brand-300" />}
        heading="Pending registrations"
        intro="Accounts registered on the sign-in screen can use the console only once another admin approves them. Rejecting is final."
        empty="No registrations are waiting for approval."
        items={pending}
        listTestId="pending-registrations"
        itemTestId="pending-registration"
      >
        {(person) => (
          <>
            <div className="min-w-0 flex-1 basis-60">
              <p className="font-medium">{person.name}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">{person.email}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                Registered {formatDateTime(person.createdAt, timezone)}
              </p>
            </div>
            <div className="flex flex-wrap items-start gap-2">
              <Form method="post" className="flex flex-wrap items-center gap-2">
                <input type="hidden" name="adminId" value={person.id} />
                <label htmlFor={`approve-role-${person.id}`} className="sr-only">
                  Role for {person.name}
                </label>
                <RoleSelect id={`approve-role-${person.id}`} roles={assignable} placeholder="Choose a role…" />
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
              <ConfirmDisclosure
                summary={
                  <>
                    <X aria-hidden className="size-4" /> Reject
                  </>
                }
                summaryLabel={`Reject ${person.name}…`}
                field={{ name: "adminId", value: person.id }}
                question={<>Reject {person.email}? This cannot be undone.</>}
                intent="reject"
                confirm="Confirm reject"
                disabled={busyId === person.id}
              />
            </div>
          </>
        )}
      </PendingList>

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
              {person.manageable ? (
                <div className="flex flex-wrap items-start gap-2">
                  <Form method="post" className="flex flex-wrap items-center gap-2">
                    <input type="hidden" name="adminId" value={person.id} />
                    <label htmlFor={`role-${person.id}`} className="sr-only">
                      Role of {person.name}
                    </label>
                    <RoleSelect id={`role-${person.id}`} roles={assignable} value={person.role} />
                    <button
                      type="submit"
                      name="intent"
                      value="role"
                      className="btn-secondary"
                      disabled={busyId === person.id}
                      aria-label={`Change the role of ${person.name}`}
                    >
                      Change role
                    </button>
                  </Form>
                  {person.isMe ? null : person.status === "disabled" ? (
                    <RowAction
                      field={{ name: "adminId", value: person.id }}
                      intent="enable"
                      label={`Enable ${person.name}`}
                      disabled={busyId === person.id}
                    >
                      <UserCheck aria-hidden className="size-4" /> Enable
                    </RowAction>
                  ) : (
                    <ConfirmDisclosure
                      summary={
                        <>
                          <UserX aria-hidden className="size-4" /> Disable
                        </>
                      }
                      summaryLabel={`Disable ${person.name}…`}
                      field={{ name: "adminId", value: person.id }}
                      question={
                        <>Disable {person.email}? They are signed out at once and cannot sign in until enabled.</>
                      }
                      intent="disable"
                      confirm="Confirm disable"
                      disabled={busyId === person.id}
                    />
                  )}
                  {person.isMe ? null : (
                    <ConfirmDisclosure
                      summary={
                        <>
                          <UserMinus aria-hidden className="size-4" /> Remove
                        </>
                      }
                      summaryLabel={`Remove ${person.name}…`}
                      field={{ name: "adminId", value: person.id }}
                      question={<>Remove {person.email} from the team? They are signed out at once.</>}
                      intent="remove"
                      confirm="Confirm remove"
                      disabled={busyId === person.id}
                    />
                  )}
                </div>
              ) : (
                <span className="text-sm text-slate-600 dark:text-slate-300" data-testid="member-role">
                  {person.role ? ROLE_LABELS[person.role] : "No role"}
                </span>
              )}
              <StatusBadge status={person.status} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The role choice of a team form; with no preselected role the first option asks for one. */
function RoleSelect({
  id,
  roles,
  value,
  placeholder,
}: {
  id: string;
  roles: readonly { value: TeamRole; label: string }[];
  value?: TeamRole | null;
  placeholder?: string;
}) {
  return (
    <select id={id} name="role" defaultValue={value ?? ""} className="input w-auto" required={!value}>
      {placeholder ? (
        <option value="" disabled>
          {placeholder}
        </option>
      ) : null}
      {roles.map((role) => (
        <option key={role.value} value={role.value}>
          {role.label}
        </option>
      ))}
    </select>
  );
}

export function meta() {
  return consoleMeta("Team");
}
