import { Loader2, type LucideIcon } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Form, useFetcher } from "react-router";
import { BotCheck } from "~/components/bot-check";
import { EmailInput } from "~/components/email-input";
import { describedBy, Field } from "~/components/field";
import { Honeypot } from "~/components/honeypot";
import { StatusMessage } from "~/components/status-message";
import { submitFailureOf } from "~/lib/submit-failure";
import { CardPage } from "./card-page";

/** What a public email-only form's action answers (app/http/email-form.server.ts), or its clientAction's failure. */
export type EmailFormAnswer = { message?: string; fieldError?: string; email?: string } | { submitFailure: string };

/**
 * A public form that asks for an email address only, in a page that is not its own (the
 * footer's newsletter box, the privacy page's "stop marketing email"). Without JavaScript it
 * posts to `action`, a page with the answer ({@link EmailFormPage}); with it, a fetcher answers
 * in place and a failed request keeps the typed address. Ids and test ids start with `name`.
 */
export function EmailForm(props: {
  name: string;
  fetcherKey: string;
  action: string;
  label: string;
  icon: LucideIcon;
  button: string;
  /** btn-primary or btn-secondary. */
  buttonClass: string;
  className?: string;
  /** The field and its button side by side from the phone up (else stacked on a phone). */
  inline?: boolean;
  /** A hint under the field, which the field is described by. */
  hint?: ReactNode;
  /** What follows the hint (a privacy notice). */
  children?: ReactNode;
}) {
  const fetcher = useFetcher<EmailFormAnswer>({ key: props.fetcherKey });
  const form = useRef<HTMLFormElement>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const failure = submitFailureOf(answer);
  const message = answer && "message" in answer ? answer.message : undefined;
  const fieldError = answer && "fieldError" in answer ? answer.fieldError : undefined;
  useEffect(() => {
    if (message) form.current?.reset();
  }, [message]);
  const { name, icon: Icon } = props;
  const hintId = props.hint ? `${name}-hint` : undefined;
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={props.action}
      noValidate
      data-testid={`${name}-form`}
      className={props.className}
    >
      <label htmlFor={`${name}-email`} className="text-sm font-semibold text-slate-900 dark:text-white">
        {props.label}
      </label>
      <Honeypot id={`${name}-fax`} />
      <BotCheck />
      <div className={props.inline ? "mt-3 flex gap-2" : "mt-3 flex flex-col gap-2 sm:flex-row"}>
        <input
          id={`${name}-email`}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder="you@company.com"
          {...describedBy({ hintId, errorId: `${name}-error`, error: fieldError })}
          className="input min-w-0 flex-1"
        />
        <button type="submit" className={`${props.buttonClass} shrink-0`} disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? (
            <Loader2 aria-hidden className="size-4 animate-spin" />
          ) : (
            <Icon aria-hidden className="size-4" />
          )}
          {props.button}
        </button>
      </div>
      {props.hint ? (
        <p id={hintId} className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          {props.hint}
        </p>
      ) : null}
      {props.children}
      <div aria-live="polite" className="mt-2 text-sm" data-testid={`${name}-answer`}>
        {fieldError ? (
          <p id={`${name}-error`} className="field-error">
            {fieldError}
          </p>
        ) : null}
        {failure ? (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {failure}
          </p>
        ) : null}
        {message ? <p className="text-emerald-800 dark:text-emerald-300">{message}</p> : null}
      </div>
    </fetcher.Form>
  );
}

/**
 * The page an {@link EmailForm} lands on without JavaScript (and the form on its own page): the
 * answer, or the form again with the address typed and its error. Ids start with `name`.
 */
export function EmailFormPage(props: {
  name: string;
  actionData: unknown;
  icon: LucideIcon;
  title: ReactNode;
  intro: ReactNode;
  button: string;
  /** What stands between the field and the button (a privacy notice). */
  children?: ReactNode;
}) {
  const failure = submitFailureOf(props.actionData);
  const answer =
    props.actionData && !failure
      ? (props.actionData as Exclude<EmailFormAnswer, { submitFailure: string }>)
      : undefined;
  const { name } = props;
  return (
    <CardPage icon={props.icon} title={props.title}>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{props.intro}</p>
      {answer?.message ? (
        <div className="mt-5" data-testid={`${name}-answer`}>
          <StatusMessage text={answer.message} />
        </div>
      ) : (
        <Form method="post" noValidate className="mt-6 space-y-3">
          <Honeypot id={`${name}-fax`} />
          <BotCheck />
          <Field id={`${name}-email`} label="Email" errorId={`${name}-error`} error={answer?.fieldError}>
            <EmailInput defaultValue={answer?.email} />
          </Field>
          {props.children}
          {failure ? <StatusMessage text={failure} /> : null}
          <button type="submit" className="btn-primary">
            {props.button}
          </button>
        </Form>
      )}
    </CardPage>
  );
}
