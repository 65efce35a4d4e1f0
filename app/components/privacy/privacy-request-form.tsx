import { Form, href } from "react-router";
import { BotCheck } from "~/components/bot-check";
import { EmailInput } from "~/components/email-input";
import { describedBy, Field } from "~/components/field";
import { FieldError } from "~/components/field-error";
import { Honeypot } from "~/components/honeypot";
import { StatusMessage } from "~/components/status-message";
import type { PrivacyRequestKind } from "~/domain/privacy/schemas";

export type PrivacyRequestAnswer = {
  message?: string;
  fieldError?: string;
  field?: "email" | "kind";
  email?: string;
  kind?: string;
  submitFailure?: string;
};

/**
 * A visitor's export or erasure request (issue 29, decision 088): a form of its own, so the privacy
 * notice page can hold it as it is. It always posts to /privacy/requests, which answers on that page.
 */
export function PrivacyRequestForm({ answer }: { answer?: PrivacyRequestAnswer }) {
  if (answer?.message) {
    return (
      <div data-testid="privacy-request-answer">
        <StatusMessage text={answer.message} />
      </div>
    );
  }
  const kindError = answer?.field === "kind" ? answer.fieldError : undefined;
  const emailError = answer?.field !== "kind" ? answer?.fieldError : undefined;
  const kinds: { value: PrivacyRequestKind; label: string }[] = [
    { value: "export", label: "Send me a copy of my data" },
    { value: "erase", label: "Erase my data" },
  ];
  return (
    <Form method="post" action={href("/privacy/requests")} noValidate className="space-y-4">
      <Honeypot id="privacy-request-fax" />
      <BotCheck />
      <fieldset aria-describedby={describedBy({ errorId: "privacy-kind-error", error: kindError })["aria-describedby"]}>
        <legend className="label">What do you want?</legend>
        <div className="mt-2 grid gap-2">
          {kinds.map((kind) => (
            <label key={kind.value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="kind"
                value={kind.value}
                required
                defaultChecked={answer?.kind === kind.value}
              />
              {kind.label}
            </label>
          ))}
        </div>
        <FieldError id="privacy-kind-error" error={kindError} />
      </fieldset>
      <Field id="privacy-email" label="Your email" errorId="privacy-email-error" error={emailError}>
        <EmailInput defaultValue={answer?.email} />
      </Field>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        We email this address a link to confirm the request; nothing happens until you confirm.
      </p>
      {answer?.submitFailure ? <StatusMessage text={answer.submitFailure} tone="error" /> : null}
      <button type="submit" className="btn-primary">
        Send request
      </button>
    </Form>
  );
}
