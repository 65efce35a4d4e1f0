import { and, eq, gt, gte, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { db } from "~/db/client.server";
import { clientLimits } from "~/db/schema";
import { HOUR, MINUTE } from "~/lib/durations";
import { AppError } from "~/lib/errors";

/**
 * Limits per client address (decision 014), on top of the per-account and per-email limits.
 * A window opens at a client's first hit and lasts `window` ms; within it, `max` hits pass.
 * The buckets marked "per …" count something else than an address, with the same machinery
 * (decision 042): a meeting, or an email address that would receive the message.
 */
export const CLIENT_LIMITS = {
  /** Stored public demo bookings. */
  booking: { max: 3, window: 1 * HOUR },
  /** Stored callback requests. */
  callback: { max: 3, window: 1 * HOUR },
  /** Failed admin logins plus registrations (each costs a 16 MiB scrypt). */
  auth: { max: 20, window: 15 * MINUTE },
  /** Visitor reschedules and cancels through manage links (each emails the visitor and sales). */
  meetingChange: { max: 6, window: 1 * HOUR },
  /** Per meeting: reschedules of one booking (a cancel is final, so it is never refused by this). */
  meetingReschedule: { max: 3, window: 24 * HOUR },
  /** Newsletter confirmation emails sent for one client address. */
  newsletter: { max: 5, window: 1 * HOUR },
  /** Test copies of a newsletter issue, per member (decision 092): one address per send, never a list. */
  newsletterTest: { max: 10, window: 1 * HOUR },

  /** A person's export or erasure requests (issue 29, decision 088): each emails a confirmation link. */
  privacyRequest: { max: 5, window: 1 * HOUR },
  /** Page speed beacons (issue 28 item 3, decision 091): one per page view, so a browsing visitor stays far below. */
  vitals: { max: 120, window: 1 * HOUR },
  /** In-app page views of hydrated visitors (decision 091): a person clicking through the site stays far below. */
  pageViews: { max: 600, window: 1 * HOUR },
} as const;

/** What a refused hit says, by bucket; the others say it of the client's network. */
const REFUSAL: Partial<Record<keyof typeof CLIENT_LIMITS, (wait: string) => string>> = {
  newsletterTest: (wait) => `You sent 10 test copies in the last hour. Please try again in ${wait}.`,
  meetingReschedule: (wait) =>
    `This booking has been moved too often today. Please try again in ${wait}, or reply to your confirmation email.`,
};

export type LimitBucket = keyof typeof CLIENT_LIMITS;

/** Rows whose window closed this long ago are purged by the scheduled job. */
const PURGE_AFTER = 1 * HOUR;

const IPV4 = /^(?:\d{1,3}\.){3}\d{1,3}$/;
const IPV6 = /^[0-9a-f:]{2,39}$/i;

/** The first four groups of an IPv6 address: a client usually holds a whole /64. */
function ipv6Prefix(address: string) {
  const [head = "", tail] = address.toLowerCase().split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  const groups =
    tail === undefined ? front : [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill("0"), ...back];
  return groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":");
}

/**
 * The client's network as set by Cloudflare's edge (`CF-Connecting-IP`, which a client cannot
 * forge there), or null when the request did not come through the edge (local runs and tests):
 * then only the per-account and per-email limits apply. A loopback address counts as not
 * through the edge: the edge never connects from one, but the local runtime (`wrangler dev`,
 * which `npm start` and the e2e run use) fills the header with it for every local client.
 * IPv6 clients are counted per /64.
 */
export function clientAddress(request: Request): string | null {
  const raw = request.headers.get("CF-Connecting-IP")?.trim() ?? "";
  const mapped = /^::ffff:((?:\d{1,3}\.){3}\d{1,3})$/i.exec(raw);
  const v4 = mapped?.[1] ?? raw;
  if (IPV4.test(v4)) return v4.startsWith("127.") ? null : v4;
  if (raw === "::1") return null;
  if (IPV6.test(raw) && raw.includes(":")) return `${ipv6Prefix(raw)}::/64`;
  return null;
}

const keyOf = (bucket: LimitBucket, address: string) => `${bucket}:${address}`;

/**
 * One atomic upsert that counts a hit: a closed window restarts at 1, an open one adds 1.
 * Past the limit the row's CHECK fails and the statement (and any batch it is in) is aborted.
 */
export function limitHitStatement(bucket: LimitBucket, address: string, now: Date) {
  const { max, window } = CLIENT_LIMITS[bucket];
  const closedBefore = now.getTime() - window;
  const expired = sql`${clientLimits.windowStart} <= ${closedBefore}`;
  return db()
    .insert(clientLimits)
    .values({ key: keyOf(bucket, address), windowStart: now, hits: 1, maxHits: max })
    .onConflictDoUpdate({
      target: clientLimits.key,
      set: {
        hits: sql`CASE WHEN ${expired} THEN 1 ELSE ${clientLimits.hits} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN ${now.getTime()} ELSE ${clientLimits.windowStart} END`,
        maxHits: max,
      },
    });
}

