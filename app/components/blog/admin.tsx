import { CheckCircle2, CircleAlert } from "lucide-react";
import type { BlogPost } from "~/db/schema";

export function BlogStatusBadge({ status, scheduled = false }: { status: BlogPost["status"]; scheduled?: boolean }) {
  if (status === "draft" && scheduled) {
    // A draft with a publish time (decision 028).
    return (
      <span
        data-testid="status-badge"
        className="rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-900 dark:bg-sky-950 dark:text-sky-200"
      >
        Scheduled
      </span>
    );
  }
  return status === "published" ? (
    <span
      data-testid="status-badge"
      className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
    >
      Published
    </span>
  ) : (
    <span
      data-testid="status-badge"
      className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200"
    >
      Draft
    </span>
  );
}

/** A success message (spec alerts become accessible status messages, PRODUCT.md). */
export function Notice({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return (
    <p
      role="status"
      className={`flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100 ${className}`}
    >
      <CheckCircle2 aria-hidden className="size-4 shrink-0" />
      {children}
    </p>
  );
}

export function ErrorAlert({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return (
    <p
      role="alert"
      data-testid="blog-error"
      className={`flex items-center gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200 ${className}`}
    >
      <CircleAlert aria-hidden className="size-4 shrink-0" />
      {children}
    </p>
  );
}

/** A draft waiting for review (decision 069), beside its status badge. */
export function InReviewBadge() {
  return (
    <span
      data-testid="review-badge"
      className="rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-900 dark:bg-violet-950 dark:text-violet-200"
    >
      In review
    </span>
  );
}
