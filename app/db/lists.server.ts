import { count, desc, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { db } from "./client.server";

/**
 * Spec §5 "Search": the text appears in any of `columns` (or expressions such as first and last
 * name joined), case-insensitive, taken literally. `instr` rather than LIKE: D1 refuses LIKE
 * patterns over 50 bytes, and `instr` has no wildcard characters to escape, so a search of any
 * length and any script is an ordinary (possibly empty) result. As with LIKE, case folding
 * covers ASCII letters (SQLite's `lower`).
 */
export function containsAny(text: string, columns: (SQLiteColumn | SQL)[]): SQL {
  const needle = text.toLowerCase();
  return or(...columns.map((column) => sql`instr(lower(${column}), ${needle}) > 0`)) as SQL;
}

type Listed = SQLiteTable & { id: SQLiteColumn; createdAt: SQLiteColumn };

/**
 * One page of a table's rows matching `where`, newest first (ties by id), and how many match in
 * all. `countWhere` is the same condition written for counting, when the page's form of it is
 * written for walking the newest-first index (the lead search's `+rowid`).
 */
export async function newestFirstPage<T extends Listed>(
  table: T,
  where: SQL | undefined,
  { page, limit }: { page: number; limit: number },
  countWhere: SQL | undefined = where,
): Promise<{ rows: T["$inferSelect"][]; total: number }> {
  const client = db();
  // A page far past the end (say ?page=1e23) is an empty page, not an OFFSET SQLite refuses.
  const wanted = (page - 1) * limit;
  const offset = Number.isFinite(wanted) ? Math.min(Math.max(0, wanted), Number.MAX_SAFE_INTEGER) : 0;
  const [rows, totals] = await client.batch([
    client
      .select()
      .from(table as SQLiteTable)
      .where(where)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(limit)
      .offset(offset),
    client
      .select({ n: count() })
      .from(table as SQLiteTable)
      .where(countWhere),
  ]);
  return { rows: rows as T["$inferSelect"][], total: totals[0]?.n ?? 0 };
}
