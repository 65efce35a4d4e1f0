import { CheckCircle2, CircleAlert, Info, TriangleAlert } from "lucide-react";

export type Tone = "error" | "warning" | "info" | "success";

/** Spec §8: messages containing "Error" or "Failed" are red, "already has" amber, others green. */
export function messageTone(text: string): Tone {
  if (/Error|Failed/.test(text)) return "error";
  if (/already has/.test(text)) return "warning";
  return "success";
}

const TONES: Record<Tone, string> = {
  error: "border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200",
  warning: "border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100",
  info: "border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100",
  success:
    "border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
};

const ICONS = { error: CircleAlert, warning: TriangleAlert, info: Info, success: CheckCircle2 } as const;

/** An accessible status line (the spec's alerts): red for errors, amber warnings, blue info, green success. */
export function StatusMessage({
  text,
  testId = "status-message",
  tone = messageTone(text),
}: {
  text: string;
  testId?: string;
  tone?: Tone;
}) {
  const Icon = ICONS[tone];
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
