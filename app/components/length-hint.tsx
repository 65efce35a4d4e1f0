import { useEffect, useState } from "react";

/**
 * The length limit of a long text field, under it (issue 30). Without JavaScript it says the
 * limit ("Up to 2,000 characters."); with it, it counts what the field holds ("1,234 of 2,000
 * characters"), including text typed before the scripts started and text put in by a button.
 * The limit is the field's zod maximum (pass the same constant as the field's `maxLength`);
 * `value.length` counts as zod's `.max()` and the browser's `maxLength` do. Give the field
 * `aria-describedby={id}` so the limit is read with it.
 */
export function LengthHint({ id, forId, max }: { id: string; forId: string; max: number }) {
  const [length, setLength] = useState<number | null>(null);
  useEffect(() => {
    const field = document.getElementById(forId);
    if (!(field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement)) return;
    const update = () => setLength(field.value.length);
    // A form reset changes the value after its event: count once it has.
    const afterReset = () => setTimeout(update, 0);
    update();
    field.addEventListener("input", update);
    field.form?.addEventListener("reset", afterReset);
    return () => {
      field.removeEventListener("input", update);
      field.form?.removeEventListener("reset", afterReset);
    };
  }, [forId]);
  const limit = max.toLocaleString("en-US");
  const near = length !== null && length >= max * 0.9;
  return (
    <p
      id={id}
      data-testid="length-hint"
      className={`mt-1 text-xs tabular-nums ${near ? "font-medium text-amber-800 dark:text-amber-200" : "text-slate-600 dark:text-slate-400"}`}
    >
      {length === null ? `Up to ${limit} characters.` : `${length.toLocaleString("en-US")} of ${limit} characters`}
    </p>
  );
}
