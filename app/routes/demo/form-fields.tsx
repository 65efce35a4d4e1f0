import type { FieldMetadata, Submission, SubmissionResult } from "@conform-to/react";
import { getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { useNavigation } from "react-router";
import type { z } from "zod";
import { FieldError } from "~/components/field-error";
import { LengthHint } from "~/components/length-hint";
import type { BookingSchema, CallbackSchema } from "~/domain/meetings/schemas";
import { useAfterHydration } from "~/lib/use-after-hydration";
import { useHydrated } from "~/lib/use-hydrated";

type Schemas = { booking: typeof BookingSchema; callback: typeof CallbackSchema };
const SCHEMA_NAMES = { booking: "BookingSchema", callback: "CallbackSchema" } as const;

/** zod and the schemas, fetched after hydration (decision 026). Stable, so the effect runs once. */
export const loadValidation = () =>
  Promise.all([import("@conform-to/zod/v4"), import("~/domain/meetings/schemas")]).then(
    ([{ parseWithZod }, { BookingSchema, CallbackSchema }]) => ({ parseWithZod, BookingSchema, CallbackSchema }),
  );

/**
 * A /demo form (booking details or callback): Conform with the shared zod schema, checked on
 * submit and again as the visitor types; `busy` while this form's `intent` is being posted.
 * The schema arrives after hydration; a submit before that is checked by the server alone,
 * which answers with the same messages.
 */
export function useDemoForm<Name extends keyof Schemas>({
  id,
  intent,
  schema,
  lastResult,
}: {
  id: string;
  intent: string;
  schema: Name;
  lastResult?: SubmissionResult<string[]>;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const validation = useAfterHydration(loadValidation);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm<z.input<Schemas[Name]>, z.output<Schemas[Name]>>({
    id,
    lastResult,
    shouldValidate: "onSubmit",
    // Checking as the visitor types needs the schema: without it an input would post the form.
    shouldRevalidate: validation ? "onInput" : "onSubmit",
    onValidate: validation
      ? ({ formData }) =>
          validation.parseWithZod(formData, { schema: validation[SCHEMA_NAMES[schema]] }) as Submission<
            z.input<Schemas[Name]>,
            string[],
            z.output<Schemas[Name]>
          >
      : undefined,
  });
  return { hydrated, busy, form, fields };
}

type FieldProps = {
  meta: FieldMetadata<string | null | undefined>;
  label: string;
  type?: "text" | "email" | "tel";
  required?: boolean;
  autoComplete?: string;
  maxLength?: number;
  hint?: string;
};

/** A labelled input with its error below, wired for screen readers by Conform. */
export function TextField({ meta, label, type = "text", required, autoComplete, maxLength, hint }: FieldProps) {
  return (
    <div>
      <label htmlFor={meta.id} className="label">
        {label}
        {required ? (
          <span aria-hidden className="text-red-600 dark:text-red-400">
            {" "}
            *
          </span>
        ) : (
          <span className="font-normal text-slate-500 dark:text-slate-400"> (optional)</span>
        )}
      </label>
      <input
        {...getInputProps(meta, { type })}
        className="input"
        required={required}
        autoComplete={autoComplete}
        maxLength={maxLength}
      />
      {hint ? <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p> : null}
      <FieldError id={meta.errorId} error={meta.errors?.[0]} />
    </div>
  );
}

export function TextAreaField({
  meta,
  label,
  maxLength,
  placeholder,
}: {
  meta: FieldMetadata<string | null | undefined>;
  label: string;
  maxLength?: number;
  placeholder?: string;
}) {
  return (
    <div>
      <label htmlFor={meta.id} className="label">
        {label}
        <span className="font-normal text-slate-500 dark:text-slate-400"> (optional)</span>
      </label>
      <textarea
        {...getTextareaProps(meta, maxLength ? { ariaDescribedBy: `${meta.id}-length` } : {})}
        className="input min-h-24"
        rows={4}
        maxLength={maxLength}
        placeholder={placeholder}
      />
      {maxLength ? <LengthHint id={`${meta.id}-length`} forId={meta.id} max={maxLength} /> : null}
      <FieldError id={meta.errorId} error={meta.errors?.[0]} />
    </div>
  );
}
