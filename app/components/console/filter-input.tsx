/**
 * One free-text filter of a console list's GET form: a label and a text (or search) input, the
 * companion of FilterSelect. It is keyed by the current value, so after a client-side navigation
 * (Clear, a pill, the back button) it shows the filter in the URL instead of the last typing.
 */
export function FilterInput({
  id,
  name,
  label,
  value,
  type = "text",
  maxLength,
  placeholder,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  type?: "text" | "search";
  maxLength: number;
  placeholder?: string;
}) {
  return (
    <>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={value}
        key={`${name}-${value}`}
        maxLength={maxLength}
        placeholder={placeholder}
        className="input"
      />
    </>
  );
}
