import { type FieldMetadata, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, KeyRound } from "lucide-react";
import { data, Form, href, redirect, useNavigation } from "react-router";
import { formatDateTime, useConsoleTimezone } from "~/components/console/format";
import { Field } from "~/components/field";
import { FormError } from "~/components/field-error";
import { consoleMeta } from "~/components/site/noindex-meta";
import { SubmitButton } from "~/components/submit-button";
import { changePassword, getAdmin } from "~/domain/accounts/accounts.server";
import { actorOf } from "~/domain/accounts/actor";
import { ChangePasswordSchema, PASSWORD_RULE_MESSAGE } from "~/domain/accounts/schemas";
import { clientAddress } from "~/domain/limits/client-limits.server";
import { requireAdmin } from "~/http/guards.server";
import { isAppError } from "~/lib/errors";
import { submitKeepingInput } from "~/lib/submit-failure";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/account";
import { SettingsPanel } from "./settings-ui";

export const PASSWORD_CHANGED = "Password changed. Your other sessions were signed out.";

const PASSWORD_CHANGE_FAILED = "Failed to change password. Please check your connection and try again.";

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  const admin = await getAdmin(session.admin.id);
  if (!admin) throw redirect(`${href("/admin")}?session=ended`);
  const changed = new URL(request.url).searchParams.get("password") === "changed";
  return {
    profile: { name: admin.name, email: admin.email, role: admin.role, createdAt: admin.createdAt },
    notice: changed ? PASSWORD_CHANGED : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: ChangePasswordSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["currentPassword", "newPassword"] }), { status: 400 });
  }
  try {
    await changePassword(actorOf(session), session.sessionId, submission.value, { ip: clientAddress(request) ?? "" });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const fieldErrors = Object.fromEntries((error.extra.details ?? []).map((d) => [d.field, [d.message]]));
    return data(
      submission.reply({
        formErrors: error.extra.details?.length ? undefined : [error.message],
        fieldErrors,
        hideFields: ["currentPassword", "newPassword"],
      }),
      { status: error.status },
    );
  }
  // Post/Redirect/Get: a reload does not submit the form again.
  return redirect(`${href("/admin/dashboard/settings")}?password=changed`, 303);
}

/** With JavaScript, a failed request keeps the typed passwords and says so. */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, (form) =>
    parseWithZod(form, { schema: ChangePasswordSchema }).reply({ formErrors: [PASSWORD_CHANGE_FAILED] }),
  );
}

export default function AccountSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, notice } = loaderData;
  const timezone = useConsoleTimezone();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: actionData,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
  });

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SettingsPanel id="profile" title="Profile" description="Your admin profile (read-only).">
        <dl className="mt-5 space-y-4" data-testid="profile">
          <ProfileField label="Name" value={profile.name} />
          <ProfileField label="Email" value={profile.email} />
          <ProfileField label="Role" value={profile.role ?? "—"} capitalize />
          <ProfileField label="Member since" value={formatDateTime(profile.createdAt, timezone)} />
        </dl>
      </SettingsPanel>

      <SettingsPanel
        id="password"
        title="Change password"
        icon={KeyRound}
        description="Changing it signs out every other browser and API session of your account."
      >
        {notice ? (
          <p
            role="status"
            data-testid="password-notice"
            className="mt-4 flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
          >
            <CheckCircle2 aria-hidden className="size-4 shrink-0" /> {notice}
          </p>
        ) : null}
        <Form method="post" {...getFormProps(form)} noValidate={hydrated} className="mt-5 space-y-4">
          <PasswordField field={fields.currentPassword} label="Current password" autoComplete="current-password" />
          <PasswordField
            field={fields.newPassword}
            label="New password"
            hint={PASSWORD_RULE_MESSAGE}
            autoComplete="new-password"
          />
          <FormError error={form.errors?.[0]} />
          <SubmitButton className="btn-primary" busy={busy} whileBusy="Processing...">
            Change password
          </SubmitButton>
        </Form>
      </SettingsPanel>
    </div>
  );
}

/** A password input of the change form, with its label, rule and error. */
function PasswordField({
  field,
  label,
  hint,
  autoComplete,
}: {
  field: FieldMetadata<string>;
  label: string;
  hint?: string;
  autoComplete: "current-password" | "new-password";
}) {
  return (
    <Field id={field.id} label={label} hint={hint} error={field.errors?.[0]} errorId={field.errorId}>
      <input
        {...getInputProps(field, { type: "password" })}
        className="input"
        autoComplete={autoComplete}
        required
        maxLength={128}
      />
    </Field>
  );
}

function ProfileField({ label, value, capitalize = false }: { label: string; value: string; capitalize?: boolean }) {
  return (
    <div className="grid grid-cols-3 gap-2">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</dt>
      <dd
        className={`col-span-2 text-sm font-medium break-words ${capitalize ? "capitalize" : ""}`}
        data-testid={`profile-${label.toLowerCase().replaceAll(" ", "-")}`}
      >
        {value}
      </dd>
    </div>
  );
}

export function meta() {
  return consoleMeta("Account settings");
}
