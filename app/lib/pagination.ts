/*
 * The list toolkit (decision 025): one page/limit schema (`page-query.ts`, apart so that the
 * page links, which every public page loads, never pull zod into the browser), one page count, one list of page
 * links, one "Showing X to Y" range. Every paged list, HTML or /api, goes through these.
 */

/** The highest `page` any list accepts: far past any real list, small enough for an OFFSET. */
export const MAX_PAGE = 100_000;

/**
 * Pages needed for `total` items, at least one: an empty list still has its first page (the
 * one that says "nothing yet"), so `currentPage` 1 is always within `totalPages`.
 */
export function pageCount(total: number, limit: number) {
  return Math.max(1, Math.ceil(total / limit));
}

/** The spec's Pagination object (§3) for a list page. */
export function paginationOf(page: number, limit: number, total: number) {
  return { currentPage: page, totalPages: pageCount(total, limit), totalItems: total, itemsPerPage: limit };
}
export type Pagination = ReturnType<typeof paginationOf>;

/**
 * A `?page=` value from a URL: a whole number from 1 written plainly ("2", not "02", "2.0" or
 * "-1"), so every page has exactly one address. Absent means page 1; anything else is null.
 */
export function pageParam(value: string | null): number | null {
  if (value === null) return 1;
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) : null;
}

export type PageItem = number | "ellipsis-start" | "ellipsis-end";

/** Spec §9: first, last, current ± 1, with an ellipsis for each gap. */
export function pageItems(current: number, total: number): PageItem[] {
  const pages = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const [i, page] of sorted.entries()) {
    const previous = sorted[i - 1];
    if (previous !== undefined && page - previous > 1) items.push(page < current ? "ellipsis-start" : "ellipsis-end");
    items.push(page);
  }
  return items;
}

/** "Showing X to Y of Z" figures; an empty list, or a page past its end, shows 0 to 0. */
export function showingRange(page: number, limit: number, total: number) {
  const from = (page - 1) * limit + 1;
  if (from > total) return { from: 0, to: 0, total };
  return { from, to: Math.min(total, page * limit), total };
}
