import { KeyRound } from "lucide-react";
import { data, Form, href } from "react-router";
import { AuthCard, AuthLink } from "~/components/auth-card";
import { BotCheck } from "~/components/bot-check";
import { EmailInput } from "~/components/email-input";
import { Field } from "~/components/field";
import { FormError } from "~/components/field-error";
import { consoleMeta } from "~/components/site/noindex-meta";
import { SubmitButton, usePostPending } from "~/components/submit-button";
import { ResetRequestSchema, requestPasswordReset } from "~/domain/accounts/password-reset.server";
import { clientAddress } from "~/domain/limits/client-limits.server";
import { formBotCheck } from "~/http/bot-check.server";
import { refusal } from "~/http/retry-after.server";
import { BRAND } from "~/lib/brand";
import { isAppError } from "~/lib/errors";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/forgot-password";

type ActionData = { sent?: string; error?: string; fieldError?: string; email?: string };

const RESET_REQUEST_OFFLINE = "Failed to send the reset link. Please check your connection and try again.";

/** "Forgot password?" (decision 020): the same answer whether or not the email has an account. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get("email") ?? "").slice(0, 300);
  const parsed = ResetRequestSchema.safeParse({ email });
  if (!parsed.success) {
    return data<ActionData>(
      { fieldError: parsed.error.issues[0]?.message ?? "Email is invalid", email },
      { status: 400 },
    );
  }
  // A person, not a script (decision 080): a reset link is an email to an address.
  const refused = await formBotCheck(request, form);
  if (refused) return data<ActionData>({ error: refused, email }, { status: 403 });
  try {
    const result = await requestPasswordReset({
      email: parsed.data.email,
      ip: clientAddress(request) ?? "",
    });
    return data<ActionData>({ sent: result.message });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return refusal<ActionData>({ error: error.message, email }, error);
  }
}

/** With JavaScript, a request that gets no answer says so; the email as typed stays (decision 050). */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(
    args,
    (form): ActionData => ({ error: RESET_REQUEST_OFFLINE, email: String(form.get("email") ?? "") }),
  );
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = usePostPending();
  return (
    <AuthCard
      icon={<KeyRound aria-hidden className="size-10 text-brand-600 dark:text-brand-300" />}
      title={"Reset your password"}
      intro={
        <>Enter the email of your {BRAND.name} admin account. We will email you a link to choose a new password.</>
      }
      footer={<AuthLink to={href("/admin")}>Back to sign in</AuthLink>}
    >
      {actionData?.sent ? (
        <p
          role="status"
          data-testid="reset-requested"
          className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          {actionData.sent}
        </p>
      ) : (
        <Form method="post" className="space-y-5">
          <BotCheck />
          <Field id="reset-email" label="Email" error={actionData?.fieldError}>
            <EmailInput defaultValue={actionData?.email ?? ""} />
          </Field>
          <FormError error={actionData?.error} testId="reset-error" />
          <SubmitButton className="btn-primary w-full" busy={busy} whileBusy="Sending...">
            Email me a reset link
          </SubmitButton>
        </Form>
      )}
    </AuthCard>
  );
}

export function meta() {
  return consoleMeta("Reset your password");
}
