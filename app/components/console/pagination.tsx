import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";

/** Spec §9: first, last, current ± 1, with ellipses between gaps. */
export function pageItems(current: number, total: number): (number | "gap")[] {
  const pages = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const items: (number | "gap")[] = [];
  for (const [i, page] of sorted.entries()) {
    const previous = sorted[i - 1];
    if (previous !== undefined && page - previous > 1) items.push("gap");
    items.push(page);
  }
  return items;
}

/** Page links that keep the other query parameters (plain links: they work without JavaScript). */
export function Pagination({
  page,
  totalPages,
  search,
  label,
}: {
  page: number;
  totalPages: number;
  /** The current query string, e.g. location.search. */
  search: string;
  label: string;
}) {
  if (totalPages <= 1) return null;
  const to = (p: number) => {
    const params = new URLSearchParams(search);
    if (p === 1) params.delete("page");
    else params.set("page", String(p));
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
  const base =
    "inline-flex min-w-10 items-center justify-center rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2";
  const idle = "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800";
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={to(page - 1)} className={`${base} ${idle}`} rel="prev">
          <ChevronLeft aria-hidden className="size-4" /> Previous
        </Link>
      ) : null}
      {pageItems(page, totalPages).map((item, i) =>
        item === "gap" ? (
          <span key={`gap-${i}`} className="px-2 text-slate-500 dark:text-slate-400" aria-hidden>
            …
          </span>
        ) : (
          <Link
            key={item}
            to={to(item)}
            aria-current={item === page ? "page" : undefined}
            aria-label={`Page ${item}`}
            className={`${base} ${item === page ? "bg-brand-600 text-white dark:bg-brand-400 dark:text-slate-950" : idle}`}
          >
            {item}
          </Link>
        ),
      )}
      {page < totalPages ? (
        <Link to={to(page + 1)} className={`${base} ${idle}`} rel="next">
          Next <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}
