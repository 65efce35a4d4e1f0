import { Field } from "~/components/field";

/**
 * The "First day" / "Last day" pair of a console form that adds a date range (a company closure,
 * a host's override), named `from` and `to`. After a failed submit the page passes back what was
 * sent; each input is keyed by it, so the kept value shows even without JavaScript's own memory.
 */
export function DateRangeFields({ idPrefix, from, to }: { idPrefix: string; from?: string; to?: string }) {
  return (
    <>
      <Field id={`${idPrefix}-from`} label="First day">
        <input name="from" type="date" className="input" required defaultValue={from} key={`from-${from}`} />
      </Field>
      <Field id={`${idPrefix}-to`} label="Last day">
        <input name="to" type="date" className="input" required defaultValue={to} key={`to-${to}`} />
      </Field>
    </>
  );
}
