import type { FieldError } from "./errors";

/** What the mapper reads of a `z.ZodError` (structural, so this module loads no zod). */
type Issues = { readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[] };

/**
 * zod's issues as the field errors the API answers with (`details`) and the forms show: one per
 * issue, named by its dotted path, or "body" when the issue is about the input as a whole.
 */
export function fieldErrorsOf(error: Issues): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.map(String).join(".") || "body", message: issue.message }));
}

/** The first message for each field, for a form that shows one message under each input. */
export function firstMessagePerField(errors: readonly FieldError[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const { field, message } of errors) fields[field] ??= message;
  return fields;
}
