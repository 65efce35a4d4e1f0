import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * What was typed into a form and not sent yet survives Back, Forward and a reload (decision 048).
 *
 * Without JavaScript the browser does this itself: it restores a page's fields when it shows the
 * page's history entry again. With JavaScript, React Router renders the entry afresh and the
 * fields start from the server's values. So the form's fields are kept per history entry (React
 * Router's `location.key`, which the browser keeps across a reload) in the tab's sessionStorage,
 * and put back when that entry is shown again.
 *
 * Only fields still as the server rendered them are put back: what was typed since (also before
 * hydration, decision 047) always wins. Passwords, hidden fields, files and fields hidden from
 * people (the honeypot) are never kept. sessionStorage belongs to the tab and goes with it, as
 * the browser's own restored fields do.
 */
export function useKeptInput(formId: string) {
  const { key } = useLocation();
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const storageKey = `typed:${key}:${formId}`;
    restore(form, read(storageKey));
    const save = () => write(storageKey, snapshot(form));
    form.addEventListener("input", save);
    form.addEventListener("change", save);
    return () => {
      form.removeEventListener("input", save);
      form.removeEventListener("change", save);
    };
  }, [formId, key]);
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Kept = Record<string, string | boolean>;

const NOT_KEPT = new Set(["hidden", "password", "file", "submit", "button", "reset", "image"]);

const isField = (element: unknown): element is Field =>
  (element instanceof HTMLInputElement && !NOT_KEPT.has(element.type)) ||
  element instanceof HTMLTextAreaElement ||
  element instanceof HTMLSelectElement;

function keptFields(form: HTMLFormElement): Field[] {
  const fields: Field[] = [];
  for (const element of Array.from(form.elements)) {
    if (isField(element) && element.name !== "" && !element.closest("[aria-hidden='true']")) fields.push(element);
  }
  return fields;
}

const checkable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");

/** A checkbox or radio by name and value; any other field by name. */
const keyOf = (field: Field) => (checkable(field) ? `${field.name}=${field.value}` : field.name);

function snapshot(form: HTMLFormElement): Kept {
  const kept: Kept = {};
  for (const field of keptFields(form)) {
    kept[keyOf(field)] = checkable(field) ? field.checked : field.value;
  }
  return kept;
}

/** Whether the field (a radio: its whole group) still shows what the server rendered. */
function untouched(field: Field, form: HTMLFormElement): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].every((o) => o.selected === o.defaultSelected);
  if (!checkable(field)) return field.value === field.defaultValue;
  if (field.type === "checkbox") return field.checked === field.defaultChecked;
  return keptFields(form)
    .filter((other): other is HTMLInputElement => checkable(other) && other.name === field.name)
    .every((radio) => radio.checked === radio.defaultChecked);
}

function restore(form: HTMLFormElement, kept: Kept | null) {
  if (!kept) return;
  // Decided before any field changes, so a radio group is judged as the server rendered it.
  const fields = keptFields(form).filter((field) => keyOf(field) in kept && untouched(field, form));
  for (const field of fields) {
    const value = kept[keyOf(field)];
    if (checkable(field)) field.checked = value === true;
    else if (typeof value === "string") field.value = value;
  }
}

function read(storageKey: string): Kept | null {
  try {
    const raw = sessionStorage.getItem(storageKey);
    return raw ? (JSON.parse(raw) as Kept) : null;
  } catch {
    // Storage off (a private mode) or unreadable: the fields start as the server rendered them.
    return null;
  }
}

function write(storageKey: string, kept: Kept) {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(kept));
  } catch {
    // Full or off: nothing is kept, as without this hook.
  }
}
