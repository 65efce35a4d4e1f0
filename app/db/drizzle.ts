import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Database = ReturnType<typeof createDb>;

/** A drizzle client over a D1 binding (in the Worker, in tests, or in Node scripts). */
export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}
