import { MailPlus, RotateCw, X } from "lucide-react";
import { data, Form, href, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { ChangeNotices } from "~/components/console/change-notices";
import { ConfirmDisclosure } from "~/components/console/confirm-disclosure";
import { formatDateTime, useConsoleTimezone } from "~/components/console/format";
import { PendingList } from "~/components/console/pending-list";
import { RowAction } from "~/components/console/row-action";
import { EmailInput } from "~/components/email-input";
import { Field } from "~/components/field";
import { Pagination } from "~/components/pagination";
import { consoleMeta } from "~/components/site/noindex-meta";
import { SubmitButton } from "~/components/submit-button";
import { actorOf } from "~/domain/accounts/actor";
import { INVITATION_MESSAGES, InviteSchema } from "~/domain/accounts/invitation-schemas";
import {
  inviteMember,
  pendingInvitationsPage,
  resendInvitation,
  revokeInvitation,
  type TeamManager,
} from "~/domain/accounts/invitations.server";
import { mayManageTeam, ROLE_LABELS } from "~/domain/accounts/permissions";
import type { ActiveSession } from "~/domain/accounts/sessions.server";
import { formIssues } from "~/http/form-issues";
import { requireAdmin } from "~/http/guards.server";
import { isAppError } from "~/lib/errors";
import { pageCount, pageParam } from "~/lib/pagination";
import { submitKeepingInput } from "~/lib/submit-failure";
import { TEAM_ROLES, type TeamRole } from "~/lib/team-roles";
import type { Route } from "./+types/invitations";
import { SettingsCard } from "./settings-ui";

const PAGE = href("/admin/dashboard/settings/invitations");

const ChangeSchema = z.object({
  intent: z.enum(["resend", "revoke"], { error: "Choose Resend or Revoke." }),
  id: z.string().min(1, INVITATION_MESSAGES.notFound).max(100, INVITATION_MESSAGES.notFound),
});

type ActionData = {
  intent: "invite" | "resend" | "revoke";
  error?: string;
  fields?: Partial<Record<"email" | "role", string>>;
  values?: { email: string; role: string };
  id?: string;
};

const managerOf = (session: ActiveSession): TeamManager => ({ ...actorOf(session), role: session.admin.role });

/** The roles a member may hand out: an Owner any, an Admin any but Owner. */
const grantable = (role: TeamRole | null): TeamRole[] =>
  mayManageTeam(role) ? TEAM_ROLES.filter((r) => r !== "owner" || role === "owner") : [];

const NOTICES = {
  invited: (email: string) => `Invitation sent to ${email}. The link is valid for 7 days.`,
  resent: (email: string) => `A fresh invitation was sent to ${email}; the previous link no longer works.`,
  revoked: (email: string) => `The invitation to ${email} was withdrawn; its link no longer works.`,
} as const;

/** Pending invitations per page of Settings → Invitations. */
export const INVITATIONS_PAGE_SIZE = 20;

export async function loader({ request }: Route.LoaderArgs) {
  // The route's permission (read:team:any) lets only Owners and Admins this far (decision 064).
  const session = await requireAdmin(request);
  const url = new URL(request.url);
  const kind = (["invited", "resent", "revoked"] as const).find((key) => url.searchParams.has(key));
  const notice = kind ? NOTICES[kind](url.searchParams.get(kind) ?? "") : null;
  let page = pageParam(url.searchParams.get("page")) ?? 1;
  let result = await pendingInvitationsPage({ page, limit: INVITATIONS_PAGE_SIZE });
  // Past the last page (say, after revoking its only invitation): show the last page instead.
  const pages = pageCount(result.total, INVITATIONS_PAGE_SIZE);
  if (page > pages) {
    page = pages;
    result = await pendingInvitationsPage({ page, limit: INVITATIONS_PAGE_SIZE });
  }
  return {
    notice,
    page,
    pages,
    total: result.total,
    roles: grantable(session.admin.role).map((role) => ({ value: role, label: ROLE_LABELS[role] })),
    pending: result.invitations.map((row) => ({ ...row, roleLabel: ROLE_LABELS[row.role] })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const manager = managerOf(await requireAdmin(request));
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "invite") {
    const values = { email: String(form.get("email") ?? ""), role: String(form.get("role") ?? "") };
    const parsed = InviteSchema.safeParse(values);
    if (!parsed.success) {
      const { fields } = formIssues(parsed.error, ["email", "role"]);
      return data<ActionData>({ intent, fields, values }, { status: 400 });
    }
    try {
      const invitation = await inviteMember(manager, parsed.data);
      return redirect(`${PAGE}?invited=${encodeURIComponent(invitation.email)}`, 303);
    } catch (error) {
      if (!isAppError(error)) throw error;
      return data<ActionData>({ intent, error: error.message, values }, { status: error.status });
    }
  }
  const parsed = ChangeSchema.safeParse({ intent, id: form.get("id") ?? "" });
  if (!parsed.success) {
    return data<ActionData>(
      { intent: "resend", error: parsed.error.issues[0]?.message ?? "Invalid request." },
      { status: 400 },
    );
  }
  const { id } = parsed.data;
  try {
    const done =
      parsed.data.intent === "resend" ? await resendInvitation(manager, id) : await revokeInvitation(manager, id);
    const key = parsed.data.intent === "resend" ? "resent" : "revoked";
    return redirect(`${PAGE}?${key}=${encodeURIComponent(done.email)}`, 303);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<ActionData>({ intent: parsed.data.intent, error: error.message, id }, { status: error.status });
  }
}

/** With JavaScript, a request that gets no answer says so and keeps what was typed (decision 050). */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, (form): ActionData => {
    const intent = form.get("intent");
    if (intent === "resend" || intent === "revoke") {
      return {
        intent,
        id: String(form.get("id") ?? ""),
        error: `Failed to ${intent} the invitation. Please check your connection and try again.`,
      };
    }
    return {
      intent: "invite",
      error: "Failed to send the invitation. Please check your connection and try again.",
      values: { email: String(form.get("email") ?? ""), role: String(form.get("role") ?? "") },
    };
  });
}

