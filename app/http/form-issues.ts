import type { z } from "zod";

/**
 * A refused form's messages as its page shows them: each named field's first message, beside
 * that field, and the first of any other (a rule across fields) for the whole form.
 */
export function formIssues<Field extends string>(refused: z.ZodError, names: readonly Field[]) {
  const fields: Partial<Record<Field, string>> = {};
  let error: string | undefined;
  for (const issue of refused.issues) {
    const field = issue.path[0];
    if (names.includes(field as Field)) fields[field as Field] ??= issue.message;
    else error ??= issue.message;
  }
  return { fields, error };
}
