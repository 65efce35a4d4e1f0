/** Pages needed for `total` items, at least one (an empty list still has its first page). */
export function pageCount(total: number, limit: number) {
  return Math.max(1, Math.ceil(total / limit));
}

/** The spec's Pagination object (§3) for a list page. */
export function paginationOf(page: number, limit: number, total: number) {
  return { currentPage: page, totalPages: pageCount(total, limit), totalItems: total, itemsPerPage: limit };
}

/**
 * A `?page=` value from a URL: a whole number from 1 written plainly ("2", not "02", "2.0" or
 * "-1"), so every page has exactly one address. Absent means page 1; anything else is null.
 */
export function pageParam(value: string | null): number | null {
  if (value === null) return 1;
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) : null;
}
