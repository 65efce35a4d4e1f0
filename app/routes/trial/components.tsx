const STEP_LABELS = ["About you", "Your work", "Finish"] as const;

export function StepIndicator({ step }: { step: 1 | 2 | 3 }) {
  return (
    <div>
      <p className="text-sm font-semibold text-brand-700 dark:text-brand-300" data-testid="step-indicator">
        Step {step} of 3
      </p>
      <ol role="list" className="mt-3 grid grid-cols-3 gap-2" aria-label="Signup progress">
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
