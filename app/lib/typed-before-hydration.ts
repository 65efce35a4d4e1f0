/**
 * Nothing typed before hydration is lost (decision 047). The page's scripts start after the
 * first paint (decision 036), so a visitor may type, or the browser auto-fill, into a page React
 * has not hydrated yet. Most fields keep it: they are uncontrolled, and React leaves an input's
 * value alone when it hydrates. One case does not: React hydrates a `<textarea>` whose
 * server-rendered text is not empty by setting its value back to that text (react-dom 19's
 * `initTextarea`), so a post's content or a step's answer typed early was erased.
 *
 * `holdTypedValues()` (entry.client.tsx, before hydration starts) notes every field a person has
 * changed, and keeps noting changes while React hydrates. `restoreTypedValues()` (root.tsx, once
 * the document has hydrated) puts back each value that hydration returned to the server's, and
 * tells React with the event its `onChange` listens to, so state derived from the field follows.
 * A field the app changed on purpose since (a code tidied as it was pasted) is left as it is:
 * only a field back at its server-rendered value is restored.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Typed = { value: string; checked: boolean; selected: boolean[] };

let held: { typed: Map<Field, Typed>; stop: () => void } | null = null;

const NOT_TYPED = new Set(["hidden", "submit", "button", "reset", "image", "file"]);

function isField(target: unknown): target is Field {
  if (target instanceof HTMLInputElement) return !NOT_TYPED.has(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

const checkable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");

const read = (field: Field): Typed => ({
  value: field.value,
  checked: checkable(field) && field.checked,
  selected: field instanceof HTMLSelectElement ? Array.from(field.options, (option) => option.selected) : [],
});

/** Whether the field shows what the server rendered. */
function atServerValue(field: Field) {
  if (field instanceof HTMLSelectElement)
    return Array.from(field.options).every((o) => o.selected === o.defaultSelected);
  if (checkable(field)) return field.checked === field.defaultChecked;
  return field.value === field.defaultValue;
}

export function holdTypedValues() {
  if (held || typeof document === "undefined") return;
  const typed = new Map<Field, Typed>();
  for (const element of Array.from(document.querySelectorAll("input, textarea, select"))) {
    if (isField(element) && !atServerValue(element)) typed.set(element, read(element));
  }
  // Typing goes on while React hydrates (it yields to the browser between pieces of work).
  const note = (event: Event) => {
    if (isField(event.target) && event.isTrusted) typed.set(event.target, read(event.target));
  };
  document.addEventListener("input", note, true);
  document.addEventListener("change", note, true);
  const stop = () => {
    document.removeEventListener("input", note, true);
    document.removeEventListener("change", note, true);
  };
  held = { typed, stop };
}

export function restoreTypedValues() {
  if (!held) return;
  const { typed, stop } = held;
  held = null;
  stop();
  for (const [field, value] of typed) {
    if (!field.isConnected || !atServerValue(field)) continue;
    if (checkable(field)) {
      field.checked = value.checked;
    } else if (field instanceof HTMLSelectElement) {
      Array.from(field.options).forEach((option, i) => {
        option.selected = value.selected[i] ?? false;
      });
      field.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (field.value !== value.value) {
      field.value = value.value;
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
}
