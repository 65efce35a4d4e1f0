/*
 * How long sign-in state lives. Plain constants, no imports: the cookie definitions
 * (lib/cookies.server.ts, below the domain and imported by the D1 client) read them for their
 * Max-Age without pulling in the services that use the database.
 */

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Milliseconds. */
export const SESSION_LIMITS = {
  browser: { idle: 12 * HOUR, absolute: 7 * DAY },
  api: { idle: 1 * HOUR, absolute: 1 * HOUR },
  refresh: 30 * DAY,
  /** lastSeenAt is written at most this often, to keep reads cheap. */
  touchEvery: 5 * MINUTE,
} as const;

/** The two-factor code step after a correct password (ttl in milliseconds). */
export const CHALLENGE = { ttl: 5 * MINUTE, maxFailures: 5 } as const;
