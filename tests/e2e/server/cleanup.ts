import { is, type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { getTableConfig, type SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import * as appSchema from "../../../app/db/schema";
import { BLOG_CONTENT_VERSION } from "../../../app/domain/blog/content-version.server";
import { E2E_CLEANUP_PATH } from "./path";

/**
 * The end-to-end suite's clean-up (decisions 027 and 059). After each Playwright test its
 * fixture sends the unique values the test made up (emails, addresses, title words) and the API
 * sessions it opened; this removes every row that carries one of them, in every table of the
 * drizzle schema. There is no list of tables or columns to keep up to date: the tables, their
 * text columns, their primary keys and the foreign-key order are read from `app/db/schema.ts`,
 * so a table added there is cleaned the day it is added.
 *
 * Test code only: it runs in the e2e server's own workerd process, in the test-only entry
 * `tests/e2e/server/worker.ts`, never in the production Worker.
 */
export { E2E_CLEANUP_PATH };

/** What a test made. Marks are unique values it made up; sessions are sha256 hex ids. */
export const CleanupSchema = z.object({
  marks: z.array(z.string().min(7).max(200)).max(200),
  sessions: z.array(z.string().regex(/^[0-9a-f]{64}$/)).max(200),
});
export type Made = z.infer<typeof CleanupSchema>;

type Schema = Record<string, unknown>;

/** One table of the schema, as the clean-up sees it. */
export type CleanedTable = {
  table: SQLiteTable;
  name: string;
  /** Text columns a mark can sit in (a `set null` reference outlives its row on purpose: not these). */
  searched: SQLiteColumn[];
  /** The single text primary key, whose values are marks in their turn (rows that name a removed row go with it). */
  key: SQLiteColumn | undefined;
};

/** Columns that name a member without a foreign key: never searched for a test's marks. */
const MEMBER_REFERENCES = new Set(["host_id"]);

/**
 * Every table of a drizzle schema module, children before the tables they reference (the order
 * a delete must take when a foreign key does not cascade).
 */
export function schemaTables(schema: Schema = appSchema): CleanedTable[] {
  const tables = Object.values(schema).filter((value): value is SQLiteTable => is(value, SQLiteTable));
  const configs = new Map(tables.map((table) => [table, getTableConfig(table)]));
  const parents = new Map(
    tables.map((table) => [
      table,
      new Set(
        (configs.get(table)?.foreignKeys ?? [])
          .map((foreignKey) => foreignKey.reference().foreignTable)
          .filter((parent) => parent !== table),
      ),
    ]),
  );
  const ordered: SQLiteTable[] = [];
  const left = new Set(tables);
  while (left.size > 0) {
    // A table no remaining table references goes first; a cycle (none today) falls back to schema order.
    const next = [...left].find((table) => ![...left].some((other) => parents.get(other)?.has(table))) ?? [...left][0];
    if (!next) break;
    ordered.push(next);
    left.delete(next);
  }
  return ordered.map((table) => {
    const config = getTableConfig(table);
    const keptReferences = new Set(
      config.foreignKeys
        .filter((foreignKey) => foreignKey.onDelete === "set null")
        .flatMap((fk) => fk.reference().columns),
    );
    const texts = config.columns
      .filter((column) => column.getSQLType() === "text")
      // A meeting's host is a member named without a foreign key ("" = the house calendar): a
      // test's own Sales member may host another test's booking, which is not the test's to remove.
      .filter((column) => !MEMBER_REFERENCES.has(column.name));
    const primary = config.columns.filter((column) => column.primary);
    return {
      table,
      name: config.name,
      searched: texts.filter((column) => !keptReferences.has(column)),
      key: primary.length === 1 && primary[0]?.getSQLType() === "text" ? primary[0] : undefined,
    };
  });
}

const WORD = "'[0-9A-Za-z]'";

/**
 * True when one of the columns holds one of the marks as a whole word: "10.1.2.3" is in
 * "booking:10.1.2.3" and in "from 10.1.2.3", not in "10.1.2.30" (another test's address).
 */
function carriesAMark(columns: SQLiteColumn[], marks: string): SQL {
  const mark = sql.raw("mark.value");
  const holds = (column: SQLiteColumn) => {
    const at = sql`instr(${column}, ${mark})`;
    return sql`(${at} > 0 AND (${at} = 1 OR substr(${column}, ${at} - 1, 1) NOT GLOB ${sql.raw(WORD)}) AND substr(${column}, ${at} + length(${mark}), 1) NOT GLOB ${sql.raw(WORD)})`;
  };
  return sql`EXISTS (SELECT 1 FROM json_each(${marks}) AS mark WHERE ${sql.join(columns.map(holds), sql` OR `)})`;
}

/**
 * Removes, in one batch, every row that carries what the test made, and every row that names
 * such a row by its key (an audit entry's target, a post's old slugs), in foreign-key order.
 * When a blog post goes, the blog's content version is bumped in the same batch, so no cached
 * public page keeps showing it (decision 057); only then, so the edge-cache tests are undisturbed.
 */
export async function removeMade(d1: D1Database, made: Made, schema: Schema = appSchema) {
  const db = drizzle(d1);
  const tables = schemaTables(schema).filter((entry) => entry.searched.length > 0);
  const marks = new Set([...made.marks, ...made.sessions]);
  if (marks.size === 0) return { deleted: 0 };
  let postsGo = false;
  // Rows found by a mark bring their own keys as marks, until nothing new turns up.
  for (let round = 0; round < 8; round++) {
    const json = JSON.stringify([...marks]);
    const keyed = tables.flatMap(({ key, ...entry }) => (key ? [{ ...entry, key }] : []));
    const found = await Promise.all(
      keyed.map(({ table, key, searched }) =>
        db
          .select({ key: sql<string>`${key}` })
          .from(table)
          .where(carriesAMark(searched, json))
          .all(),
      ),
    );
    const before = marks.size;
    found.forEach((rows, index) => {
      if (keyed[index]?.table === appSchema.blogPosts && rows.length > 0) postsGo = true;
      for (const row of rows) if (typeof row.key === "string" && row.key.length >= 7) marks.add(row.key);
    });
    if (marks.size === before) break;
  }
  const json = JSON.stringify([...marks]);
  const deletes = tables.map(({ table, searched }) => db.delete(table).where(carriesAMark(searched, json)));
  const bump = db
    .insert(appSchema.cacheVersions)
    .values({ name: BLOG_CONTENT_VERSION, version: 1 })
    .onConflictDoUpdate({
      target: appSchema.cacheVersions.name,
      set: { version: sql`${appSchema.cacheVersions.version} + 1` },
    });
  const [first, ...rest] = deletes;
  if (!first) return { deleted: 0 };
  const results = postsGo ? await db.batch([bump, first, ...rest]) : await db.batch([first, ...rest]);
  const changes = results.slice(postsGo ? 1 : 0) as unknown as D1Result[];
  return { deleted: changes.reduce((sum, result) => sum + (result.meta.changes ?? 0), 0) };
}

/** The e2e server's variable, set per run by playwright.config.ts; no deployment has it. */
export type CleanupEnv = Env & { E2E_CLEANUP_TOKEN?: string };

/** A POST to the e2e server's `path` carrying the run's token (at least 16 characters). */
export function isTokenPost(request: Request, env: CleanupEnv, path: string) {
  const token = env.E2E_CLEANUP_TOKEN;
  if (!token || token.length < 16) return false;
  return (
    request.method === "POST" &&
    new URL(request.url).pathname === path &&
    request.headers.get("X-E2E-Cleanup") === token
  );
}

/** A POST to the clean-up path carrying the run's token. */
export const isCleanupRequest = (request: Request, env: CleanupEnv) => isTokenPost(request, env, E2E_CLEANUP_PATH);

/** The clean-up path's answer: 400 for a body of another shape (nothing deleted), else the count. */
export async function cleanUp(request: Request, env: CleanupEnv) {
  const parsed = CleanupSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ success: false, error: parsed.error.message }, { status: 400 });
  return Response.json({ success: true, data: await removeMade(env.DB, parsed.data) });
}
