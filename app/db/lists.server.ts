import { count, desc, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { db } from "./client.server";

/**
 * Spec §5 "Search": the text appears in any of `columns` (or expressions such as first and last
 * name joined), case-insensitive, taken literally. `instr` rather than LIKE: D1 refuses LIKE
 * patterns over 50 bytes, which 100 characters of search text (or 13 of Devanagari) exceed.
 */
export function containsAny(text: string, columns: (SQLiteColumn | SQL)[]): SQL {
  return or(...columns.map((column) => sql`instr(lower(${column}), lower(${text})) > 0`)) as SQL;
}

type Listed = SQLiteTable & { id: SQLiteColumn; createdAt: SQLiteColumn };

/** One page of a table's rows matching `where`, newest first (ties by id), and how many match in all. */
export async function newestFirstPage<T extends Listed>(
  table: T,
  where: SQL | undefined,
  { page, limit }: { page: number; limit: number },
): Promise<{ rows: T["$inferSelect"][]; total: number }> {
  const client = db();
  const [rows, totals] = await client.batch([
    client
      .select()
      .from(table as SQLiteTable)
      .where(where)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(limit)
      .offset((page - 1) * limit),
    client
      .select({ n: count() })
      .from(table as SQLiteTable)
      .where(where),
  ]);
  return { rows: rows as T["$inferSelect"][], total: totals[0]?.n ?? 0 };
}
