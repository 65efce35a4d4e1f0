import { describe, expect, it } from "vitest";
import { z } from "zod";
import { pageQuery } from "./page-query";
import { MAX_PAGE, pageCount, pageItems, pageParam, paginationOf, showingRange } from "./pagination";

describe("the list toolkit", () => {
  it("counts at least one page: an empty list has its first page", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(1, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(paginationOf(1, 10, 0)).toEqual({ currentPage: 1, totalPages: 1, totalItems: 0, itemsPerPage: 10 });
  });

  it("shows first, last and current ±1 with ellipses", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 10)).toEqual([1, 2, "ellipsis-end", 10]);
    expect(pageItems(5, 10)).toEqual([1, "ellipsis-start", 4, 5, 6, "ellipsis-end", 10]);
    expect(pageItems(10, 10)).toEqual([1, "ellipsis-start", 9, 10]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("gives the Showing X to Y range, 0 to 0 when empty or past the end", () => {
    expect(showingRange(2, 10, 25)).toEqual({ from: 11, to: 20, total: 25 });
    expect(showingRange(3, 10, 25)).toEqual({ from: 21, to: 25, total: 25 });
    expect(showingRange(1, 10, 0)).toEqual({ from: 0, to: 0, total: 0 });
    expect(showingRange(4, 10, 25)).toEqual({ from: 0, to: 0, total: 25 });
  });

  it("reads ?page= only in its one plain spelling", () => {
    expect(pageParam(null)).toBe(1);
    expect(pageParam("2")).toBe(2);
    for (const bad of ["0", "02", "2.0", "-1", "", "x", "1e3"]) expect(pageParam(bad)).toBeNull();
  });

  it("parses page and limit with the same messages on every list", () => {
    const schema = z.object(pageQuery({ limit: 10, maxLimit: 100 }));
    expect(schema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(schema.parse({ page: "3", limit: "100" })).toEqual({ page: 3, limit: 100 });
    const message = (input: object) => schema.safeParse(input).error?.issues[0]?.message;
    expect(message({ page: "0" })).toBe("page must be a whole number from 1");
    expect(message({ page: "1.5" })).toBe("page must be a whole number from 1");
    expect(message({ page: "abc" })).toBe("page must be a whole number from 1");
    expect(message({ page: String(MAX_PAGE + 1) })).toBe("page is out of range");
    expect(message({ limit: "0" })).toBe("limit must be a whole number from 1 to 100");
    expect(message({ limit: "101" })).toBe("limit must be a whole number from 1 to 100");
  });
});
