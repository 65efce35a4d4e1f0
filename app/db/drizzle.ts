import { drizzle } from "drizzle-orm/d1";

export type Database = ReturnType<typeof createDb>;

/**
 * What `batch(statements)` answers, statement by statement: lets a module hand its reads to a
 * caller that sends them in one round trip with others, and read the rows back afterwards.
 */
export type BatchResults<T extends readonly unknown[]> = { readonly [K in keyof T]: Awaited<T[K]> };

/**
 * A drizzle client over a D1 binding (in the Worker, in tests, or in Node scripts). Every query
 * is written with the query builder over the tables of ./schema, never `db.query` (relational
 * queries), so the client is made without `{ schema }`: with it, drizzle derives the relational
 * config of every table each time a client is made, once per request (~0.1 ms, decision 038).
 */
export function createDb(d1: D1Database) {
  return drizzle(d1);
}
