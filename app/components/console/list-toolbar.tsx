import { Search } from "lucide-react";
import { Form, Link } from "react-router";

/**
 * A console list's status filter: one pill link per value, the current one marked
 * `aria-current="page"`. Plain links, so filtering works without JavaScript.
 */
export function FilterPills<V extends string>({
  items,
  current,
  hrefFor,
  className = "flex flex-wrap gap-2",
}: {
  items: readonly { value: V; label: string; count?: number }[];
  current: V;
  hrefFor: (value: V) => string;
  className?: string;
}) {
  return (
    <nav aria-label="Filter by status" className={className}>
      {items.map((item) => (
        <Link
          key={item.value}
          to={hrefFor(item.value)}
          aria-current={item.value === current ? "page" : undefined}
          className={`rounded-full border px-3 py-1.5 text-sm font-medium capitalize ${
            item.value === current
              ? "border-brand-600 bg-brand-600 text-white dark:border-brand-400 dark:bg-brand-400 dark:text-slate-950"
              : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
          }`}
        >
          {item.label}
          {item.count !== undefined ? <span className="font-normal"> ({item.count})</span> : null}
        </Link>
      ))}
    </nav>
  );
}

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
  landmarkLabel,
  keep = {},
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
  /** Names this list's search landmark apart from the console's own search in the top bar. */
  landmarkLabel: string;
  /** Other filters the search keeps (hidden fields), e.g. the meetings' host. */
  keep?: Record<string, string>;
}) {
  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
      <FilterPills
        items={filters.map((filter) => ({ value: filter, label: labels[filter], count: counts?.[filter] }))}
        current={status as F}
        hrefFor={hrefFor}
      />
      <Form method="get" role="search" aria-label={landmarkLabel} className="flex gap-2">
        {status !== "all" ? <input type="hidden" name="status" value={status} /> : null}
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
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
