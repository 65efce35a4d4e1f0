import type { FieldMetadata, Submission, SubmissionResult } from "@conform-to/react";
import { getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { useNavigation } from "react-router";
import type { z } from "zod";
import { conformField, Field } from "~/components/field";
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
  defaultValue,
}: {
  id: string;
  intent: string;
  schema: Name;
  lastResult?: SubmissionResult<string[]>;
  /** What the fields start with (a visitor booking again after a missed demo). */
  defaultValue?: Record<string, string>;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const validation = useAfterHydration(loadValidation);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm<z.input<Schemas[Name]>, z.output<Schemas[Name]>>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
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

/** A labelled input with its hint and error below, wired by `Field`; a required one is starred. */
export function TextField({ meta, label, type = "text", required, autoComplete, maxLength, hint }: FieldProps) {
  return (
    <Field
      {...conformField(meta)}
      label={
        required ? (
          <>
            {label}
            <span aria-hidden className="text-red-600 dark:text-red-400">
              {" "}
              *
            </span>
          </>
        ) : (
          label
        )
      }
      note={required ? undefined : "optional"}
      hint={hint}
      hintClassName="mt-1 text-xs text-slate-500 dark:text-slate-400"
    >
      <input
        {...getInputProps(meta, { type })}
        className="input"
        required={required}
        autoComplete={autoComplete}
        maxLength={maxLength}
      />
    </Field>
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
    <Field {...conformField(meta)} label={label} note="optional" maxLength={maxLength}>
      <textarea
        {...getTextareaProps(meta)}
        className="input min-h-24"
        rows={4}
        maxLength={maxLength}
        placeholder={placeholder}
      />
    </Field>
  );
}
