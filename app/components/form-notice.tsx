import { href, Link } from "react-router";
import { type FormNoticeItems, NOTICE_VERSION } from "~/lib/consent";

/**
 * A form's short itemised privacy notice (decision 087): what it collects, why, how long it is
 * kept, and the full notice. The version named here is the one the ledger records for this form.
 */
export function FormNotice({ notice: items, className = "" }: { notice: FormNoticeItems; className?: string }) {
  const form = items.form;
  return (
    // A note, not a landmark: a page may show two (a form's and the footer's newsletter box).
    <div
      role="note"
      aria-label="How we use these details"
      data-testid="form-notice"
      data-notice-version={NOTICE_VERSION}
      className={`rounded-lg border border-slate-200 bg-slate-50 p-3 text-xs text-slate-600 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-300 ${className}`}
    >
      <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="font-semibold text-slate-800 dark:text-slate-100">What we collect</dt>
        <dd>{items.what}</dd>
        <dt className="font-semibold text-slate-800 dark:text-slate-100">Why</dt>
        <dd>{items.why}</dd>
        <dt className="font-semibold text-slate-800 dark:text-slate-100">How long</dt>
        <dd>{items.kept}</dd>
      </dl>
      <p className="mt-2">
        <Link
          to={`${href("/privacy")}#${form}`}
          className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          Privacy notice (version {NOTICE_VERSION})
        </Link>
        : your rights, and how to withdraw consent.
      </p>
    </div>
  );
}
