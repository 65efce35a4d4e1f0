import type { LucideIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Pagination } from "~/components/pagination";

/** What a settings card or panel holds: the section's own attributes, its heading, icon and line, its body. */
type CardProps = {
  id: string;
  title: string;
  icon?: LucideIcon;
  description?: ReactNode;
  children: ReactNode;
} & Omit<ComponentProps<"section">, "id" | "title" | "aria-labelledby" | "className">;

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
}: CardProps & {
  /** Beside the heading, in the header: the card's filters or actions. */
  toolbar?: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="card" {...section}>
      <div className="border-b border-slate-100 px-5 py-4 dark:border-slate-800">
        <CardHeading id={headingId} title={title} icon={Icon} size="font-semibold" />
        {description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</p> : null}
        {toolbar}
      </div>
      {children}
    </section>
  );
}

/**
 * A settings panel: a padded card holding one form or list, named by its heading
 * (`${id}-heading`, larger than a `SettingsCard`'s), with an optional icon and a line under the
 * heading that says what it does; a form of short fields keeps to a `width`.
 */
export function SettingsPanel({
  id,
  title,
  icon,
  description,
  width,
  children,
  ...section
}: CardProps & { width?: "max-w-2xl" | "max-w-3xl" }) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className={width ? `card ${width} p-6` : "card p-6"} {...section}>
      <CardHeading id={headingId} title={title} icon={icon} size="text-lg font-semibold" />
      {description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</p> : null}
      {children}
    </section>
  );
}

/** The heading of a settings card or panel, after its icon when it has one. */
function CardHeading({
  id,
  title,
  icon: Icon,
  size,
}: {
  id: string;
  title: string;
  icon?: LucideIcon;
  size: "font-semibold" | "text-lg font-semibold";
}) {
  // A title may hold a person's name, which can be one long unbroken word: it wraps anywhere
  // rather than running out of the card, and the icon keeps its size beside it.
  if (!Icon) {
    return (
      <h2 id={id} className={`wrap-anywhere ${size}`}>
        {title}
      </h2>
    );
  }
  return (
    <h2 id={id} className={`flex items-center gap-2 ${size}`}>
      <Icon aria-hidden className="size-5 shrink-0 text-brand-600 dark:text-brand-300" />
      <span className="min-w-0 wrap-anywhere">{title}</span>
    </h2>
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

/** A card's page links, in a footer under its list; nothing when the list fits on one page. */
export function CardPagination(props: ComponentProps<typeof Pagination>) {
  if (props.totalPages <= 1) return null;
  return (
    <div className="border-t border-slate-100 px-5 py-4 dark:border-slate-800">
      <Pagination {...props} />
    </div>
  );
}
