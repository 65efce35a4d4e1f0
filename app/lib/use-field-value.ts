import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * The value of an uncontrolled form field, for what the page derives from it (a counter, a
 * preview, whether a button is enabled). The field itself is never controlled: its `value` stays
 * the browser's (decision 047). The page's scripts start after the first paint (decision 036), so
 * a visitor may type, or the browser auto-fill, before React hydrates: a controlled field would
 * be reset to React's state at the next render and lose it. Instead the value is read from the
 * DOM once hydrated, then on every input.
 *
 * `normalize` (optional) tidies what was typed, in the field too: the code fields turn
 * "374 840" into "374840" as it is pasted (issue 30).
 *
 * Spread `{ ref, onChange }` onto the field (`defaultValue` as usual, for the server's HTML).
 */
export function useFieldValue<Element extends Field = HTMLInputElement>(
  initial: string,
  normalize?: (value: string) => string,
) {
  const ref = useRef<Element>(null);
  const [value, setValue] = useState(initial);
  const normalizeRef = useRef(normalize);
  normalizeRef.current = normalize;

  const read = useCallback((field: Element) => {
    const tidy = normalizeRef.current ? normalizeRef.current(field.value) : field.value;
    if (tidy !== field.value) field.value = tidy;
    setValue(tidy);
  }, []);

  // What is in the field at hydration: typed or auto-filled before the scripts started.
  useEffect(() => {
    if (ref.current) read(ref.current);
  }, [read]);

  const onChange = useCallback((event: FormEvent<Element>) => read(event.currentTarget), [read]);
  return { value, ref, onChange };
}