export default function Invitations({ loaderData, actionData }: Route.ComponentProps) {
  const timezone = useConsoleTimezone();
  const navigation = useNavigation();
  const { notice, roles, pending, page, pages } = loaderData;
  const submitting = navigation.state === "submitting" ? navigation.formData : undefined;
  const inviting = submitting?.get("intent") === "invite";
  const busyId = submitting?.get("id");
  const inviteFailed = actionData?.intent === "invite" ? actionData : undefined;
  const rowError = actionData && actionData.intent !== "invite" && !actionData.id ? actionData.error : undefined;

  return (
    <div className="space-y-6">
      <ChangeNotices notice={notice} error={rowError} />

      <SettingsCard
        id="invite"
        title="Invite a team member"
        icon={MailPlus}
        description="We email a link valid for 7 days. The person chooses their name and password and joins with the role you pick, without waiting for approval."
      >
        {/* A new key after each sent invitation: the form starts empty again (a failed send keeps its input). */}
        <Form
          key={notice ?? "invite"}
          method="post"
          className="grid gap-4 px-5 py-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
        >
          {/* Someone else's address: no autofill of the admin's own. */}
          <Field id="invite-email" label="Email" error={inviteFailed?.fields?.email}>
            <EmailInput autoComplete="off" defaultValue={inviteFailed?.values?.email} />
          </Field>
          <Field id="invite-role" label="Role" error={inviteFailed?.fields?.role}>
            <select name="role" required defaultValue={inviteFailed?.values?.role ?? "sales"} className="input">
              {roles.map((role) => (
                <option key={role.value} value={role.value}>
                  {role.label}
                </option>
              ))}
            </select>
          </Field>
          <SubmitButton
            intent="invite"
            className="btn-primary sm:mt-6"
            busy={inviting}
            whileBusy="Sending..."
            icon={MailPlus}
          >
            Send invitation
          </SubmitButton>
          {inviteFailed?.error ? (
            <p role="alert" className="text-sm text-red-700 sm:col-span-3 dark:text-red-300" data-testid="invite-error">
              {inviteFailed.error}
            </p>
          ) : null}
        </Form>
      </SettingsCard>

      <PendingList
        headingId="pending-invitations-heading"
        heading="Pending invitations"
        intro="Resending sends a fresh link (the previous one stops working); revoking makes the link dead."
        empty="No invitations are pending."
        items={pending}
        listTestId="pending-invitations"
        itemTestId="pending-invitation"
      >
        {(invitation) => (
          <>
            <div className="min-w-0 flex-1 basis-60">
              <p className="font-medium break-all">{invitation.email}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {invitation.roleLabel}
                {invitation.invitedBy ? (
                  <>
                    {" · invited by "}
                    <span className="break-all">{invitation.invitedBy}</span>
                  </>
                ) : null}
              </p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                Sent {formatDateTime(invitation.sentAt, timezone)} ·{" "}
                {invitation.expired ? (
                  <span className="font-semibold text-amber-800 dark:text-amber-300">
                    Expired {formatDateTime(invitation.expiresAt, timezone)}
                  </span>
                ) : (
                  <>Expires {formatDateTime(invitation.expiresAt, timezone)}</>
                )}
              </p>
              {actionData && actionData.intent !== "invite" && actionData.id === invitation.id ? (
                <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
                  {actionData.error}
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap items-start gap-2">
              <RowAction
                field={{ name: "id", value: invitation.id }}
                intent="resend"
                label={`Resend the invitation to ${invitation.email}`}
                disabled={busyId === invitation.id}
              >
                <RotateCw aria-hidden className="size-4" /> Resend
              </RowAction>
              <ConfirmDisclosure
                summary={
                  <>
                    <X aria-hidden className="size-4" /> Revoke
                  </>
                }
                summaryLabel={`Revoke the invitation to ${invitation.email}…`}
                field={{ name: "id", value: invitation.id }}
                question="The link stops working at once."
                intent="revoke"
                confirm="Confirm revoke"
                disabled={busyId === invitation.id}
              />
            </div>
          </>
        )}
      </PendingList>
      <Pagination page={page} totalPages={pages} label="Invitation pages" />
    </div>
  );
}

export function meta() {
  return consoleMeta("Invitations");
}
