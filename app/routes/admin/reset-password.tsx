import { KeyRound } from "lucide-react";
import { data, Form, href, Link, redirect } from "react-router";
import { AuthCard, AuthLink, BrokenLinkNotice, NewPasswordFields } from "~/components/auth-card";
import { FormError } from "~/components/field-error";
import { consoleMeta } from "~/components/site/noindex-meta";
import { SubmitButton, usePostPending } from "~/components/submit-button";
import { ResetPasswordSchema, resetLinkState, resetPassword } from "~/domain/accounts/password-reset.server";
import { emailedLinkInit } from "~/http/emailed-link.server";
import { formIssues } from "~/http/form-issues";
import { isAppError } from "~/lib/errors";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/reset-password";

type ActionData = { error?: string; fields?: Partial<Record<"password" | "confirmPassword", string>> };

const RESET_OFFLINE = "Failed to set the new password. Please check your connection and try again.";

/** The page behind the emailed link: the form, or a clear page when the link no longer works. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { state, message } = await resetLinkState(token);
  return data({ token: state === "valid" ? token : "", state, message }, emailedLinkInit(state));
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = ResetPasswordSchema.safeParse({
    token: form.get("token") ?? "",
    password: form.get("password") ?? "",
    confirmPassword: form.get("confirmPassword") ?? "",
  });
  if (!parsed.success) {
    const { fields, error } = formIssues(parsed.error, ["password", "confirmPassword"]);
    return data<ActionData>({ error, fields }, { status: 400 });
  }
  try {
    await resetPassword({ token: parsed.data.token, password: parsed.data.password });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<ActionData>({ error: error.message }, { status: error.status });
  }
  throw redirect(`${href("/admin")}?reset=done`, 303);
}

/** With JavaScript, a request that gets no answer says so; both passwords as typed stay (decision 050). */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, (): ActionData => ({ error: RESET_OFFLINE }));
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = usePostPending();
  const linkBroken = loaderData.state !== "valid";
  return (
    <AuthCard
      icon={<KeyRound aria-hidden className="size-10 text-brand-600 dark:text-brand-300" />}
      title={linkBroken ? "This link does not work" : "Choose a new password"}
      footer={<AuthLink to={href("/admin")}>Back to sign in</AuthLink>}
    >
      {linkBroken ? (
        <BrokenLinkNotice testId="reset-link-broken" state={loaderData.state} message={loaderData.message}>
          <Link to={href("/admin/forgot-password")} className="btn-primary w-full">
            Ask for a new link
          </Link>
        </BrokenLinkNotice>
      ) : (
        <Form method="post" className="space-y-5">
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordFields
            ids={{ password: "new-password", confirm: "confirm-password" }}
            labels={{ password: "New password", confirm: "Repeat the new password" }}
            errors={actionData?.fields}
          />
          <FormError error={actionData?.error} testId="reset-error" />
          <SubmitButton className="btn-primary w-full" busy={busy} whileBusy="Saving...">
            Set new password
          </SubmitButton>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Setting a new password signs out every session of this account.
          </p>
        </Form>
      )}
    </AuthCard>
  );
}

export function meta() {
  return consoleMeta("Set a new password");
}
