import { and, like, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { APPROVAL_STATUSES, type Subscription, subscriptions, USER_STATUSES } from "~/db/schema";
import { HOUR } from "~/lib/durations";
import {
  daysRemaining,
  isAwaitingApproval,
  isAwaitingCode,
  isBeforeDecision,
  isDecidable,
  isEndedTrial,
  isWelcomeDue,
  nextStep,
  signupState,
  trialState,
} from "./rules";
import {
  activeNotEnded,
  awaitingApproval,
  awaitingCode,
  awaitingDecision,
  beforeDecision,
  endedTrial,
  expiringTrial,
  welcomeDue,
} from "./rules.server";

/**
 * Every rule of rules.ts against its SQL form in rules.server.ts, over every combination of
 * the columns the rules read: the rows each query selects in D1 are exactly the rows the
 * predicate accepts.
 */
const NOW = new Date("2026-03-10T12:00:00.000Z");
const END_DATES = [
  null,
  new Date(NOW.getTime() - HOUR),
  NOW,
  new Date(NOW.getTime() + 2 * 24 * HOUR),
  new Date(NOW.getTime() + 3 * 24 * HOUR),
  new Date(NOW.getTime() + 10 * 24 * HOUR),
];
const TAG = "rules-matrix";

let rows: Subscription[] = [];

beforeAll(async () => {
  const values: (typeof subscriptions.$inferInsert)[] = [];
  for (const status of USER_STATUSES)
    for (const approvalStatus of [null, ...APPROVAL_STATUSES])
      for (const emailVerified of [false, true])
        for (const emailSent of [false, true])
          for (const plan of ["trial", "basic"] as const)
            for (const endDate of END_DATES) {
              const n = values.length;
              values.push({
                userId: `${TAG}_${n}`,
                email: `${TAG}-${n}@example.com`,
                role: "individual",
                firstName: "Rule",
                lastName: `Row ${n}`,
                plan,
                status,
                approvalStatus,
                emailVerified,
                emailSent,
                endDate,
                createdAt: NOW,
                updatedAt: NOW,
              });
            }
  const client = db();
  // One row a statement (D1 binds at most 100 variables a statement), 100 statements a batch.
  for (let i = 0; i < values.length; i += 100) {
    const [first, ...rest] = values.slice(i, i + 100).map((v) => client.insert(subscriptions).values(v));
    if (first) await client.batch([first, ...rest]);
  }
  rows = await client
    .select()
    .from(subscriptions)
    .where(like(subscriptions.email, `${TAG}-%`))
    .all();
  expect(rows).toHaveLength(values.length);
});

async function idsWhere(condition: SQL) {
  const found = await db()
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(like(subscriptions.email, `${TAG}-%`), condition))
    .all();
  return found.map((r) => r.id).sort();
}
const idsOf = (predicate: (row: Subscription) => boolean) =>
  rows
    .filter(predicate)
    .map((r) => r.id)
    .sort();

describe("each rule's SQL form selects exactly the rows its predicate accepts", () => {
  const pairs: [string, () => SQL, (row: Subscription) => boolean][] = [
    ["awaits approval", () => awaitingApproval, isAwaitingApproval],
    ["awaits an admin's decision", () => awaitingDecision, isDecidable],
    ["awaits its code", () => awaitingCode, isAwaitingCode],
    ["welcome email due", () => welcomeDue, isWelcomeDue],
    ["before the admin's decision", () => beforeDecision, isBeforeDecision],
    ["ended trial", () => endedTrial(NOW), (row) => isEndedTrial(row, NOW)],
    [
      "expiring trial",
      () => expiringTrial(NOW),
      (row) => row.status === "active" && trialState(row, NOW) === "expiring",
    ],
    [
      "active, not an ended trial",
      () => activeNotEnded(NOW),
      (row) => row.status === "active" && !isEndedTrial(row, NOW),
    ],
  ];
  for (const [name, sql, predicate] of pairs) {
    it(name, async () => {
      const expected = idsOf(predicate);
      // A rule that matched nothing or everything would prove nothing.
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(rows.length);
      expect(await idsWhere(sql())).toEqual(expected);
    });
  }
});

describe("the rules on their own", () => {
  it("awaits approval: unverified or pending, or approvalStatus pending_admin_approval (spec §4)", () => {
    const base = { status: "active", approvalStatus: null };
    expect(isAwaitingApproval({ ...base, status: "unverified" })).toBe(true);
    expect(isAwaitingApproval({ ...base, status: "pending" })).toBe(true);
    expect(isAwaitingApproval({ ...base, approvalStatus: "pending_admin_approval" })).toBe(true);
    expect(isAwaitingApproval({ ...base, approvalStatus: "approved" })).toBe(false);
    expect(isAwaitingApproval({ status: "rejected", approvalStatus: "rejected" })).toBe(false);
  });

  it("only a proved email can be decided; an unverified signup can only get a new code (decision 020)", () => {
    const unverified = { status: "unverified", approvalStatus: null, emailVerified: false };
    expect(isDecidable(unverified)).toBe(false);
    expect(isAwaitingCode(unverified)).toBe(true);
    const verified = { status: "pending", approvalStatus: "pending_admin_approval", emailVerified: true };
    expect(isDecidable(verified)).toBe(true);
    expect(isAwaitingCode(verified)).toBe(false);
  });

  it("days remaining round up and stop at 0; the trial states follow the 3-day window", () => {
    expect(daysRemaining(new Date(NOW.getTime() + 25 * HOUR), NOW)).toBe(2);
    expect(daysRemaining(NOW.toISOString(), NOW)).toBe(0);
    expect(daysRemaining(new Date(NOW.getTime() - 48 * HOUR), NOW)).toBe(0);
    expect(daysRemaining(null, NOW)).toBeNull();
    const trial = (endDate: Date) => trialState({ plan: "trial", endDate }, NOW);
    expect(trial(new Date(NOW.getTime() + 3 * 24 * HOUR))).toBe("expiring");
    expect(trial(new Date(NOW.getTime() + 3 * 24 * HOUR + 1))).toBeNull();
    expect(trial(NOW)).toBe("expired");
    expect(trialState({ plan: "basic", endDate: NOW }, NOW)).toBeNull();
  });

  it("signup state and next step agree with awaits approval", () => {
    for (const row of rows) {
      if (row.status === "rejected" || row.status === "cancelled") {
        expect(signupState(row, NOW)).toBe("closed");
        expect(nextStep(row)).toBe(row.status);
      } else if (isAwaitingApproval(row)) {
        expect(signupState(row, NOW)).toBe("awaiting-approval");
        expect(nextStep(row)).toBe(row.status === "unverified" ? "verify-email" : "await-approval");
      }
    }
  });
});
