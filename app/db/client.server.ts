import { env } from "cloudflare:workers";
import { createDb, type Database } from "./drizzle";

export type { Database };

let cached: { d1: D1Database; db: Database } | undefined;

/** The Worker's database, from the D1 binding of the environment. */
export function db(): Database {
  if (!cached || cached.d1 !== env.DB) cached = { d1: env.DB, db: createDb(env.DB) };
  return cached.db;
}
