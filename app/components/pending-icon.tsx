import { Loader2, type LucideIcon } from "lucide-react";

/** A submit button's icon: a spinner while its own submission is pending, else its icon (if it has one). */
export function PendingIcon({ pending, icon: Icon }: { pending: boolean; icon?: LucideIcon }) {
  if (pending) return <Loader2 aria-hidden className="size-4 animate-spin" />;
  return Icon ? <Icon aria-hidden className="size-4" /> : null;
}
