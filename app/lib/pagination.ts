/** Pages needed for `total` items, at least one (an empty list still has its first page). */
export function pageCount(total: number, limit: number) {
  return Math.max(1, Math.ceil(total / limit));
}

/** The spec's Pagination object (§3) for a list page. */
export function paginationOf(page: number, limit: number, total: number) {
  return { currentPage: page, totalPages: pageCount(total, limit), totalItems: total, itemsPerPage: limit };
}
