import { count, desc, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { db } from "./client.server";

/** `%text%` for LIKE, lower-cased, with %, _ and the escape character of the text taken literally. */
export function likePattern(text: string) {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Spec §5 "Search": the text appears in any of `columns` (or expressions such as first and last
 * name joined), case-insensitive, taken literally.
 */
export function containsAny(text: string, columns: (SQLiteColumn | SQL)[]): SQL {
  const pattern = likePattern(text);
  return or(...columns.map((column) => sql`lower(${column}) LIKE ${pattern} ESCAPE '\\'`)) as SQL;
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
