import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { pageItems } from "~/lib/pagination";

/** `?page=N` on the current query string; page 1 drops the parameter so it has one address. */
export function pageSearch(search: string, page: number) {
  const params = new URLSearchParams(search);
  if (page === 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/**
 * Page links (spec §9: Previous, first, last, current ± 1 with ellipses, Next) as plain links,
 * so they work without JavaScript. Renders nothing for a single page. The link of a page is
 * `href(page)`, or by default the current query string with `page` set.
 */
export function Pagination({
  page,
  totalPages,
  search = "",
  href,
  label,
  className = "flex flex-wrap items-center justify-center gap-1",
  current = "bg-brand-600 text-white dark:bg-brand-400 dark:text-slate-950",
}: {
  page: number;
  totalPages: number;
  /** The current query string, e.g. location.search (used when `href` is not given). */
  search?: string;
  href?: (page: number) => string;
  label: string;
  className?: string;
  /** Classes of the current page's link. */
  current?: string;
}) {
  if (totalPages <= 1) return null;
  const to = href ?? ((p: number) => pageSearch(search, p));
  const base =
    "inline-flex min-w-10 items-center justify-center gap-1 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2";
  const idle = "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800";
  return (
    <nav aria-label={label} className={className}>
      {page > 1 ? (
        <Link to={to(page - 1)} className={`${base} ${idle}`} rel="prev">
          <ChevronLeft aria-hidden className="size-4" /> Previous
        </Link>
      ) : null}
      {pageItems(page, totalPages).map((item) =>
        typeof item === "number" ? (
          <Link
            key={item}
            to={to(item)}
            aria-current={item === page ? "page" : undefined}
            aria-label={`Page ${item}`}
            className={`${base} ${item === page ? current : idle}`}
          >
            {item}
          </Link>
        ) : (
          <span key={item} className="px-2 text-slate-600 dark:text-slate-300" aria-hidden>
            …
          </span>
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
