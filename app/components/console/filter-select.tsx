/**
 * One filter of a console list's GET form: a labelled <select> whose first option ("All …")
 * sends an empty value. It is keyed by the current value, so after a client-side navigation
 * (Clear, a pill, the back button) it shows the filter in the URL instead of the last choice.
 */
export function FilterSelect({
  id,
  name,
  label,
  hideLabel = false,
  all,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  /** A compact toolbar: the first option ("All plans") says what the field is; the label stays for screen readers. */
  hideLabel?: boolean;
  all: string;
  value: string;
  options: { value: string; label: string }[];
}) {
  return (
    <>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "label"}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} key={`${name}-${value}`} className="input">
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}
