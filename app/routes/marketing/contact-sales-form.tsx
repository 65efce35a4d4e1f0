import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, Send } from "lucide-react";
import { useEffect, useRef } from "react";
import { href, useFetcher } from "react-router";
import { BotCheck } from "~/components/bot-check";
import { conformField, Field } from "~/components/field";
import { FormError } from "~/components/field-error";
import { FormNotice } from "~/components/form-notice";
import { Honeypot } from "~/components/honeypot";
import { PendingIcon } from "~/components/pending-icon";
import { ENTERPRISE_THANKS, EnterpriseLeadSchema } from "~/domain/meetings/lead-schemas";
import { FIELD_LIMITS } from "~/domain/meetings/texts";
import { COMPANY_SIZES, companySizeLabel } from "~/domain/subscriptions/options";
import { ENTERPRISE_LEAD_NOTICE } from "~/lib/consent";
import { useHydrated } from "~/lib/use-hydrated";

/** What /pricing/contact-sales answers (its action data, or its clientAction's on a failed request). */
export type ContactSalesAnswer = { result?: SubmissionResult<string[]>; sent?: boolean };

/**
 * Sent by the form once the page has hydrated: the answer then comes in place (a fetcher).
 * Without it the action answers Post/Redirect/Get, so reloading the thank-you page sends nothing
 * again (decision 052).
 */
export const IN_PLACE_FIELD = "inPlace";

export const CONTACT_SALES_ACTION = href("/pricing/contact-sales");

/**
 * Enterprise "Contact Sales": name, work email, company, team size, message. Posts to
 * /pricing/contact-sales — as a page without JavaScript, through a fetcher in place with it —
 * and shows the spec's thank-you text where the form was.
 */
export function ContactSalesForm({
  answer: pageAnswer,
  autoFocus = false,
}: {
  answer?: ContactSalesAnswer;
  autoFocus?: boolean;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<ContactSalesAnswer>({ key: "contact-sales" });
  const answer = fetcher.data ?? pageAnswer;
  const busy = fetcher.state !== "idle";
  const thanks = useRef<HTMLParagraphElement>(null);
  const first = useRef<HTMLInputElement>(null);
  const [form, fields] = useForm({
    id: "contact-sales",
    lastResult: busy ? undefined : answer?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EnterpriseLeadSchema }),
  });
  const sent = Boolean(answer?.sent);
  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent]);
  useEffect(() => {
    if (autoFocus) first.current?.focus();
  }, [autoFocus]);

  if (sent) {
    return (
      <p
        ref={thanks}
        tabIndex={-1}
        role="status"
        data-testid="contact-sales-thanks"
        className="flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-3 text-sm font-medium text-emerald-800 outline-none dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
      >
        <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
        {ENTERPRISE_THANKS}
      </p>
    );
  }

  return (
    <fetcher.Form
      method="post"
      action={CONTACT_SALES_ACTION}
      {...getFormProps(form)}
      noValidate={hydrated}
      className="@container space-y-4 text-left"
      data-testid="contact-sales-form"
    >
      {hydrated ? <input type="hidden" name={IN_PLACE_FIELD} value="1" /> : null}
      <Honeypot id="contact-sales-fax" />
      <BotCheck />
      <div className="grid gap-4 @md:grid-cols-2">
        <Field {...conformField(fields.firstName)} label="First name">
          <input
            ref={first}
            {...getInputProps(fields.firstName, { type: "text" })}
            required
            maxLength={FIELD_LIMITS.name}
            autoComplete="given-name"
            className="input"
          />
        </Field>
        <Field {...conformField(fields.lastName)} label="Last name">
          <input
            {...getInputProps(fields.lastName, { type: "text" })}
            required
            maxLength={FIELD_LIMITS.name}
            autoComplete="family-name"
            className="input"
          />
        </Field>
      </div>
      <Field {...conformField(fields.email)} label="Work email">
        <input
          {...getInputProps(fields.email, { type: "email" })}
          required
          maxLength={254}
          autoComplete="email"
          className="input"
        />
      </Field>
      <div className="grid gap-4 @md:grid-cols-2">
        <Field {...conformField(fields.company)} label="Company">
          <input
            {...getInputProps(fields.company, { type: "text" })}
            required
            maxLength={FIELD_LIMITS.company}
            autoComplete="organization"
            className="input"
          />
        </Field>
        <Field {...conformField(fields.teamSize)} label="Team size">
          <select {...getSelectProps(fields.teamSize)} required className="input">
            <option value="">Select team size</option>
            {COMPANY_SIZES.map((size) => (
              <option key={size} value={size}>
                {companySizeLabel(size)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field {...conformField(fields.message)} label="Message" note="optional" maxLength={FIELD_LIMITS.message}>
        <textarea
          name={fields.message.name}
          defaultValue={fields.message.initialValue as string | undefined}
          rows={3}
          maxLength={FIELD_LIMITS.message}
          placeholder="What would you like to automate, and by when?"
          className="input"
        />
      </Field>
      <FormNotice notice={ENTERPRISE_LEAD_NOTICE} />
      <FormError error={form.errors?.[0]} testId="contact-sales-error" />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        <PendingIcon pending={busy} icon={Send} />
        {busy ? "Sending..." : "Contact Sales"}
      </button>
    </fetcher.Form>
  );
}
