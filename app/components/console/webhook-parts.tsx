import { KeyRound } from "lucide-react";
import { EVENT_GROUPS } from "~/domain/integrations/forms";

/** The event checkboxes of an endpoint form, grouped by entity; one error for the whole set. */
export function EventChecklist({
  idPrefix,
  checked,
  error,
}: {
  idPrefix: string;
  checked: readonly string[];
  error?: string;
}) {
  const errorId = `${idPrefix}-events-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium">Events</legend>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">
        {EVENT_GROUPS.map((group) => (
          <div key={group.label}>
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
              {group.label}
            </p>
            <ul className="mt-1 space-y-1">
              {group.events.map((event) => (
                <li key={event.value}>
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="events"
                      value={event.value}
                      defaultChecked={checked.includes(event.value)}
                      className="mt-1"
                    />
                    <span className="min-w-0">
                      <span className="font-mono text-xs break-all">{event.value}</span>
                      <span className="block text-xs text-slate-600 dark:text-slate-300">{event.hint}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A signing secret, shown in the response that made it and never again. */
export function SecretOnce({ secret, intro }: { secret: string; intro: string }) {
  return (
    <div
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      data-testid="webhook-secret"
    >
      <p className="flex items-center gap-2 font-semibold">
        <KeyRound aria-hidden className="size-4" /> {intro}
      </p>
      <p className="mt-1">Copy it into your receiver now: it is shown only once.</p>
      <code className="mt-2 block rounded bg-white px-3 py-2 font-mono text-xs break-all select-all dark:bg-slate-900">
        {secret}
      </code>
    </div>
  );
}
