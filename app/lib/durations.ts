/** Lengths of time in milliseconds (what `Date.now()` and `Date#getTime()` count), for naming rule constants. */
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
