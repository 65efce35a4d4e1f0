import { data, Form, Link, redirect, useLocation } from "react-router";
import { Field } from "~/components/field";
import { StatusMessage } from "~/components/status-message";
import { SubmitButton, usePostPending } from "~/components/submit-button";
import { actorOf } from "~/domain/accounts/actor";
import { decideApproval, resendTrialCode, sendWelcome } from "~/domain/subscriptions/lifecycle.server";
import { DECISION_NOTES_MAX } from "~/domain/subscriptions/options";
import { isAwaitingCode, isDecidable, isWelcomeDue } from "~/domain/subscriptions/rules";
import { USER_ADMIN_MESSAGES } from "~/domain/subscriptions/schemas";
import { findSubscription, toView } from "~/domain/subscriptions/subscriptions.server";
import { codeClient } from "~/domain/verification/secret.server";
import { actionFailure } from "~/http/action-failure.server";
import { requireAdmin } from "~/http/guards.server";
import { config } from "~/lib/config.server";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/confirm";
import { formatDateTime, fullName, listSearch, RouteDialog, USERS_PATH } from "./ui";

const DECISIONS = ["approve", "reject", "send-details", "resend-code"] as const;
type Decision = (typeof DECISIONS)[number];
const isDecision = (value: string): value is Decision => (DECISIONS as readonly string[]).includes(value);

const TITLES: Record<Decision, string> = {
  approve: "Approve user",
  reject: "Reject user",
  "send-details": "Send login details",
  "resend-code": "Resend verification code",
};

const FAILED: Record<Decision, string> = {
  approve: USER_ADMIN_MESSAGES.failed("approve"),
  reject: USER_ADMIN_MESSAGES.failed("reject"),
  "send-details": USER_ADMIN_MESSAGES.welcomeFailed,
  "resend-code": USER_ADMIN_MESSAGES.codeFailed,
};

function listUrl(back: string, notice: Record<string, string>) {
  const params = new URLSearchParams(listSearch(back));
  for (const [key, value] of Object.entries(notice)) params.set(key, value);
  return `${USERS_PATH}?${params}`;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!isDecision(params.decision)) throw data("Not found", { status: 404 });
  const row = params.id.length <= 200 ? await findSubscription(params.id) : undefined;
  return {
    decision: params.decision,
    user: row ? toView(row) : null,
    timeZone: config().BUSINESS_TIMEZONE,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = actorOf(await requireAdmin(request));
  if (!isDecision(params.decision)) throw data("Not found", { status: 404 });
  const decision = params.decision;
  const form = await request.formData();
  const back = String(form.get("back") ?? "");
  const failed = FAILED[decision];
  try {
    if (decision === "resend-code") {
      await resendTrialCode(actor, params.id, codeClient(request));
      return redirect(listUrl(back, { notice: "code-sent" }));
    }
    if (decision === "send-details") {
      await sendWelcome(actor, params.id);
      return redirect(listUrl(back, { notice: "welcome-sent" }));
    }
    const notes = String(form.get("notes") ?? "")
      .trim()
      .slice(0, 1000);
    const result = await decideApproval(actor, params.id, { action: decision, notes: notes || undefined });
    const account = result.customerAccount;
    if (!account) return redirect(listUrl(back, { notice: decision === "approve" ? "approved" : "rejected" }));
    if (account.status === "created") {
      return redirect(
        listUrl(back, {
          notice: "account-created",
          account: (account.userId ?? "").replace(/[^\w.@-]/g, "").slice(0, 100),
        }),
      );
    }
    return redirect(listUrl(back, { notice: account.code === "account.exists" ? "account-exists" : "account-failed" }));
  } catch (error) {
    const { status, reason } = actionFailure(error);
    if (status === 404) return data({ error: USER_ADMIN_MESSAGES.notFound, reason: null }, { status });
    // An existing customer account is not an error here: it comes back as `account.exists`
    // (the "account-exists" notice above), so no refusal needs the spec's extra note.
    return data({ error: failed, reason }, { status });
  }
}

