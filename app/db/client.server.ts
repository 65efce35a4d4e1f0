import { env } from "cloudflare:workers";
import { AsyncLocalStorage } from "node:async_hooks";
import { createDb, type Database } from "./drizzle";

export type { BatchResults, Database } from "./drizzle";

let cached: { d1: D1Database; db: Database } | undefined;
/**
 * This request's D1 session (set by `inDbSession`, which app/http's `withDbSession` calls) and, once a query asks for it, the drizzle
 * client over it. An edge-cache hit (no query at all) should not pay for building one (decision 026).
 */
const requestDb = new AsyncLocalStorage<{ session: D1DatabaseSession; db?: Database }>();

/**
 * The Worker's database: inside a request, its D1 session (reads may go to a nearby replica,
 * never older than where the session started); elsewhere (cron jobs, scripts) the D1 binding.
 */
export function db(): Database {
  const scoped = requestDb.getStore();
  // A session answers prepare() and batch() like the binding, which is all drizzle uses here.
  if (scoped) {
    scoped.db ??= createDb(scoped.session as unknown as D1Database);
    return scoped.db;
  }
  if (!cached || cached.d1 !== env.DB) cached = { d1: env.DB, db: createDb(env.DB) };
  return cached.db;
}

/**
 * Runs `handler` with `db()` reading through `session`. Where a request's session starts, and
 * where its bookmark goes afterwards, is HTTP policy (app/http/d1-session.server.ts, decision 015).
 */
export function inDbSession<T>(session: D1DatabaseSession, handler: () => Promise<T>): Promise<T> {
  return requestDb.run({ session }, handler);
}
