/** A form field's error message, the target of the field's `aria-describedby`; nothing when valid. */
export function FieldError({ id, error }: { id?: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="field-error">
      {error}
    </p>
  );
}

/** A form-level error (the submission failed as a whole), announced when it appears; nothing without one. */
export function FormError({ error, testId }: { error?: string | null; testId?: string }) {
  if (!error) return null;
  return (
    <p
      role="alert"
      data-testid={testId}
      className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
    >
      {error}
    </p>
  );
}