/** With JavaScript, a failed request says so in the dialog, which stays open with the notes as typed. */
export async function clientAction(args: Route.ClientActionArgs) {
  const decision = args.params.decision;
  const error =
    decision === "send-details"
      ? USER_ADMIN_MESSAGES.welcomeFailed
      : USER_ADMIN_MESSAGES.failed(decision === "reject" ? "reject" : "approve");
  return submitKeepingInput(args, () => ({ error, reason: null }));
}

export default function ConfirmDecision({ loaderData, actionData }: Route.ComponentProps) {
  const { decision, user, timeZone } = loaderData;
  const back = listSearch(useLocation().search);
  const closeTo = `${USERS_PATH}${back}`;
  const busy = usePostPending();

  if (!user) {
    return (
      <RouteDialog title={TITLES[decision]} closeTo={closeTo} testId="confirm-dialog">
        <StatusMessage text={actionData?.error ?? USER_ADMIN_MESSAGES.notFound} tone="error" />
      </RouteDialog>
    );
  }
  const name = fullName(user);
  const applicable =
    decision === "send-details"
      ? isWelcomeDue(user)
      : decision === "resend-code"
        ? isAwaitingCode(user)
        : isDecidable(user);
  const reason =
    decision === "send-details"
      ? user.emailSent
        ? `The welcome email was already sent to ${user.email} on ${formatDateTime(user.emailSentAt, timeZone)}. It is sent only once.`
        : "Approve the user before sending the welcome email."
      : decision === "resend-code"
        ? USER_ADMIN_MESSAGES.codeNotNeeded
        : user.status === "rejected"
          ? "This user was rejected. A rejection cannot be undone."
          : isAwaitingCode(user)
            ? USER_ADMIN_MESSAGES.notVerifiedYet
            : "This user is not awaiting approval.";

  return (
    <RouteDialog title={TITLES[decision]} closeTo={closeTo} testId="confirm-dialog">
      {actionData?.error ? (
        <div className="mb-4 space-y-1">
          <StatusMessage text={actionData.error} tone="error" testId="confirm-error" />
          {actionData.reason ? <p className="text-sm text-slate-600 dark:text-slate-300">{actionData.reason}</p> : null}
        </div>
      ) : null}
      {applicable || actionData?.error ? (
        <Form method="post" preventScrollReset className="space-y-4">
          <input type="hidden" name="back" value={back} />
          <p className="text-slate-700 dark:text-slate-200">
            {decision === "approve"
              ? `Approve ${name} (${user.email})? Their 7-day free trial starts now and they get an approval email.`
              : decision === "reject"
                ? `Reject ${name} (${user.email})? They get an email saying the trial was not approved. Rejecting cannot be undone.`
                : decision === "resend-code"
                  ? `Email a new 6-digit verification code to ${name} (${user.email})? Any earlier code stops working. The same limits apply as when they ask themselves (one code a minute, 5 an hour).`
                  : `Send the welcome email with login details to ${name} (${user.email})? It can be sent only once.`}
          </p>
          {decision === "approve" || decision === "reject" ? (
            <Field id="decision-notes" label="Notes" note="optional" maxLength={DECISION_NOTES_MAX}>
              <textarea
                name="notes"
                rows={2}
                maxLength={DECISION_NOTES_MAX}
                className="input"
                placeholder={
                  decision === "approve" ? "Trial approved by admin on today's date" : "Reason for the rejection"
                }
              />
            </Field>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Link to={closeTo} preventScrollReset className="btn-secondary">
              Cancel
            </Link>
            <SubmitButton
              className={decision === "reject" ? "btn-danger" : "btn-primary"}
              busy={busy}
              whileBusy="Processing..."
              data-testid="confirm-button"
            >
              {decision === "approve"
                ? "Yes, approve"
                : decision === "reject"
                  ? "Yes, reject"
                  : decision === "resend-code"
                    ? "Yes, send a new code"
                    : "Yes, send details"}
            </SubmitButton>
          </div>
        </Form>
      ) : (
        <div className="space-y-4">
          <StatusMessage text={reason} tone="info" />
          <div className="flex justify-end">
            <Link to={closeTo} className="btn-secondary">
              Close
            </Link>
          </div>
        </div>
      )}
    </RouteDialog>
  );
}
