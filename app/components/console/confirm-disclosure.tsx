import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * A destructive row action that asks first, without JavaScript: a `<details>` whose summary is
 * the button, opening a red form that names the consequence and posts `intent` for one row.
 */
export function ConfirmDisclosure({
  summary,
  summaryLabel,
  field,
  question,
  intent,
  confirm,
  disabled,
}: {
  /** The summary's content (icon and word). */
  summary: ReactNode;
  /** The summary's accessible name, naming the row. */
  summaryLabel: string;
  /** The hidden input that names the row. */
  field: { name: string; value: string };
  question: ReactNode;
  intent: string;
  confirm: string;
  disabled: boolean;
}) {
  return (
    <details className="group">
      <summary className="btn-secondary list-none" aria-label={summaryLabel}>
        {summary}
      </summary>
      <Form
        method="post"
        className="mt-2 flex flex-wrap items-center gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm dark:border-red-900 dark:bg-red-950"
      >
        <input type="hidden" name={field.name} value={field.value} />
        <span className="text-red-900 dark:text-red-100">{question}</span>
        <button type="submit" name="intent" value={intent} className="btn-danger" disabled={disabled}>
          {confirm}
        </button>
      </Form>
    </details>
  );
}
