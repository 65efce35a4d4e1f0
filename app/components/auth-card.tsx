import type { ReactNode } from "react";
import { Link } from "react-router";
import { Field } from "~/components/field";
import { PASSWORD_RULE_MESSAGE } from "~/domain/accounts/schemas";

/**
 * The page shell of the console's signed-out screens (sign in, forgot and reset password, the
 * two-factor step): a centred card under an icon, a heading and an optional introduction,
 * with a line of links under the form.
 */
export function AuthCard({
  icon,
  title,
  intro,
  footer,
  children,
}: {
  icon: ReactNode;
  title: ReactNode;
  intro?: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-12 dark:bg-slate-950">
      <div className="w-full max-w-md">
        <div className="mb-8 flex flex-col items-center text-center">
          {icon}
          <h1 className="mt-4 text-2xl font-bold">{title}</h1>
          {intro ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{intro}</p> : null}
        </div>
        <div className="card p-6 sm:p-8">
          {children}
          <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">{footer}</p>
        </div>
      </div>
    </main>
  );
}

/** A link in the card's footer line. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
      {children}
    </Link>
  );
}

/**
 * The new password and its repeat, as every form that sets a password asks for them (reset
 * password, accepting an invitation). The rule is the domain's; the server checks it again.
 */
export function NewPasswordFields({
  ids,
  labels,
  errors,
}: {
  ids: { password: string; confirm: string };
  labels: { password: string; confirm: string };
  errors?: { password?: string; confirmPassword?: string };
}) {
  return (
    <>
      <Field id={ids.password} label={labels.password} hint={PASSWORD_RULE_MESSAGE} error={errors?.password}>
        <input
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={10}
          maxLength={128}
          className="input"
        />
      </Field>
      <Field id={ids.confirm} label={labels.confirm} error={errors?.confirmPassword}>
        <input
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          className="input"
        />
      </Field>
    </>
  );
}

/** The card's body when an emailed link no longer works: why, and what to do instead. */
export function BrokenLinkNotice({
  testId,
  state,
  message,
  children,
}: {
  testId: string;
  state: string;
  message: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="space-y-5" data-testid={testId} data-state={state}>
      <p
        role="alert"
        className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
      >
        {message}
      </p>
      {children}
    </div>
  );
}
