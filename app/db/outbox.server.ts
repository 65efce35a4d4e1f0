import { and, eq, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { db } from "./client.server";

/**
 * The delivery engine (decision 056): every outgoing message — an email, a provisioning webhook,
 * and what comes next (CRM webhooks, newsletter issues) — is a row of an outbox table written in
 * the same batch as the change that causes it, then delivered here, at least once and never by
 * two deliverers at the same time:
 *
 * - **claim**: one guarded `UPDATE … SET attempts = attempts + 1, lease_until = now + lease
 *   WHERE <pending> AND <no live lease> RETURNING *` (decision 013). Of parallel claims of a row
 *   exactly one gets it; a deliverer that dies gives it back when the lease ends.
 * - **settle**: the attempt's result is written only while the lease is still the one claimed.
 *   A failure is retried after an exponential backoff; after `maxAttempts` (or a final refusal)
 *   the row is `failed` and waits for an admin's retry.
 * - **drain**: the cron's one job claims the next due row of each kind in turn until none is
 *   due, a kind's per-run share is taken or the time budget is spent.
 *
 * A kind names its table (any table with the columns of `OutboxTable`: no shared table, so each
 * keeps its own log, indexes and clean-up) and how one attempt is made.
 */

/** The columns the engine reads and writes; the status column takes "pending" and "failed". */
export type OutboxTable = SQLiteTable & {
  id: SQLiteColumn;
  status: SQLiteColumn;
  attempts: SQLiteColumn;
  nextAttemptAt: SQLiteColumn;
  leaseUntil: SQLiteColumn;
  lastError: SQLiteColumn;
};

type OutboxRow = { id: string; attempts: number; leaseUntil: Date | null };

export type DeliveryRules = {
  /** After this many failed attempts the row is `failed` (an admin may retry it). */
  maxAttempts: number;
  /** A claimed row belongs to its deliverer this long (well above the transport's timeout). */
  lease: number;
  /** Backoff before attempt n+1: `first` × 2^(n−1), at most `cap`. */
  backoff: { first: number; cap?: number };
  /** Rows one drain delivers at most; the rest wait for the next cron run. */
  perRun: number;
};

type Changes<T extends OutboxTable> = Partial<T["$inferInsert"]>;

/** What one attempt answers: delivered, or not (retried unless `final`), with the kind's own columns. */
export type Attempt<T extends OutboxTable> =
  | { ok: true; set?: Changes<T> }
  | { ok: false; error: string; final?: boolean; set?: Changes<T> };

export type DeliveryKind<T extends OutboxTable, A extends Attempt<T> = Attempt<T>> = {
  /** Names the kind in logs and tests ("email", "webhook"). */
  name: string;
  table: T;
  rules: DeliveryRules;
  /** The status of a delivered row ("sent", "succeeded"). */
  delivered: string;
  /** Columns every write of the engine also sets (an `updatedAt`). */
  touch?: (now: Date) => Changes<T>;
  /** One attempt on a claimed row. A throw is a failed attempt, retried after the backoff. */
  send: (row: T["$inferSelect"], now: Date, signal?: AbortSignal) => Promise<A>;
};

/** Any kind, for lists of kinds (the drain, the race suite). */
// biome-ignore lint/suspicious/noExplicitAny: a list holds kinds over different tables
export type AnyDeliveryKind = DeliveryKind<any, any>;

/** A failed attempt whose `send` threw. */
type Thrown = { ok: false; error: string; final?: undefined; set?: undefined };

export type Settled<A> = { result: A | Thrown; gaveUp: boolean };

/** The wait before the attempt after `attempts` failed ones. */
export function backoffDelay(rules: DeliveryRules, attempts: number) {
  return Math.min(rules.backoff.first * 2 ** Math.max(0, attempts - 1), rules.backoff.cap ?? Number.POSITIVE_INFINITY);
}

/** Not held by another deliverer: no lease, or an expired one. */
const free = (table: OutboxTable, now: Date) => or(isNull(table.leaseUntil), lte(table.leaseUntil, now));

/**
 * Claims the rows matching `where` for one attempt each, in one statement. A `manual` claim (an
 * admin's retry) also takes failed rows and starts their attempt count again. Answers the rows
 * claimed: none when another deliverer holds them or they are done.
 */
export async function claim<T extends OutboxTable, A extends Attempt<T>>(
  kind: DeliveryKind<T, A>,
  where: SQL,
  now: Date,
  { manual = false } = {},
): Promise<T["$inferSelect"][]> {
  const { table } = kind;
  const values = {
    ...(manual ? { status: "pending", attempts: 1 } : { attempts: sql`${table.attempts} + 1` }),
    leaseUntil: new Date(now.getTime() + kind.rules.lease),
    ...kind.touch?.(now),
  };
  return (await db()
    .update(table as OutboxTable)
    .set(values as never)
    .where(
      and(where, manual ? inArray(table.status, ["pending", "failed"]) : eq(table.status, "pending"), free(table, now)),
    )
    .returning()
    .all()) as T["$inferSelect"][];
}

/** Claims the next due row of a kind (the earliest retry time first), or answers null. */
async function claimNext<T extends OutboxTable, A extends Attempt<T>>(kind: DeliveryKind<T, A>, now: Date) {
  const { table } = kind;
  const next = db()
    .select({ id: table.id })
    .from(table as OutboxTable)
    .where(
      and(
        eq(table.status, "pending"),
        or(isNull(table.nextAttemptAt), lte(table.nextAttemptAt, now)),
        free(table, now),
      ),
    )
    .orderBy(table.nextAttemptAt)
    .limit(1);
  const [row] = await claim(kind, inArray(table.id, next), now);
  return row ?? null;
}

/** One attempt on a claimed row; the result is recorded only while the lease is still ours. */
export async function attempt<T extends OutboxTable, A extends Attempt<T>>(
  kind: DeliveryKind<T, A>,
  row: T["$inferSelect"],
  now: Date,
  signal?: AbortSignal,
): Promise<Settled<A>> {
  const { table, rules } = kind;
  const { id, attempts, leaseUntil } = row as OutboxRow;
  let result: A | Thrown;
  try {
    result = await kind.send(row, now, signal);
  } catch (error) {
    result = { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const gaveUp = !result.ok && (result.final === true || attempts >= rules.maxAttempts);
  const outcome = result.ok
    ? { status: kind.delivered, lastError: null, nextAttemptAt: null }
    : {
        status: gaveUp ? "failed" : "pending",
        lastError: result.error,
        nextAttemptAt: gaveUp ? null : new Date(now.getTime() + backoffDelay(rules, attempts)),
      };
  await db()
    .update(table as OutboxTable)
    .set({ ...outcome, leaseUntil: null, ...kind.touch?.(now), ...result.set } as never)
    .where(and(eq(table.id, id), leaseUntil ? eq(table.leaseUntil, leaseUntil) : undefined));
  return { result, gaveUp };
}

/** Claims the rows matching `where` and makes one attempt on each (the inline delivery after a change). */
export async function deliverNow<T extends OutboxTable, A extends Attempt<T>>(
  kind: DeliveryKind<T, A>,
  where: SQL,
  now: Date,
): Promise<Settled<A>[]> {
  const settled: Settled<A>[] = [];
  for (const row of await claim(kind, where, now)) settled.push(await attempt(kind, row, now));
  return settled;
}

/**
 * The cron's drain: the next due row of each kind in turn, one claim at a time, until no kind
 * has a due row left, each has had its `perRun` rows, or `signal` (the job's time budget)
 * aborts — a send in progress is cut off too and goes back to pending. Taking the kinds in turn
 * keeps a slow webhook receiver from starving email. Answers how many rows were delivered.
 */
export async function drain(kinds: readonly AnyDeliveryKind[], now: Date, signal?: AbortSignal): Promise<number> {
  const taken = new Map(kinds.map((kind) => [kind, 0]));
  let delivered = 0;
  while (taken.size > 0 && !signal?.aborted) {
    for (const [kind, n] of taken) {
      if (signal?.aborted) break;
      const row = n < kind.rules.perRun ? await claimNext(kind, now) : null;
      if (!row) {
        taken.delete(kind);
        continue;
      }
      taken.set(kind, n + 1);
      if ((await attempt(kind, row, now, signal)).result.ok) delivered++;
    }
  }
  return delivered;
}
