import { cloneElement, type ReactElement, type ReactNode } from "react";
import { FieldError } from "./field-error";
import { LengthHint } from "./length-hint";

/** What a `Field` hands its control: spread it on the input, textarea or select. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/**
 * The control's `aria-invalid` and `aria-describedby`: the hint and length hint named when they
 * are on the page, the error while there is one. `Field` wires its control with it; a control of
 * another shape (a radio group's fieldset, a checkbox inside its label, an input sharing a row
 * with its button) spreads it itself, so every form describes its fields the same way.
 */
export function describedBy({
  hintId,
  lengthId,
  errorId,
  error,
}: {
  hintId?: string;
  lengthId?: string;
  errorId: string;
  error?: string | null;
}): Omit<FieldControlProps, "id"> {
  const ids = [hintId, lengthId, error ? errorId : undefined].filter(Boolean).join(" ");
  return { "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined };
}

/**
 * One form field: its label, an optional hint, the control and its error, wired once (issue 24).
 * The control is the child, any element (input, textarea, select, an input with `useFieldValue`'s
 * ref, a component that spreads its props on one): it gets the `id` the label points at,
 * `aria-invalid` while there is an error and `aria-describedby` naming the hint, the length hint
 * and the error that are on the page, over whatever it was given (conform's own aria props
 * included). A render prop `(control) => …` works too, for a control that places them itself. The hint's id
 * is `${id}-hint` and the error's `${id}-error` unless given (conform names its own `errorId`);
 * a long text field passes its limit as `maxLength` to get the `LengthHint` (`${id}-length`) too.
 */
export function Field({
  id,
  label,
  note,
  hint,
  error,
  hintId = `${id}-hint`,
  errorId = `${id}-error`,
  maxLength,
  hintAbove = false,
  hintClassName = "mt-1 text-xs text-slate-600 dark:text-slate-400",
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  /** Grey words in brackets after the label, such as "optional". */
  note?: string;
  /** A line under the control that says what it takes (shown always, read with the control). */
  hint?: ReactNode;
  error?: string;
  hintId?: string;
  errorId?: string;
  /** The control's length limit (the same constant as its `maxLength`): shows the `LengthHint` under it. */
  maxLength?: number;
  /** The hint between the label and the control (a note to read before typing) rather than under it. */
  hintAbove?: boolean;
  hintClassName?: string;
  className?: string;
  children: ReactElement<Partial<FieldControlProps>> | ((control: FieldControlProps) => ReactNode);
}) {
  const lengthId = `${id}-length`;
  const control: FieldControlProps = {
    id,
    ...describedBy({ hintId: hint ? hintId : undefined, lengthId: maxLength ? lengthId : undefined, errorId, error }),
  };
  const hintLine = hint ? (
    <p id={hintId} className={hintClassName}>
      {hint}
    </p>
  ) : null;
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
        {note ? <span className="font-normal text-slate-500 dark:text-slate-400"> ({note})</span> : null}
      </label>
      {hintAbove ? hintLine : null}
      {typeof children === "function" ? children(control) : cloneElement(children, control)}
      {hintAbove ? null : hintLine}
      {maxLength ? <LengthHint id={lengthId} forId={id} max={maxLength} /> : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** The `Field` props of a conform field: its id, its error id and its first error. */
export function conformField(meta: { id: string; errorId: string; errors?: string[] }) {
  return { id: meta.id, errorId: meta.errorId, error: meta.errors?.[0] };
}
