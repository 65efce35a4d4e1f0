import { exists, not, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { AppError } from "~/lib/errors";
import { db } from "./client.server";
import { changeGuards } from "./schema";

/**
 * Guarded changes (decision 013): a state change and every side effect it causes (audit row,
 * outbox email, webhook row, counters) go in ONE D1 batch that starts with the guard. When the
 * guard does not hold, the guard statement inserts a row that breaks the `change_guards_held`
 * CHECK, and D1 rolls the whole batch back: nothing is written, by construction. Nobody counts
 * changed rows after the batch.
 *
 * D1 runs a batch as one transaction and batches one after another, so the guard sees the
 * state the rest of the batch changes: of two racing batches with the same guard, the second
 * finds the state the first one left.
 */

/** A named condition on the current state, e.g. "the subscription still awaits approval". */
export type Guard = { name: string; holds: SQL };

type Statement = BatchItem<"sqlite">;

/** A guard that holds while a row of `table` matches `where`. */
export function rowMatches(name: string, table: SQLiteTable, where: SQL | undefined): Guard {
  return { name, holds: exists(db().select({ one: sql`1` }).from(table).where(where)) };
}

/**
 * The statement that aborts its batch when the guard does not hold:
 * `INSERT INTO change_guards SELECT name, 0 FROM (SELECT 1) WHERE NOT (guard)`.
 */
export function guardStatement(guard: Guard) {
  const client = db();
  return client.insert(changeGuards).select(
    client
      .select({ guard: sql<string>`${guard.name}`.as("guard"), held: sql<number>`0`.as("held") })
      .from(sql`(SELECT 1)`)
      .where(not(guard.holds)),
  );
}

/** The first message in an error's cause chain (drizzle wraps D1's) that `matches`, if any. */
function causeMessage(error: unknown, matches: (message: string) => boolean): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 6; depth++) {
    const message = e instanceof Error ? e.message : String(e);
    if (matches(message)) return message;
    e = e instanceof Error ? e.cause : undefined;
  }
  return null;
}

/** True when `error` is a guard's abort (and not some other failure). */
export const isGuardAbort = (error: unknown): boolean =>
  causeMessage(error, (message) => message.includes("change_guards_held")) !== null;

/** The message of a SQLite constraint failure (UNIQUE, CHECK, …) in an error's cause chain, if any. */
export const constraintFailure = (error: unknown): string | null =>
  causeMessage(error, (message) => /constraint failed/i.test(message));

/**
 * Runs `statements` after `guards`, all in one batch, and answers their results (without the
 * guards'). When a guard does not hold nothing is written and `refused()` — usually a 409
 * built from a fresh read of the row — is thrown instead.
 */
export async function guardedBatch<T extends readonly Statement[]>(
  guards: Guard | readonly Guard[],
  statements: T,
  refused: () => AppError | Promise<AppError>,
): Promise<{ [K in keyof T]: unknown }> {
  const list = Array.isArray(guards) ? guards : [guards as Guard];
  const client = db();
  const batch = [...list.map(guardStatement), ...statements] as unknown as [Statement, ...Statement[]];
  let results: unknown[];
  try {
    results = await client.batch(batch);
  } catch (error) {
    if (!isGuardAbort(error)) throw error;
    throw await refused();
  }
  return results.slice(list.length) as { [K in keyof T]: unknown };
}

/** The default refusal when the caller has nothing more precise to say. */
export const changedMeanwhile = () => new AppError(409, "This record changed meanwhile. Reload and try again.");
