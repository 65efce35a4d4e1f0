import { addMonths, addYears } from "date-fns";
import { and, eq, isNull, ne, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { z } from "zod";
import { db } from "~/db/client.server";
import { guardedBatch, rowMatches } from "~/db/guarded.server";
import { type Subscription, subscriptions, USER_PLANS } from "~/db/schema";
import type { Actor } from "~/domain/accounts/actor";
import { auditStatement } from "~/domain/audit/audit.server";
import { deliverSoon, emailStatement, type OutgoingEmail } from "~/domain/email/outbox.server";
import { deliverEventsSoon, trialEvent } from "~/domain/integrations/webhooks.server";
import type { CodeClient } from "~/domain/verification/secret.server";
import { DAY } from "~/lib/durations";
import { AppError, hasCode, isAppError } from "~/lib/errors";
import {
  approvedEmail,
  awaitingApprovalEmail,
  expiringEmail,
  longDate,
  rejectedEmail,
  welcomeEmail,
} from "./emails.server";
import { TRIAL_MESSAGES } from "./options";
import { accountCreatedFor, deliverWebhook, provisioningStatement, webhookConfigured } from "./provisioning.server";
import { isAwaitingApproval, isAwaitingCode, isBeforeDecision, isDecidable, isWelcomeDue, TRIAL_DAYS } from "./rules";
import { awaitingDecision, beforeDecision, endedTrial, expiringTrial, welcomeDue } from "./rules.server";
import {
  type ApproveInput,
  type CancelSchema,
  type CreateSubscriptionSchema,
  type CustomerAccount,
  type PurchaseSchema,
  type RenewSchema,
  type UpgradeSchema,
  USER_ADMIN_MESSAGES,
} from "./schemas";
import {
  buildUserId,
  findByEmail,
  requireSubscription,
  sendTrialCode,
  TRIAL_FEATURES,
  verifiedSignupArrival,
} from "./subscriptions.server";

export const NOT_VERIFIED_YET = USER_ADMIN_MESSAGES.notVerifiedYet;

/** The fields an audit record keeps before and after a change. */
function snapshot(row: Subscription) {
  return {
    plan: row.plan,
    status: row.status,
    approvalStatus: row.approvalStatus,
    emailVerified: row.emailVerified,
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    emailSent: row.emailSent,
    priceAmount: row.priceAmount,
    billingCycle: row.billingCycle,
  };
}

/**
 * A guarded change of one subscription (decision 013): the UPDATE, its audit record, emails
 * and webhook rows run in one batch behind `guard` (the state the change expects). When
 * another request changed the row first, nothing is written and `refused` explains why.
 */
async function commit(
  id: string,
  guard: SQL | undefined,
  values: Partial<typeof subscriptions.$inferInsert>,
  extras: BatchItem<"sqlite">[],
  emails: OutgoingEmail[],
  refused: string | ((current: Subscription) => AppError),
) {
  const client = db();
  const [updated] = await guardedBatch(
    rowMatches("subscription in expected state", subscriptions, and(eq(subscriptions.id, id), guard)),
    [
      client.update(subscriptions).set(values).where(eq(subscriptions.id, id)).returning(),
      ...extras,
      ...emails.map(emailStatement),
    ],
    async () => {
      if (typeof refused === "string") return new AppError(409, refused);
      const current = await client.select().from(subscriptions).where(eq(subscriptions.id, id)).get();
      return current ? refused(current) : new AppError(404, "User not found.", { code: "subscription.not_found" });
    },
  );
  const row = (updated as Subscription[])[0];
  if (!row) throw new AppError(404, "User not found.", { code: "subscription.not_found" });
  if (emails.length) await deliverSoon(emails.map((e) => e.idempotencyKey));
  return row;
}

const PAST = { approve: "approved", reject: "rejected" } as const;
const REJECTION_IS_FINAL = "This user was rejected. A rejection cannot be undone.";

const approvalConflict = (row: Subscription, action: "approve" | "reject") => {
  if (row.status === "rejected" || row.approvalStatus === "rejected") {
    return new AppError(409, REJECTION_IS_FINAL, { code: "subscription.rejected" });
  }
  if (row.approvalStatus === "approved") {
    return new AppError(409, `This user is already approved, so they cannot be ${PAST[action]} now.`, {
      code: "subscription.already_approved",
    });
  }
  if (isAwaitingApproval(row) && (!row.emailVerified || row.status === "unverified")) {
    return new AppError(409, NOT_VERIFIED_YET, { code: "subscription.not_verified", reason: "email-not-verified" });
  }
  return new AppError(409, `Only users awaiting approval can be ${PAST[action]}.`, {
    code: "subscription.not_awaiting",
  });
};

export type ApprovalResult = { subscription: Subscription; customerAccount?: CustomerAccount };

/**
 * Approve: the 7-day trial starts now (status active) and, when configured, the signed
 * provisioning webhook asks the application host for the customer account. Reject is final.
 */
export async function decideApproval(
  actor: Actor,
  idOrUserId: string,
  { action, notes }: ApproveInput,
  now = new Date(),
): Promise<ApprovalResult> {
  const row = await requireSubscription(idOrUserId);
  if (!isDecidable(row)) throw approvalConflict(row, action);
  const guard = awaitingDecision;
  const refused = (current: Subscription) => approvalConflict(current, action);
  if (action === "reject") {
    const event = trialEvent("trial.rejected", { ...row, status: "rejected", approvalStatus: "rejected" }, now);
    const updated = await commit(
      row.id,
      guard,
      {
        status: "rejected",
        approvalStatus: "rejected",
        trialApproved: false,
        approvalNotes: notes || `Trial rejected by admin on ${longDate(now)}`,
        approvedBy: actor.id,
        updatedAt: now,
      },
      [
        auditStatement(actor, "subscription.rejected", "subscription", row.id, snapshot(row), {
          status: "rejected",
          approvalStatus: "rejected",
          notes: notes ?? null,
        }),
        ...event.statements,
      ],
      [await rejectedEmail(row)],
      refused,
    );
    deliverEventsSoon([event.id]);
    return { subscription: updated };
  }

  const startDate = now;
  const endDate = new Date(now.getTime() + TRIAL_DAYS * DAY);
  const webhook = webhookConfigured() ? provisioningStatement(row, { startDate, endDate }, now) : null;
  const event = trialEvent(
    "trial.approved",
    { ...row, status: "active", approvalStatus: "approved", startDate, endDate },
    now,
  );
  const updated = await commit(
    row.id,
    guard,
    {
      status: "active",
      approvalStatus: "approved",
      trialApproved: true,
      approvalNotes: notes || `Trial approved by admin on ${longDate(now)}`,
      approvedBy: actor.id,
      approvedAt: now,
      startDate,
      endDate,
      features: row.features.length ? row.features : TRIAL_FEATURES,
      expiredAt: null,
      reminderSentAt: null,
      updatedAt: now,
    },
    [
      auditStatement(actor, "subscription.approved", "subscription", row.id, snapshot(row), {
        status: "active",
        approvalStatus: "approved",
        startDate: startDate.toISOString(),
        endDate: endDate.toISOString(),
        notes: notes ?? null,
      }),
      ...(webhook ? [webhook.statement] : []),
      ...event.statements,
    ],
    [await approvedEmail(row, startDate, endDate)],
    refused,
  );
  deliverEventsSoon([event.id]);
  if (!webhook) return { subscription: updated };
  return { subscription: updated, customerAccount: await deliverWebhook(webhook.id, now) };
}

/**
 * Resend code (decision 020): an admin sends a new code to a signup that has not verified its
 * email yet, through the same code engine and limits as the visitor's own "Resend code"
 * (60 s between codes, 5 per email per hour, 20 per address per hour). The audit record is
 * written in the code's batch, so it exists exactly when a code went out. The code itself is
 * never answered to the admin.
 */
export async function resendTrialCode(actor: Actor, idOrUserId: string, client: CodeClient, now = new Date()) {
  const row = await requireSubscription(idOrUserId);
  if (!isAwaitingCode(row)) {
    throw new AppError(409, CODE_NOT_NEEDED, { code: "subscription.code_not_needed" });
  }
  const issued = await sendTrialCode(row.email, client, now, [
    auditStatement(actor, "subscription.code_resent", "subscription", row.id, null, { email: row.email }),
  ]).catch((error: unknown) => {
    if (hasCode(error, "trial.already_verified")) {
      throw new AppError(409, CODE_NOT_NEEDED, { code: "subscription.code_not_needed" });
    }
    throw error;
  });
  return { subscription: row, expiresAt: issued.expiresAt, resendAfter: issued.resendAfter };
}

export const CODE_NOT_NEEDED = USER_ADMIN_MESSAGES.codeNotNeeded;

/** Send Details: the welcome email with login details, at most once per user. */
export async function sendWelcome(actor: Actor, idOrUserId: string, now = new Date()) {
  const row = await requireSubscription(idOrUserId);
  if (row.emailSent) {
    throw new AppError(
      409,
      `The welcome email was already sent${row.emailSentAt ? ` on ${longDate(row.emailSentAt)}` : ""}. It is sent only once.`,
      { code: "subscription.welcome_already_sent", emailSentAt: row.emailSentAt?.toISOString() ?? null },
    );
  }
  if (!isWelcomeDue(row)) {
    throw new AppError(409, "Approve the user before sending the welcome email.", {
      code: "subscription.not_approved",
    });
  }
  return commit(
    row.id,
    welcomeDue,
    { emailSent: true, emailSentAt: now, updatedAt: now },
    [
      auditStatement(
        actor,
        "subscription.welcome_email_sent",
        "subscription",
        row.id,
        { emailSent: false },
        {
          emailSent: true,
          emailSentAt: now.toISOString(),
        },
      ),
    ],
    [await welcomeEmail(row, { accountCreated: await accountCreatedFor(row.id) })],
    (current) =>
      current.emailSent
        ? new AppError(
            409,
            `The welcome email was already sent${current.emailSentAt ? ` on ${longDate(current.emailSentAt)}` : ""}. It is sent only once.`,
            { code: "subscription.welcome_already_sent", emailSentAt: current.emailSentAt?.toISOString() ?? null },
          )
        : new AppError(409, "Approve the user before sending the welcome email.", {
            code: "subscription.not_approved",
          }),
  );
}

/** Admin correction of the email-verified flag, before approval only. */
export async function setEmailVerification(actor: Actor, idOrUserId: string, verified: boolean, now = new Date()) {
  const row = await requireSubscription(idOrUserId);
  if (!isBeforeDecision(row)) {
    throw new AppError(409, "Email verification can only be changed before the user is approved or rejected.");
  }
  if (row.emailVerified === verified) {
    throw new AppError(409, verified ? "This email is already verified." : "This email is already unverified.");
  }
  const values = verified
    ? { emailVerified: true, status: "pending" as const, approvalStatus: "pending_admin_approval" as const }
    : { emailVerified: false, status: "unverified" as const, approvalStatus: null };
  // An admin marking the address verified is the same event as the visitor's code, and the same
  // arrival in the lead inbox (decision 083), without the visitor's touches (no visitor here).
  const event = verified ? trialEvent("trial.verified", { ...row, ...values }, now) : null;
  const arrival = verified ? verifiedSignupArrival(row, null, now) : null;
  const updated = await commit(
    row.id,
    and(eq(subscriptions.emailVerified, !verified), beforeDecision),
    { ...values, updatedAt: now },
    [
      auditStatement(actor, "subscription.email_verification_changed", "subscription", row.id, snapshot(row), values),
      ...(event ? event.statements : []),
      ...(arrival ? arrival.statements : []),
    ],
    verified ? [await awaitingApprovalEmail(row)] : [],
    "The email verification changed meanwhile. Reload and try again.",
  );
  if (event) deliverEventsSoon([event.id, ...(arrival?.eventIds ?? [])]);
  return updated;
}

const cycleEnd = (from: Date, cycle: "monthly" | "annual") =>
  cycle === "annual" ? addYears(from, 1) : addMonths(from, 1);
const rank = (plan: Subscription["plan"]) => USER_PLANS.indexOf(plan);

/** An admin adds a user directly: approved and active at once (no payment processor is connected). */
export async function createSubscription(
  actor: Actor,
  input: z.output<typeof CreateSubscriptionSchema>,
  now = new Date(),
) {
  const existing = await findByEmail(input.email);
  if (existing) {
    throw new AppError(409, TRIAL_MESSAGES.alreadyHas, {
      code: "subscription.email_taken",
      currentPlan: existing.plan,
    });
  }
  const endDate =
    input.plan === "trial"
      ? new Date(now.getTime() + TRIAL_DAYS * DAY)
      : input.plan === "free"
        ? null
        : cycleEnd(now, input.billingCycle);
  const id = crypto.randomUUID();
  const values = {
    id,
    userId: buildUserId(input.email, now),
    email: input.email,
    role: input.role,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    jobTitle: input.jobTitle,
    companyName: input.companyName,
    companySize: input.companySize ?? "",
    industry: input.industry ?? "",
    country: input.country,
    website: input.website,
    plan: input.plan,
    status: "active" as const,
    emailVerified: false,
    approvalStatus: "approved" as const,
    trialApproved: input.plan === "trial",
    approvalNotes: input.notes || `Created by admin on ${longDate(now)}`,
    approvedBy: actor.id,
    approvedAt: now,
    startDate: now,
    endDate,
    features: input.plan === "trial" ? TRIAL_FEATURES : [],
    priceAmount: input.amount,
    billingCycle: input.billingCycle,
    createdAt: now,
    updatedAt: now,
  };
  const client = db();
  try {
    const [inserted] = await client.batch([
      client.insert(subscriptions).values(values).returning(),
      auditStatement(actor, "subscription.created", "subscription", id, null, {
        email: input.email,
        plan: input.plan,
        status: "active",
      }),
    ]);
    const row = inserted[0];
    if (!row) throw new AppError(409, "Please try again.");
    return row;
  } catch (error) {
    if (String(error).includes("UNIQUE")) {
      throw new AppError(409, TRIAL_MESSAGES.alreadyHas, { code: "subscription.email_taken" });
    }
    throw error;
  }
}

function refuseRejected(row: Subscription) {
  if (row.status === "rejected") throw new AppError(409, REJECTION_IS_FINAL, { code: "subscription.rejected" });
}

/** Records a purchase made outside the site (no payment processor is connected). */
export async function purchase(actor: Actor, input: z.output<typeof PurchaseSchema>, now = new Date()) {
  const row = await requireSubscription(input.userId);
  refuseRejected(row);
  if (row.status === "unverified") throw new AppError(409, "The user's email is not verified yet.");
  const values = {
    plan: input.plan,
    status: "active" as const,
    billingCycle: input.billingCycle,
    priceAmount: input.amount,
    paymentMethodType: input.paymentMethod?.type ?? null,
    cardLast4: input.paymentMethod?.cardLast4 ?? null,
    startDate: now,
    endDate: cycleEnd(now, input.billingCycle),
    expiredAt: null,
    reminderSentAt: null,
    updatedAt: now,
  };
  return commit(
    row.id,
    ne(subscriptions.status, "rejected"),
    values,
    [
      auditStatement(actor, "subscription.purchased", "subscription", row.id, snapshot(row), {
        plan: input.plan,
        billingCycle: input.billingCycle,
        priceAmount: input.amount,
        endDate: values.endDate.toISOString(),
      }),
    ],
    [],
    "This user was rejected meanwhile.",
  );
}

export async function upgrade(
  actor: Actor,
  idOrUserId: string,
  input: z.output<typeof UpgradeSchema>,
  now = new Date(),
) {
  const row = await requireSubscription(idOrUserId);
  refuseRejected(row);
  if (row.status !== "active") throw new AppError(409, "Only active subscriptions can be upgraded.");
  if (rank(input.plan) <= rank(row.plan)) {
    throw new AppError(400, `Choose a plan above the current one (${row.plan}).`, {
      details: [{ field: "plan", message: `Choose a plan above the current one (${row.plan}).` }],
    });
  }
  const cycle = input.billingCycle ?? row.billingCycle;
  const fromTrial = row.plan === "trial" || row.plan === "free";
  const values = {
    plan: input.plan,
    billingCycle: cycle,
    priceAmount: input.amount ?? row.priceAmount,
    ...(fromTrial ? { startDate: now, endDate: cycleEnd(now, cycle), expiredAt: null, reminderSentAt: null } : {}),
    updatedAt: now,
  };
  return commit(
    row.id,
    and(eq(subscriptions.status, "active"), eq(subscriptions.plan, row.plan)),
    values,
    [
      auditStatement(actor, "subscription.upgraded", "subscription", row.id, snapshot(row), {
        plan: input.plan,
        billingCycle: cycle,
        priceAmount: values.priceAmount,
      }),
    ],
    [],
    "The subscription changed meanwhile. Reload and try again.",
  );
}

export async function renew(actor: Actor, idOrUserId: string, input: z.output<typeof RenewSchema>, now = new Date()) {
  const row = await requireSubscription(idOrUserId);
  refuseRejected(row);
  if (row.plan === "trial" || row.plan === "free") {
    throw new AppError(409, `A ${row.plan} plan cannot be renewed. Purchase a paid plan instead.`);
  }
  if (row.status !== "active" && row.status !== "cancelled") {
    throw new AppError(409, "Only active or cancelled subscriptions can be renewed.");
  }
  const cycle = input.billingCycle ?? row.billingCycle;
  const from = row.endDate && row.endDate > now ? row.endDate : now;
  const values = {
    status: "active" as const,
    billingCycle: cycle,
    endDate: cycleEnd(from, cycle),
    expiredAt: null,
    reminderSentAt: null,
    updatedAt: now,
  };
  return commit(
    row.id,
    eq(subscriptions.updatedAt, row.updatedAt),
    values,
    [
      auditStatement(actor, "subscription.renewed", "subscription", row.id, snapshot(row), {
        status: "active",
        billingCycle: cycle,
        endDate: values.endDate.toISOString(),
      }),
    ],
    [],
    "The subscription changed meanwhile. Reload and try again.",
  );
}

export async function cancel(actor: Actor, idOrUserId: string, input: z.output<typeof CancelSchema>, now = new Date()) {
  const row = await requireSubscription(idOrUserId);
  if (row.status === "rejected") throw new AppError(409, "A rejected user has no subscription to cancel.");
  if (row.status === "cancelled") throw new AppError(409, "This subscription is already cancelled.");
  const values = {
    status: "cancelled" as const,
    // A cancelled signup no longer waits for approval.
    approvalStatus: row.approvalStatus === "pending_admin_approval" ? null : row.approvalStatus,
    updatedAt: now,
  };
  return commit(
    row.id,
    and(ne(subscriptions.status, "cancelled"), ne(subscriptions.status, "rejected")),
    values,
    [
      auditStatement(actor, "subscription.cancelled", "subscription", row.id, snapshot(row), {
        status: "cancelled",
        reason: input.reason ?? null,
      }),
    ],
    [],
    "This subscription is already cancelled.",
  );
}

/**
 * Scheduled job: one reminder for active trials ending within 3 days. Each reminder is a
 * guarded change, so a trial renewed, cancelled or reminded meanwhile gets no email.
 */
export async function sendTrialReminders(now: Date, signal?: AbortSignal): Promise<number> {
  const client = db();
  const inWindow = and(expiringTrial(now), isNull(subscriptions.reminderSentAt));
  const due = await client.select().from(subscriptions).where(inWindow).limit(50).all();
  let sent = 0;
  for (const row of due) {
    if (signal?.aborted) break;
    if (!row.endDate) continue;
    const message = await expiringEmail({ ...row, endDate: row.endDate });
    try {
      await guardedBatch(
        rowMatches(
          "trial due for a reminder",
          subscriptions,
          and(eq(subscriptions.id, row.id), eq(subscriptions.endDate, row.endDate), inWindow),
        ),
        [
          client.update(subscriptions).set({ reminderSentAt: now }).where(eq(subscriptions.id, row.id)),
          emailStatement(message),
        ],
        () => new AppError(409, "Reminded or changed meanwhile."),
      );
    } catch (error) {
      if (isAppError(error)) continue;
      throw error;
    }
    sent++;
    await deliverSoon([message.idempotencyKey]);
  }
  return sent;
}

/** Scheduled job: active trials past their end are marked expired. */
export async function markExpiredTrials(now: Date): Promise<number> {
  const result = await db()
    .update(subscriptions)
    .set({ expiredAt: now, updatedAt: now })
    .where(and(endedTrial(now), isNull(subscriptions.expiredAt)));
  return result.meta.changes ?? 0;
}
