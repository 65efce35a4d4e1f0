import { HONEYPOT_FIELD } from "~/lib/honeypot";

/**
 * The honeypot field (app/lib/honeypot.ts): hidden from people and assistive technology,
 * tempting to bots. `id` must be unique on the page (the footer's newsletter box is on it too).
 */
export function Honeypot({ id, className = "hidden" }: { id: string; className?: string }) {
  return (
    <div className={className} aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
