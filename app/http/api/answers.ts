import { paginationOf } from "~/lib/pagination";

/*
 * The success answers `schemas.ts` declares, built once: a handler hands over its data and the
 * envelope (and the 201 of `created()`) stays the same for every endpoint.
 */

/** The answer `created()` declares: 201 with `{ success: true, data }`. */
export function createdAnswer(data: unknown) {
  return Response.json({ success: true, data }, { status: 201 });
}

/**
 * The answer `paged()` declares: one page of a list asked for with `page` and `limit`, the
 * items in `data` and the numbers of the whole list in `pagination`.
 */
export function pageAnswer<T>(query: { page: number; limit: number }, total: number, data: T[]) {
  return { success: true, data, pagination: paginationOf(query.page, query.limit, total) };
}
