/** A form field's error message, the target of the field's `aria-describedby`; nothing when valid. */
export function FieldError({ id, error }: { id?: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="field-error">
      {error}
    </p>
  );
}
