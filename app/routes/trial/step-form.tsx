import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { ArrowLeft, ArrowRight } from "lucide-react";
import { type FormEvent, type ReactElement, useEffect, useRef, useState } from "react";
import { Form, href, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { BotCheck } from "~/components/bot-check";
import { describedBy, Field, type FieldControlProps } from "~/components/field";
import { FieldError } from "~/components/field-error";
import { FormNotice } from "~/components/form-notice";
import { Honeypot } from "~/components/honeypot";
import { StatusMessage } from "~/components/status-message";
import {
  COMPANY_SIZES,
  companySizeLabel,
  HOW_HEARD,
  INDUSTRIES,
  ROLE_OPTIONS,
  TRIAL_MESSAGES,
  TRIAL_TEXT_LIMITS,
} from "~/domain/subscriptions/options";
import { BRAND } from "~/lib/brand";
import { MARKETING_CHOICE, TRIAL_NOTICE } from "~/lib/consent";
import { useAfterHydration } from "~/lib/use-after-hydration";
import { useKeptInput } from "~/lib/use-kept-input";
import { type FieldName, type Shape, STEP_FIELDS, type Step, type Values } from "./steps";

/** zod and the step schemas, fetched after hydration (decision 026). Stable, so the effect runs once. */
const loadValidation = () =>
  Promise.all([import("@conform-to/zod/v4"), import("~/domain/subscriptions/signup-schemas")]).then(
    ([{ parseWithZod }, schemas]) => ({ parseWithZod, ...schemas }),
  );
type Validation = Awaited<ReturnType<typeof loadValidation>>;

function schemaFor(validation: Validation, step: Step, role: string | undefined) {
  const schema =
    step === 1
      ? validation.TrialStep1Schema
      : step === 3
        ? validation.TrialStep3Schema
        : role === "individual"
          ? validation.TrialStep2IndividualSchema
          : validation.TrialStep2OrganizationSchema;
  return schema as unknown as z.ZodType<Shape, Shape>;
}

/** A select's options: the empty choice first (what to pick), then each value with its label. */
function options<T extends string>(
  empty: string,
  values: readonly T[],
  label: (value: T) => string = (value) => value,
) {
  return [
    <option key="" value="">
      {empty}
    </option>,
    ...values.map((value) => (
      <option key={value} value={value}>
        {label(value)}
      </option>
    )),
  ];
}

/** One step of the signup: its fields, checked in the browser once the schemas arrive, and Back and Continue. */
export function StepForm({
  step,
  values,
  result,
  banner,
  error,
  focusOnMount,
}: {
  step: Step;
  values: Values;
  result?: SubmissionResult<string[]>;
  banner?: boolean;
  error?: string;
  focusOnMount: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const heading = useRef<HTMLHeadingElement>(null);
  // A field's error clears as soon as it is edited (spec §5); the next submit checks again.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  // Until the schemas arrive, a submit is checked by the server alone, with the same messages.
  const validation = useAfterHydration(loadValidation);
  const [form, fields] = useForm<Shape>({
    id: `trial-step-${step}`,
    lastResult: result,
    defaultValue: values,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
    onValidate: validation
      ? ({ formData, submitter }) => {
          const back = submitter instanceof HTMLButtonElement && submitter.value.startsWith("back");
          const schema = back ? validation.TrialBackSchema : schemaFor(validation, step, values.role);
          return validation.parseWithZod(formData, { schema: schema as z.ZodType<Shape, Shape> });
        }
      : undefined,
  });

  // What was typed on this step and not sent yet survives Back, Forward and a reload (decision 048).
  useKeptInput(form.id);

  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);

  const errorOf = (name: FieldName) => (edited.has(name) ? undefined : fields[name].errors?.[0]);
  const onEdit = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (name && !edited.has(name)) setEdited(new Set(edited).add(name));
  };
  const field = (name: FieldName) => fields[name];
  /** A field with its label above and its error below (and the length hint of a long text), wired by `Field`. */
  const labeled = (
    name: FieldName,
    label: string,
    control: ReactElement<Partial<FieldControlProps>>,
    { optional = false, maxLength }: { optional?: boolean; maxLength?: number } = {},
  ) => (
    <Field
      id={field(name).id}
      errorId={field(name).errorId}
      error={errorOf(name)}
      label={label}
      note={optional ? "optional" : undefined}
      maxLength={maxLength}
    >
      {control}
    </Field>
  );
  const hidden = Object.entries(values).filter(([name]) => !STEP_FIELDS[step].includes(name));
  const text = (name: FieldName, type: "text" | "email" | "tel" | "url" = "text") => ({
    ...getInputProps(field(name), { type }),
    className: "input",
  });
  const select = (name: FieldName) => ({ ...getSelectProps(field(name)), className: "input" });
  const titles = {
    1: "Tell us about you",
    2: values.role === "individual" ? "Where are you based?" : "About your organization",
    3: "Almost done",
  };

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      onInput={onEdit}
      onChange={onEdit}
      onSubmitCapture={() => setEdited(new Set())}
      className="mt-6 space-y-5"
    >
      <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none dark:text-white">
        {titles[step]}
      </h2>
      {banner && edited.size === 0 ? (
        <StatusMessage text={TRIAL_MESSAGES.fixHighlighted} tone="error" testId="form-banner" />
      ) : null}
      {error ? <StatusMessage text={error} testId="form-banner" /> : null}
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Honeypot id="trial-faxNumber" className="absolute -left-[9999px] h-px w-px overflow-hidden" />
      <BotCheck />

      {step === 1 ? (
        <>
          <fieldset
            aria-describedby={
              describedBy({ errorId: field("role").errorId, error: errorOf("role") })["aria-describedby"]
            }
          >
            <legend className="label">I am signing up as</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {ROLE_OPTIONS.map((option) => (
                <label
                  key={option.value}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 hover:border-brand-400 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-500 dark:border-slate-700 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-950"
                >
                  <input
                    {...getInputProps(field("role"), { type: "radio", value: option.value })}
                    id={`${field("role").id}-${option.value}`}
                    className="mt-1 size-4 accent-brand-600"
                  />
                  <span>
                    <span className="block text-sm font-semibold text-slate-900 dark:text-white">{option.label}</span>
                    <span className="block text-xs text-slate-600 dark:text-slate-300">{option.hint}</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldError id={field("role").errorId} error={errorOf("role")} />
          </fieldset>
          <div className="grid gap-5 sm:grid-cols-2">
            {labeled("firstName", "First name", <input {...text("firstName")} autoComplete="given-name" />)}
            {labeled("lastName", "Last name", <input {...text("lastName")} autoComplete="family-name" />)}
          </div>
          {labeled("email", "Work email", <input {...text("email", "email")} autoComplete="email" inputMode="email" />)}
          {labeled("phone", "Phone", <input {...text("phone", "tel")} autoComplete="tel" />, { optional: true })}
        </>
      ) : null}

      {step === 2 && values.role !== "individual" ? (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            {labeled("companyName", "Company name", <input {...text("companyName")} autoComplete="organization" />)}
            {labeled("jobTitle", "Job title", <input {...text("jobTitle")} autoComplete="organization-title" />)}
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            {labeled(
              "companySize",
              "Company size",
              <select {...select("companySize")}>
                {options("Select company size", COMPANY_SIZES, companySizeLabel)}
              </select>,
            )}
            {labeled(
              "industry",
              "Industry",
              <select {...select("industry")}>{options("Select industry", INDUSTRIES)}</select>,
            )}
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            {labeled("country", "Country", <input {...text("country")} autoComplete="country-name" />)}
            {labeled(
              "website",
              "Website",
              <input {...text("website", "url")} autoComplete="url" placeholder="https://example.com" />,
              { optional: true },
            )}
          </div>
        </>
      ) : null}

      {step === 2 && values.role === "individual" ? (
        <>
          {labeled("country", "Country", <input {...text("country")} autoComplete="country-name" />)}
          {labeled("occupation", "Occupation", <input {...text("occupation")} autoComplete="organization-title" />, {
            optional: true,
          })}
        </>
      ) : null}

      {step === 3 ? (
        <>
          {labeled(
            "howDidYouHear",
            "How did you hear about us?",
            <select {...select("howDidYouHear")}>{options("Select an option", HOW_HEARD)}</select>,
            { optional: true },
          )}
          {labeled(
            "useCase",
            "What would you like to automate?",
            <textarea
              {...getTextareaProps(field("useCase"))}
              rows={3}
              maxLength={TRIAL_TEXT_LIMITS.useCase}
              className="input"
            />,
            { optional: true, maxLength: TRIAL_TEXT_LIMITS.useCase },
          )}
          {labeled(
            "currentTools",
            "Tools you use today",
            <input {...text("currentTools")} placeholder="Email, spreadsheets, ERP…" />,
            { optional: true },
          )}
          <div className="space-y-3">
            <label className="flex items-start gap-3 text-sm text-slate-700 dark:text-slate-200">
              <input
                {...getInputProps(field("agreeToTerms"), { type: "checkbox" })}
                {...describedBy({ errorId: field("agreeToTerms").errorId, error: errorOf("agreeToTerms") })}
                className="mt-0.5 size-4 accent-brand-600"
              />
              <span>
                I agree to the {BRAND.name} Terms of Service and{" "}
                <Link to={href("/privacy")} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
                  Privacy Policy
                </Link>
              </span>
            </label>
            <FieldError id={field("agreeToTerms").errorId} error={errorOf("agreeToTerms")} />
            <label className="flex items-start gap-3 text-sm text-slate-700 dark:text-slate-200">
              <input
                {...getInputProps(field("subscribeNewsletter"), { type: "checkbox" })}
                className="mt-0.5 size-4 accent-brand-600"
              />
              <span>{MARKETING_CHOICE}</span>
            </label>
          </div>
        </>
      ) : null}

      <FormNotice notice={TRIAL_NOTICE} />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
        {step > 1 ? (
          <button type="submit" name="intent" value={`back-${step - 1}`} className="btn-secondary" disabled={busy}>
            <ArrowLeft aria-hidden className="size-4" /> Back
          </button>
        ) : (
          <span />
        )}
        <button type="submit" name="intent" value={`step-${step}`} className="btn-primary" disabled={busy}>
          {step === 3 ? (busy ? "Starting..." : "Start free trial") : "Continue"}
          {step < 3 ? <ArrowRight aria-hidden className="size-4" /> : null}
        </button>
      </div>
    </Form>
  );
}
