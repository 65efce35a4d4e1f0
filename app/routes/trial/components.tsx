import { CheckCircle2, CircleAlert, Info } from "lucide-react";
import type { ReactNode } from "react";

/** Spec §8: messages containing "Error" or "Failed" are red, "already has" amber, others green. */
export function messageTone(text: string): "error" | "warning" | "success" {
  if (/Error|Failed/.test(text)) return "error";
  if (/already has/.test(text)) return "warning";
  return "success";
}

const TONES = {
  error: "border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200",
  warning: "border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100",
  success:
    "border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
} as const;

export function StatusMessage({
  text,
  testId = "status-message",
  tone = messageTone(text),
}: {
  text: string;
  testId?: string;
  tone?: "error" | "warning" | "success";
}) {
  const Icon = tone === "error" ? CircleAlert : tone === "warning" ? Info : CheckCircle2;
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      data-testid={testId}
      data-tone={tone}
      className={`flex items-start gap-2 rounded-lg border px-3 py-2 text-sm ${TONES[tone]}`}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}

export function FieldError({ id, error }: { id?: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="field-error">
      {error}
    </p>
  );
}

export function FieldLabel({ htmlFor, children, optional }: { htmlFor: string; children: ReactNode; optional?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="label">
      {children}
      {optional ? <span className="ml-1 font-normal text-slate-500 dark:text-slate-400">(optional)</span> : null}
    </label>
  );
}

const STEP_LABELS = ["About you", "Your work", "Finish"] as const;

export function StepIndicator({ step }: { step: 1 | 2 | 3 }) {
  return (
    <div>
      <p className="text-sm font-semibold text-brand-700 dark:text-brand-300" data-testid="step-indicator">
        Step {step} of 3
      </p>
      <ol className="mt-3 grid grid-cols-3 gap-2" aria-label="Signup progress">
        {STEP_LABELS.map((label, index) => {
          const number = index + 1;
          const state = number < step ? "done" : number === step ? "current" : "todo";
          return (
            <li key={label} aria-current={state === "current" ? "step" : undefined}>
              <span
                className={`block h-1.5 rounded-full ${
                  state === "todo" ? "bg-slate-200 dark:bg-slate-700" : "bg-brand-600 dark:bg-brand-400"
                }`}
              />
              <span
                className={`mt-2 block text-xs ${
                  state === "current"
                    ? "font-semibold text-slate-900 dark:text-white"
                    : "text-slate-600 dark:text-slate-400"
                }`}
              >
                {label}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** A field bots fill and people never see; a filled honeypot stores nothing. */
export const HONEYPOT_FIELD = "contact_me_by_fax";

export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
      <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
