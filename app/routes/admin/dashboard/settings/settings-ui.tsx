import type { LucideIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";

/**
 * A settings card: a section named by its heading (`${id}-heading`), with an optional icon
 * a line under the heading that says what the card holds and its filters or actions; the body
 * follows the header.
 */
export function SettingsCard({
  id,
  title,
  icon: Icon,
  description,
  toolbar,
  children,
  ...section
}: {
  id: string;
  title: string;
  icon?: LucideIcon;
  description?: ReactNode;
  /** Beside the heading, in the header: the card's filters or actions. */
  toolbar?: ReactNode;
  children: ReactNode;
} & Omit<ComponentProps<"section">, "id" | "title" | "aria-labelledby" | "className">) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="card" {...section}>
      <div className="border-b border-slate-100 px-5 py-4 dark:border-slate-800">
        {Icon ? (
          <h2 id={headingId} className="flex items-center gap-2 font-semibold">
            <Icon aria-hidden className="size-5 text-brand-600 dark:text-brand-300" />
            {` ${title}`}
          </h2>
        ) : (
          <h2 id={headingId} className="font-semibold">
            {title}
          </h2>
        )}
        {description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</p> : null}
        {toolbar}
      </div>
      {children}
    </section>
  );
}

/** A card's list, one row an item, or the line that says there is none yet. */
export function CardList<T>({
  items,
  empty,
  testId,
  children,
}: {
  items: readonly T[];
  empty: string;
  testId: string;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p className="px-5 py-4 text-sm text-slate-600 dark:text-slate-300">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid={testId}>
      {items.map(children)}
    </ul>
  );
}

/**
 * An email's HTML part, as the email log and the newsletter preview show it: in a sandbox with
 * no referrer, over `emailPreviewDocument`'s policy: no script runs and no remote image or font loads.
 */
export function EmailHtmlFrame({ subject, html, testId }: { subject: string; html: string; testId: string }) {
  return (
    <iframe
      title={`HTML version of “${subject}”`}
      sandbox=""
      srcDoc={html}
      referrerPolicy="no-referrer"
      className="mt-2 h-[32rem] w-full rounded-lg border border-slate-200 bg-white dark:border-slate-700"
      data-testid={testId}
    />
  );
}

/** An email's text part, line for line as it is sent. */
export function EmailTextPart({ text, testId }: { text: string; testId: string }) {
  return (
    <pre
      className="mt-2 max-h-[32rem] overflow-auto rounded-lg bg-slate-50 p-4 font-mono text-sm whitespace-pre-wrap break-words text-slate-900 dark:bg-slate-950 dark:text-slate-100"
      data-testid={testId}
    >
      {text}
    </pre>
  );
}
