import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, Send } from "lucide-react";
import { useEffect, useRef } from "react";
import { href, useFetcher } from "react-router";
import { FieldError, FormError } from "~/components/field-error";
import { Honeypot } from "~/components/honeypot";
import { LengthHint } from "~/components/length-hint";
import { PendingIcon } from "~/components/pending-icon";
import { ENTERPRISE_THANKS, EnterpriseLeadSchema } from "~/domain/meetings/lead-schemas";
import { FIELD_LIMITS } from "~/domain/meetings/texts";
import { COMPANY_SIZES, companySizeLabel } from "~/domain/subscriptions/options";
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

  const described = (meta: { errors?: string[]; errorId: string }, hintId?: string) => ({
    "aria-invalid": meta.errors?.length ? true : undefined,
    "aria-describedby": [meta.errors?.length ? meta.errorId : null, hintId].filter(Boolean).join(" ") || undefined,
  });
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
      <div className="grid gap-4 @md:grid-cols-2">
        <div>
          <label htmlFor={fields.firstName.id} className="label">
            First name
          </label>
          <input
            ref={first}
            {...getInputProps(fields.firstName, { type: "text" })}
            {...described(fields.firstName)}
            required
            maxLength={FIELD_LIMITS.name}
            autoComplete="given-name"
            className="input"
          />
          <FieldError id={fields.firstName.errorId} error={fields.firstName.errors?.[0]} />
        </div>
        <div>
          <label htmlFor={fields.lastName.id} className="label">
            Last name
          </label>
          <input
            {...getInputProps(fields.lastName, { type: "text" })}
            {...described(fields.lastName)}
            required
            maxLength={FIELD_LIMITS.name}
            autoComplete="family-name"
            className="input"
          />
          <FieldError id={fields.lastName.errorId} error={fields.lastName.errors?.[0]} />
        </div>
      </div>
      <div>
        <label htmlFor={fields.email.id} className="label">
          Work email
        </label>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          {...described(fields.email)}
          required
          maxLength={254}
          autoComplete="email"
          className="input"
        />
        <FieldError id={fields.email.errorId} error={fields.email.errors?.[0]} />
      </div>
      <div className="grid gap-4 @md:grid-cols-2">
        <div>
          <label htmlFor={fields.company.id} className="label">
            Company
          </label>
          <input
            {...getInputProps(fields.company, { type: "text" })}
            {...described(fields.company)}
            required
            maxLength={FIELD_LIMITS.company}
            autoComplete="organization"
            className="input"
          />
          <FieldError id={fields.company.errorId} error={fields.company.errors?.[0]} />
        </div>
        <div>
          <label htmlFor={fields.teamSize.id} className="label">
            Team size
          </label>
          <select {...getSelectProps(fields.teamSize)} {...described(fields.teamSize)} required className="input">
            <option value="">Select team size</option>
            {COMPANY_SIZES.map((size) => (
              <option key={size} value={size}>
                {companySizeLabel(size)}
              </option>
            ))}
          </select>
          <FieldError id={fields.teamSize.errorId} error={fields.teamSize.errors?.[0]} />
        </div>
      </div>
      <div>
        <label htmlFor={fields.message.id} className="label">
          Message <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
        </label>
        <textarea
          name={fields.message.name}
          id={fields.message.id}
          defaultValue={fields.message.initialValue as string | undefined}
          {...described(fields.message, `${fields.message.id}-length`)}
          rows={3}
          maxLength={FIELD_LIMITS.message}
          placeholder="What would you like to automate, and by when?"
          className="input"
        />
        <LengthHint id={`${fields.message.id}-length`} forId={fields.message.id} max={FIELD_LIMITS.message} />
        <FieldError id={fields.message.errorId} error={fields.message.errors?.[0]} />
      </div>
      <FormError error={form.errors?.[0]} testId="contact-sales-error" />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        <PendingIcon pending={busy} icon={Send} />
        {busy ? "Sending..." : "Contact Sales"}
      </button>
    </fetcher.Form>
  );
}
