import { paginationOf } from "~/lib/pagination";

/**
 * The answer `paged()` declares: one page of a list asked for with `page` and `limit`, the
 * items in `data` and the numbers of the whole list in `pagination`.
 */
export function pageAnswer<T>(query: { page: number; limit: number }, total: number, data: T[]) {
  return { success: true, data, pagination: paginationOf(query.page, query.limit, total) };
}
