import { getTableColumns, is, type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../../app/db/schema";

/**
 * The end-to-end suite's clean-up (decisions 027, 059): after each Playwright test, every row
 * carrying one of the unique values the test made up (emails, client addresses, words in titles)
 * or naming one of the API sessions it opened is deleted straight from the local D1 database, by
 * the test process; nothing of it is in the Worker.
 *
 * The tables come from the drizzle schema, not from a list: a row goes when any of its text
 * columns contains a mark, and so do the rows whose text columns name such a row's id (audit
 * entries about it, images and redirects of a post; foreign keys cascade the rest). A new table
 * is cleaned without editing anything here.
 */

const tables = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));

/** Children before parents (by their foreign keys), so no delete is refused by a reference. */
function childrenFirst(all: SQLiteTable[]): SQLiteTable[] {
  const parents = new Map(
    all.map((table) => [
      table,
      new Set(
        getTableConfig(table)
          .foreignKeys.map((key) => key.reference().foreignTable)
          .filter((parent) => parent !== table),
      ),
    ]),
  );
  const ordered: SQLiteTable[] = [];
  const visit = (table: SQLiteTable, seen: Set<SQLiteTable>) => {
    if (ordered.includes(table) || seen.has(table)) return;
    seen.add(table);
    for (const [child, itsParents] of parents) if (itsParents.has(table)) visit(child, seen);
    ordered.push(table);
  };
  for (const table of all) visit(table, new Set());
  return ordered;
}

const ordered = childrenFirst(tables);
/** Every column stored as text, JSON ones included (emails inside a signup draft's fields). */
const textColumns = (table: SQLiteTable) =>
  Object.values(getTableColumns(table)).filter((column) => column.getSQLType() === "text");
/** The single text primary key of a table, when it has one (ids are random UUIDs, decision 009). */
const textId = (table: SQLiteTable) => textColumns(table).find((column) => column.primary);

/** Some text column of the row contains one of the values (a JSON array). */
function contains(table: SQLiteTable, values: string): SQL | undefined {
  const columns = textColumns(table);
  if (columns.length === 0) return undefined;
  const tests = sql.join(
    columns.map((column) => sql`instr(${column}, m.value) > 0`),
    sql` OR `,
  );
  return sql`EXISTS (SELECT 1 FROM json_each(${values}) m WHERE ${tests})`;
}

/** Some text column of the row is exactly one of the values (a JSON array). */
function names(table: SQLiteTable, values: string): SQL | undefined {
  const columns = textColumns(table);
  if (columns.length === 0) return undefined;
  return sql.join(
    columns.map((column) => sql`${column} IN (SELECT value FROM json_each(${values}))`),
    sql` OR `,
  );
}

export type Made = { marks: string[]; sessions: string[] };

/** Marks are matched inside text: a short one could match another test's rows. */
const MIN_MARK_LENGTH = 7;

/**
 * Deletes what the marks and session ids name, in one batch; returns how many rows went. Public
 * blog pages are cached under the blog's content version: when a post goes, the version is
 * bumped (only then, so tests of the edge cache are not disturbed by every clean-up).
 */
export async function removeMade(database: D1Database, { marks, sessions }: Made): Promise<number> {
  const values = [...marks, ...sessions];
  const short = values.find((value) => value.length < MIN_MARK_LENGTH);
  if (short !== undefined) throw new Error(`The mark "${short}" is too short: it could match what other tests made.`);
  if (values.length === 0) return 0;
  const db = drizzle(database, { schema });
  const marked = JSON.stringify(values);
  // The ids of the rows the marks name, so the rows that refer to them go too.
  const keyed = ordered.flatMap((table) => {
    const id = textId(table);
    const where = contains(table, marked);
    return id && where ? [{ table, query: db.select({ id }).from(table).where(where) }] : [];
  });
  const [first, ...rest] = keyed.map(({ query }) => query);
  const found = first ? await db.batch([first, ...rest]) : [];
  const ids = found.flatMap((rows) => rows.map((row) => String(row.id)));
  const postGoes = keyed.some(({ table }, i) => table === schema.blogPosts && (found[i]?.length ?? 0) > 0);
  const referred = JSON.stringify(ids);

  const deletes = ordered.flatMap((table) => {
    const byMark = contains(table, marked);
    const byId = ids.length > 0 ? names(table, referred) : undefined;
    const where = byMark && byId ? sql`(${byMark}) OR (${byId})` : (byMark ?? byId);
    return where ? [db.delete(table).where(where)] : [];
  });
  const bump = db
    .insert(schema.cacheVersions)
    .values({ name: "blog", version: 1 })
    .onConflictDoUpdate({
      target: schema.cacheVersions.name,
      set: { version: sql`${schema.cacheVersions.version} + 1` },
    });
  const [head, ...tail] = postGoes ? [bump, ...deletes] : deletes;
  if (!head) return 0;
  const results = await db.batch([head, ...tail]);
  return results.slice(postGoes ? 1 : 0).reduce((sum, result) => sum + ((result as D1Result).meta?.changes ?? 0), 0);
}