/** Whether an error is the limit's CHECK refusing a hit. */
export function isLimitRefusal(error: unknown) {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const message = e instanceof Error ? e.message : String(e);
    if (/constraint failed/i.test(message) && /client_limits/i.test(message)) return true;
    e = e instanceof Error ? e.cause : undefined;
  }
  return false;
}

/** "5 minutes", "1 minute", or "about 3 hours" past two hours. */
function waitText(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  if (minutes > 120) return `about ${Math.round(minutes / 60)} hours`;
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

export function tooManyMessage(retryAfterSeconds: number) {
  return `Too many requests from your network. Please try again in ${waitText(retryAfterSeconds)}.`;
}

/** The 429 for a refused hit, with how long until the client's window closes. */
export async function limitError(bucket: LimitBucket, address: string, now = new Date()) {
  const row = await db()
    .select({ windowStart: clientLimits.windowStart })
    .from(clientLimits)
    .where(eq(clientLimits.key, keyOf(bucket, address)))
    .get();
  const closesAt = (row?.windowStart.getTime() ?? now.getTime()) + CLIENT_LIMITS[bucket].window;
  const retryAfter = Math.max(1, Math.ceil((closesAt - now.getTime()) / 1000));
  const message = REFUSAL[bucket]?.(waitText(retryAfter)) ?? tooManyMessage(retryAfter);
  return new AppError(429, message, { retryAfter });
}

export type LimitHit = { bucket: LimitBucket; key: string };

/**
 * The 429 for a batch that several hits were in: of the hits whose window is full, the one
 * that closes last (a CHECK failure does not say which row refused).
 */
export async function refusalOf(hits: LimitHit[], now = new Date()) {
  const rows = await Promise.all(
    hits.map(async (hit) => ({
      hit,
      row: await db()
        .select()
        .from(clientLimits)
        .where(eq(clientLimits.key, keyOf(hit.bucket, hit.key)))
        .get(),
    })),
  );
  const full = rows.filter(
    ({ hit, row }) =>
      row &&
      row.hits >= CLIENT_LIMITS[hit.bucket].max &&
      row.windowStart.getTime() + CLIENT_LIMITS[hit.bucket].window > now.getTime(),
  );
  const closing = (entry: (typeof rows)[number]) =>
    (entry.row?.windowStart.getTime() ?? 0) + CLIENT_LIMITS[entry.hit.bucket].window;
  const chosen = full.sort((a, b) => closing(b) - closing(a))[0]?.hit ?? hits[0]!;
  return limitError(chosen.bucket, chosen.key, now);
}

/**
 * Runs `work` as one hit of `bucket` for the request's client: refused with a 429 (before any
 * work) once the client used up its window. With `refundOnSuccess`, only failures count
 * (login): the hit is taken first so parallel attempts cannot overshoot, and given back
 * when `work` succeeds.
 */
export async function withClientLimit<T>(
  bucket: LimitBucket,
  request: Request,
  work: () => Promise<T>,
  { refundOnSuccess = false, now = new Date() }: { refundOnSuccess?: boolean; now?: Date } = {},
): Promise<T> {
  const address = clientAddress(request);
  if (!address) return work();
  let windowStart: Date;
  try {
    const row = await limitHitStatement(bucket, address, now)
      .returning({ windowStart: clientLimits.windowStart })
      .get();
    windowStart = row.windowStart;
  } catch (error) {
    if (isLimitRefusal(error)) throw await limitError(bucket, address, now);
    throw error;
  }
  const result = await work();
  if (refundOnSuccess) {
    await db()
      .update(clientLimits)
      .set({ hits: sql`${clientLimits.hits} - 1` })
      .where(
        and(
          eq(clientLimits.key, keyOf(bucket, address)),
          eq(clientLimits.windowStart, windowStart),
          gt(clientLimits.hits, 0),
        ),
      );
  }
  return result;
}

/**
 * Scheduled job: forgets windows that closed over an hour ago, each bucket by its own window
 * (keys start with the bucket's name: a range on the primary key, `bucket:` up to `bucket;`).
 */
export async function purgeClientLimits(now: Date): Promise<number> {
  const client = db();
  const buckets = Object.entries(CLIENT_LIMITS) as [LimitBucket, (typeof CLIENT_LIMITS)[LimitBucket]][];
  const results = await client.batch(
    buckets.map(([bucket, { window }]) =>
      client
        .delete(clientLimits)
        .where(
          and(
            gte(clientLimits.key, `${bucket}:`),
            lt(clientLimits.key, `${bucket};`),
            lt(clientLimits.windowStart, new Date(now.getTime() - window - PURGE_AFTER)),
          ),
        ),
    ) as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]],
  );
  return (results as { meta: { changes?: number } }[]).reduce((sum, r) => sum + (r.meta.changes ?? 0), 0);
}
