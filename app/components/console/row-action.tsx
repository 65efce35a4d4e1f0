import { Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";

type RowActionProps = {
  /** The hidden input that names the row. */
  field: { name: string; value: string };
  intent: string;
  /** The button's accessible name, naming the row. */
  label: string;
  className?: string;
  disabled: boolean;
  /** The button's content (icon and word). */
  children: ReactNode;
};

/**
 * A row action that needs no second look (resend, retry, replay, enable): one button in its own
 * form that posts `intent` for one row, named for that row. A destructive one asks first:
 * `ConfirmDisclosure`.
 */
export function RowAction({ field, intent, label, className = "btn-secondary", disabled, children }: RowActionProps) {
  return (
    <Form method="post">
      <input type="hidden" name={field.name} value={field.value} />
      <button type="submit" name="intent" value={intent} className={className} disabled={disabled} aria-label={label}>
        {children}
      </button>
    </Form>
  );
}

/**
 * The Remove button of a dated entry's row (a host's override, a company closure): posts `intent` and
 * the entry's id; `label` is its accessible name, naming the entry.
 */
export function RemoveForm(props: { intent: string; id: string; label: string; disabled: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="id" value={props.id} />
      <button type="submit" className="btn-secondary" aria-label={props.label} disabled={props.disabled}>
        <Trash2 aria-hidden className="size-4" /> Remove
      </button>
    </Form>
  );
}
