import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { CheckCircle2, PhoneCall } from "lucide-react";
import { Form } from "react-router";
import { BotCheck } from "~/components/bot-check";
import { FormError } from "~/components/field-error";
import { FormNotice } from "~/components/form-notice";
import { Honeypot } from "~/components/honeypot";
import { PendingIcon } from "~/components/pending-icon";
import { FIELD_LIMITS, MEETING_TEXTS } from "~/domain/meetings/texts";
import { CALLBACK_NOTICE } from "~/lib/consent";
import { TextAreaField, TextField, useDemoForm } from "./form-fields";
import { StepTitle } from "./step-title";

export function CallbackSuccess() {
  return (
    <div className="py-6 text-center">
      <CheckCircle2 aria-hidden className="mx-auto size-12 text-emerald-600 dark:text-emerald-400" />
      <p role="status" data-testid="callback-success" className="mx-auto mt-4 max-w-md text-lg font-semibold">
        {MEETING_TEXTS.callbackSent}
      </p>
    </div>
  );
}

export function CallbackForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { hydrated, busy, form, fields } = useDemoForm({
    id: "callback",
    intent: "callback",
    schema: "callback",
    lastResult,
  });
  return (
    <section aria-labelledby="callback-title">
      <StepTitle id="callback-title" icon={PhoneCall}>
        Request a callback
      </StepTitle>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Leave your details and our team will call you within 24 hours.
      </p>
      <Form method="post" {...getFormProps(form)} noValidate={hydrated} className="mt-5 space-y-4">
        <input type="hidden" name="intent" value="callback" />
        <Honeypot id="callback-faxNumber" />
        <BotCheck />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            meta={fields.firstName}
            label="First name"
            required
            autoComplete="given-name"
            maxLength={FIELD_LIMITS.name}
          />
          <TextField
            meta={fields.lastName}
            label="Last name"
            required
            autoComplete="family-name"
            maxLength={FIELD_LIMITS.name}
          />
          <TextField meta={fields.email} label="Email" type="email" required autoComplete="email" maxLength={254} />
          <TextField
            meta={fields.company}
            label="Company"
            required
            autoComplete="organization"
            maxLength={FIELD_LIMITS.company}
          />
          <TextField meta={fields.phone} label="Phone" type="tel" autoComplete="tel" maxLength={FIELD_LIMITS.phone} />
        </div>
        <TextAreaField
          meta={fields.message}
          label="Message"
          maxLength={FIELD_LIMITS.message}
          placeholder="When is a good time to call, and what should we prepare?"
        />
        <FormNotice notice={CALLBACK_NOTICE} />
        <FormError error={form.errors?.[0]} />
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
          <PendingIcon pending={busy} icon={PhoneCall} />
          {busy ? "Submitting..." : "Request Callback"}
        </button>
      </Form>
    </section>
  );
}
