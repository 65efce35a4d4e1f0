import type { ReactNode } from "react";

/**
 * A settings card listing what waits for a decision (registrations to approve, invitations not
 * yet accepted): a heading and what the actions do, then one row per item or a line saying
 * there are none.
 */
export function PendingList<T extends { id: string }>({
  headingId,
  icon,
  heading,
  intro,
  empty,
  items,
  listTestId,
  itemTestId,
  children,
}: {
  headingId: string;
  icon?: ReactNode;
  heading: string;
  intro: ReactNode;
  empty: string;
  items: readonly T[];
  listTestId: string;
  itemTestId: string;
  /** The row's content. */
  children: (item: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="card">
      <div className="border-b border-slate-100 px-5 py-4 dark:border-slate-800">
        {icon ? (
          <h2 id={headingId} className="flex items-center gap-2 font-semibold">
            {icon} {heading}
          </h2>
        ) : (
          <h2 id={headingId} className="font-semibold">
            {heading}
          </h2>
        )}
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{intro}</p>
      </div>
      {items.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-600 dark:text-slate-300">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid={listTestId}>
          {items.map((item) => (
            <li
              key={item.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-3 px-5 py-4"
              data-testid={itemTestId}
            >
              {children(item)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
