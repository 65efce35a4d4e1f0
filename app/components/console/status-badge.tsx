const TONES = {
  green:
    "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-400/30",
  amber: "bg-amber-50 text-amber-900 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-400/30",
  red: "bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-950 dark:text-red-200 dark:ring-red-400/30",
  blue: "bg-brand-50 text-brand-800 ring-brand-600/20 dark:bg-brand-950 dark:text-brand-100 dark:ring-brand-400/30",
  slate: "bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-400/30",
} as const;

const STATUS_TONE: Record<string, keyof typeof TONES> = {
  scheduled: "amber",
  confirmed: "blue",
  completed: "green",
  cancelled: "slate",
  draft: "slate",
  published: "green",
  pending: "amber",
  active: "green",
  expired: "red",
  rejected: "red",
  unverified: "slate",
  sent: "green",
  succeeded: "green",
  failed: "red",
  new: "blue",
  contacted: "slate",
  unsubscribed: "slate",
  disabled: "red",
};

/** A status as a coloured pill; the text itself carries the meaning (not the colour alone). */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  const tone = TONES[STATUS_TONE[status] ?? "slate"];
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium capitalize ring-1 ring-inset ${tone}`}
    >
      {label ?? status.replaceAll("_", " ")}
    </span>
  );
}
