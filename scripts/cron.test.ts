import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { nextCronTime } from "./cron.ts";

/** The local cron ticker's schedule (scripts/local-cron.ts); `npm run test:scripts`. */

const at = (iso: string) => new Date(iso);

describe("nextCronTime", () => {
  it("fires every 5 minutes on the 5-minute marks, strictly after the given time", () => {
    assert.deepEqual(nextCronTime("*/5 * * * *", at("2026-11-22T21:41:30Z")), at("2026-11-22T21:45:00Z"));
    assert.deepEqual(nextCronTime("*/5 * * * *", at("2026-11-22T21:45:00Z")), at("2026-11-22T21:50:00Z"));
    assert.deepEqual(nextCronTime("*/5 * * * *", at("2026-11-22T23:58:00Z")), at("2026-11-23T00:00:00Z"));
  });

  it("handles fixed times, ranges, lists and days of the week (UTC)", () => {
    assert.deepEqual(nextCronTime("30 9 * * *", at("2026-11-22T10:00:00Z")), at("2026-11-23T09:30:00Z"));
    assert.deepEqual(nextCronTime("0 8-10/2 * * *", at("2026-11-22T08:00:00Z")), at("2026-11-22T10:00:00Z"));
    assert.deepEqual(nextCronTime("0 0 1,15 * *", at("2026-11-02T00:00:00Z")), at("2026-11-15T00:00:00Z"));
    // 2026-11-22 is a Sunday: the next Monday is the 23rd; 7 also means Sunday.
    assert.deepEqual(nextCronTime("0 12 * * 1", at("2026-11-22T13:00:00Z")), at("2026-11-23T12:00:00Z"));
    assert.deepEqual(nextCronTime("0 12 * * 7", at("2026-11-22T11:00:00Z")), at("2026-11-22T12:00:00Z"));
  });

  it("refuses malformed expressions", () => {
    assert.throws(() => nextCronTime("*/5 * * *", new Date()), /5 fields/);
    assert.throws(() => nextCronTime("61 * * * *", new Date()), /invalid/);
    assert.throws(() => nextCronTime("*/0 * * * *", new Date()), /invalid/);
  });
});
