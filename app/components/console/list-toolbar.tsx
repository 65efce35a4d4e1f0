import { Search } from "lucide-react";
import { Form, Link } from "react-router";

/**
 * A console list's status filter pills and its search box. Both are plain links and a GET form,
 * so filtering and searching work without JavaScript and keep their state in the URL.
 */
export function ListToolbar<F extends string>({
  filters,
  labels,
  counts,
  status,
  q,
  hrefFor,
  searchId,
  searchLabel = "Search by name or company",
}: {
  filters: readonly F[];
  labels: Record<F, string>;
  /** Shown beside each label when given. */
  counts?: Record<F, number>;
  status: F | "all";
  q: string;
  hrefFor: (status: F) => string;
  searchId: string;
  searchLabel?: string;
}) {
  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
      <nav aria-label="Filter by status" className="flex flex-wrap gap-2">
        {filters.map((filter) => (
          <Link
            key={filter}
            to={hrefFor(filter)}
            aria-current={filter === status ? "page" : undefined}
            className={`rounded-full border px-3 py-1.5 text-sm font-medium ${
              filter === status
                ? "border-brand-600 bg-brand-600 text-white dark:border-brand-400 dark:bg-brand-400 dark:text-slate-950"
                : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
            }`}
          >
            {labels[filter]}
            {counts ? <span className="font-normal"> ({counts[filter]})</span> : null}
          </Link>
        ))}
      </nav>
      <Form method="get" role="search" className="flex gap-2">
        {status !== "all" ? <input type="hidden" name="status" value={status} /> : null}
        <label htmlFor={searchId} className="sr-only">
          {searchLabel}
        </label>
        <input
          id={searchId}
          type="search"
          name="q"
          defaultValue={q}
          key={q}
          maxLength={100}
          placeholder={searchLabel}
          className="input w-full lg:w-72"
        />
        <button type="submit" className="btn-secondary" aria-label="Search">
          <Search aria-hidden className="size-4" />
        </button>
      </Form>
    </div>
  );
}
