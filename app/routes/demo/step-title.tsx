import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** The heading of a /demo step (date, time, callback): its icon in the brand colour, then the words. */
export function StepTitle({ id, icon: Icon, children }: { id: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
      <Icon aria-hidden className="size-5 text-brand-600 dark:text-brand-300" />
      {children}
    </h2>
  );
}
