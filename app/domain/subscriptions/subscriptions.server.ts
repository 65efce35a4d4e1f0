import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { db } from "~/db/client.server";
import { rowMatches } from "~/db/guarded.server";
import { containsAny, newestFirstPage } from "~/db/lists.server";
import { type Subscription, subscriptions } from "~/db/schema";
import { deliverSoon, emailStatement } from "~/domain/email/outbox.server";
import { deliverEventsSoon, trialEvent } from "~/domain/integrations/webhooks.server";

import type { Attribution } from "~/domain/leads/attribution";
import { leadArrivalStatements } from "~/domain/leads/leads.server";
import { confirmedBySignupStatements } from "~/domain/newsletter/newsletter.server";
import { consentStatement } from "~/domain/privacy/consents.server";
import { codeStatus, issueCode, secondsUntilResend, verifyCode } from "~/domain/verification/codes.server";
import type { CodeClient } from "~/domain/verification/secret.server";
import { AppError } from "~/lib/errors";
import { filledHoneypot } from "~/lib/honeypot";
import { paginationOf } from "~/lib/pagination";
import { awaitingApprovalEmail } from "./emails.server";
import { TRIAL_MESSAGES } from "./options";
import { daysRemaining, isAwaitingCode, nextStep, signupState, trialState } from "./rules";
import { activeNotEnded, awaitingCode, endedTrial } from "./rules.server";
import type { SubscriptionListQuery, SubscriptionView } from "./schemas";
import type { TrialSignup } from "./signup-schemas";
import type { ConsoleStatus } from "./values";

/** What a trial includes (the Pro plan's features, spec §9). */
export const TRIAL_FEATURES = [
  "Unlimited workflow steps",
  "Unlimited team members",
  "Unlimited master data",
  "Pre-designed templates",
  "Advanced customization",
  "Conditional logic",
];

export const USER_NOT_FOUND = "User not found"; // spec §8, word for word

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Spec §3: top-level fields and the `metadata` object, built from the same row so they agree. */
export function toView(row: Subscription, now = new Date()): SubscriptionView {
  const state = trialState(row, now);
  return {
    _id: row.id,
    userId: row.userId,
    email: row.email,
    role: row.role,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    jobTitle: row.jobTitle,
    occupation: row.occupation,
    companyName: row.companyName,
    companySize: row.companySize,
    industry: row.industry,
    country: row.country,
    website: row.website,
    plan: row.plan,
    requestedPlan: row.requestedPlan,
    status: row.status,
    emailVerified: row.emailVerified,
    approvalStatus: row.approvalStatus,
    trialApproved: row.trialApproved,
    approvalNotes: row.approvalNotes,
    approvedAt: iso(row.approvedAt),
    startDate: iso(row.startDate),
    endDate: iso(row.endDate),
    trialExpired: state === "expired",
    trialExpiring: state === "expiring",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    emailSent: row.emailSent,
    emailSentAt: iso(row.emailSentAt),
    features: row.features,
    howDidYouHear: row.howDidYouHear,
    useCase: row.useCase,
    currentTools: row.currentTools,
    subscribeNewsletter: row.subscribeNewsletter,
    metadata: {
      personalInfo: { firstName: row.firstName, lastName: row.lastName, phone: row.phone, jobTitle: row.jobTitle },
      companyInfo: {
        name: row.companyName,
        companyName: row.companyName,
        industry: row.industry,
        country: row.country,
        size: row.companySize,
        companySize: row.companySize,
      },
      approvalStatus: row.approvalStatus,
      emailVerified: row.emailVerified,
      pricing: {
        amount: row.priceAmount,
        currency: row.currency,
        cycle: row.billingCycle,
        billingCycle: row.billingCycle,
      },
      paymentMethod: row.paymentMethodType ? { type: row.paymentMethodType, cardLast4: row.cardLast4 } : null,
    },
  };
}

/** The public trial status: no personal data. */
export function toTrialStatus(row: Subscription, now = new Date()) {
  return {
    userId: row.userId,
    plan: row.plan,
    status: row.status,
    emailVerified: row.emailVerified,
    approvalStatus: row.approvalStatus,
    trialApproved: row.trialApproved,
    startDate: iso(row.startDate),
    endDate: iso(row.endDate),
    daysRemaining: daysRemaining(row.endDate, now),
    trialExpired: trialState(row, now) === "expired",
    nextStep: nextStep(row),
  } as const;
}

export async function findByEmail(email: string) {
  return db().select().from(subscriptions).where(eq(subscriptions.email, email.toLowerCase())).get();
}

export async function findByUserId(userId: string) {
  return db().select().from(subscriptions).where(eq(subscriptions.userId, userId)).get();
}

/** By `_id` or by `userId` (the spec's paths use both). */
export async function findSubscription(idOrUserId: string) {
  return db()
    .select()
    .from(subscriptions)
    .where(or(eq(subscriptions.id, idOrUserId), eq(subscriptions.userId, idOrUserId)))
    .get();
}

export async function requireSubscription(idOrUserId: string) {
  const row = idOrUserId.length <= 200 ? await findSubscription(idOrUserId) : undefined;
  if (!row) throw new AppError(404, USER_NOT_FOUND, { code: "subscription.not_found" });
  return row;
}

/** Spec §5 "Search": email, first or last name (or both), or company name, case-insensitive. */
export const userMatches = (q: string) =>
  containsAny(q, [
    subscriptions.email,
    subscriptions.firstName,
    subscriptions.lastName,
    sql`${subscriptions.firstName} || ' ' || ${subscriptions.lastName}`,
    subscriptions.companyName,
  ]);

/**
 * `status` is a stored status, or (console only, decision 020) "expired". With
 * `expiredApart`, "active" leaves out ended trials, which the console files under "expired".
 */
export async function listSubscriptions(
  { page, limit, status, plan, q }: Omit<SubscriptionListQuery, "status"> & { status?: ConsoleStatus },
  { expiredApart = false, now = new Date() } = {},
) {
  const filters: SQL[] = [];
  if (status === "expired") filters.push(endedTrial(now));
  else if (status === "active" && expiredApart) {
    filters.push(activeNotEnded(now));
  } else if (status) filters.push(eq(subscriptions.status, status));
  if (plan) filters.push(eq(subscriptions.plan, plan));
  if (q) filters.push(userMatches(q));
  const where = filters.length ? and(...filters) : undefined;
  const { rows, total } = await newestFirstPage(subscriptions, where, { page, limit });
  return {
    rows,
    pagination: paginationOf(page, limit, total),
  };
}

/** userId "built from the email and a timestamp" (spec §3), as in the seeded data. */
export function buildUserId(email: string, now: Date) {
  const local =
    (email.split("@")[0] ?? "")
      .replace(/[^a-z0-9]/gi, "")
      .toLowerCase()
      .slice(0, 40) || "user";
  return `${local}_${now.getTime()}`;
}

function alreadyHas(row: Subscription, now = new Date()) {
  return new AppError(409, TRIAL_MESSAGES.alreadyHas, {
    code: "trial.already_subscribed",
    currentPlan: row.plan,
    status: row.status,
    state: signupState(row, now),
  });
}

function signupColumns(input: TrialSignup) {
  const organization = input.role === "organization";
  return {
    role: input.role,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    jobTitle: organization ? (input.jobTitle ?? "") : "",
    occupation: organization ? "" : (input.occupation ?? ""),
    companyName: organization ? (input.companyName ?? "") : "",
    companySize: organization ? (input.companySize ?? "") : "",
    industry: organization ? (input.industry ?? "") : "",
    website: organization ? (input.website ?? "") : "",
    country: input.country ?? "",
    howDidYouHear: input.howDidYouHear ?? "",
    useCase: input.useCase,
    currentTools: input.currentTools,
    subscribeNewsletter: input.subscribeNewsletter,
    requestedPlan: input.requestedPlan ?? null,
  };
}

export type StartedTrial = { stored: true; subscription: Subscription; created: boolean } | { stored: false };

/**
 * Starts a trial signup, parsed by the adapter with the signup schemas (`parseTrialSignup`, or
 * the form's step schemas): the subscription is stored `unverified` until the email code is
 * verified. An email with a subscription is refused (409, with `currentPlan`); an abandoned
 * unverified signup for the same email is updated instead, keeping its userId. A filled
 * honeypot stores nothing and answers `stored: false`, which the adapter shows like a success.
 */
export async function startTrial(
  signup: TrialSignup,
  { now = new Date() }: { now?: Date } = {},
): Promise<StartedTrial> {
  if (filledHoneypot(signup)) return { stored: false };
  const client = db();
  const existing = await findByEmail(signup.email);
  if (existing) {
    if (!isAwaitingCode(existing)) throw alreadyHas(existing, now);
    const updated = await client
      .update(subscriptions)
      .set({ ...signupColumns(signup), updatedAt: now })
      .where(and(eq(subscriptions.id, existing.id), awaitingCode))
      .returning()
      .get();
    if (!updated) throw alreadyHas((await findByEmail(signup.email)) ?? existing, now);
    return { stored: true, subscription: updated, created: false };
  }
  for (const userId of [
    buildUserId(signup.email, now),
    `${buildUserId(signup.email, now)}_${crypto.randomUUID().slice(0, 6)}`,
  ]) {
    const values = {
      ...signupColumns(signup),
      id: crypto.randomUUID(),
      userId,
      email: signup.email,
      plan: "trial" as const,
      status: "unverified" as const,
      emailVerified: false,
      approvalStatus: null,
      features: TRIAL_FEATURES,
      startDate: null,
      endDate: null,
      createdAt: now,
      updatedAt: now,
    };
    // The event only when the insert stored the row (a conflict inserts nothing). The signup is a
    // lead once its address is verified (decision 083), not now.
    const stored = sql`EXISTS (SELECT 1 FROM subscriptions WHERE id = ${values.id})`;
    const event = trialEvent("trial.started", values, now, stored);
    const [[row]] = await client.batch([
      client.insert(subscriptions).values(values).onConflictDoNothing().returning(),
      ...event.statements,
    ]);
    if (row) {
      deliverEventsSoon([event.id]);
      return { stored: true, subscription: row, created: true };
    }
    const raced = await findByEmail(signup.email);
    // The same signup sent twice at once (a double click): the other one is still awaiting its
    // code, so this one is an update of it, not "already has a subscription" (decision 052).
    if (raced && isAwaitingCode(raced)) return startTrial(signup, { now });
    if (raced) throw alreadyHas(raced, now);
    // Otherwise the userId was taken (same name part, same millisecond): try the suffixed one.
  }
  throw new AppError(409, "Please try again.");
}

/**
 * A trial signup's arrival in the lead inbox (decision 083), for the batch that verifies its
 * address — the visitor's code or a member marking it verified: a typo or someone else's address
 * never reaches the inbox, the round-robin or the CRM.
 */
export function verifiedSignupArrival(row: Subscription, attribution: Attribution | null, now: Date) {
  return leadArrivalStatements({
    kind: "trial",
    email: row.email,
    name: `${row.firstName} ${row.lastName}`,
    company: row.companyName ?? "",
    attribution,
    detail: `Trial signup verified${row.requestedPlan ? ` (plan: ${row.requestedPlan})` : ""}`,
    at: now,
  });
}

async function requireUnverifiedSignup(email: string) {
  const row = await findByEmail(email);
  if (!row)
    throw new AppError(404, "No free trial signup was found for this email. Please sign up first.", {
      code: "trial.not_found",
    });
  if (!isAwaitingCode(row)) {
    throw new AppError(409, ALREADY_VERIFIED, {
      code: "trial.already_verified",
      currentPlan: row.plan,
      status: row.status,
    });
  }
  return row;
}

const ALREADY_VERIFIED = "This email is already verified.";

/** The signup still waits for its email check (a guard of the code batches, decision 013). */
const stillUnverified = (id: string) =>
  rowMatches("signup unverified", subscriptions, and(eq(subscriptions.id, id), awaitingCode));

/** The guard and refusal of a trial code's batch: issuing and checking alike stop once the signup is verified. */
const whileUnverified = (id: string) => ({
  guards: [stillUnverified(id)],
  refused: () => new AppError(409, ALREADY_VERIFIED, { code: "trial.already_verified" }),
});

/** Sends (or re-sends) the trial code to an email with an unverified signup. */
export async function sendTrialCode(
  email: string,
  client: CodeClient,
  now = new Date(),
  alsoRun: BatchItem<"sqlite">[] = [],
) {
  return issueTrialCode(await requireUnverifiedSignup(email), client, now, alsoRun);
}

/** The code of a signup row already in hand; the batch re-checks that it still awaits one. */
function issueTrialCode(row: Subscription, client: CodeClient, now: Date, alsoRun: BatchItem<"sqlite">[] = []) {
  return issueCode({
    email: row.email,
    purpose: "trial",
    client,
    now,
    alsoRun,
    ...whileUnverified(row.id),
  });
}

export type StartedTrialWithCode = Extract<StartedTrial, { stored: true }> & { codeOnItsWay: boolean };

/**
 * The signup form's submit: `startTrial`, then the code to the row it returned (not read again).
 * A refusal of the code (a limit, or the signup verified meanwhile) does not undo the signup:
 * `codeOnItsWay` says whether a code is coming — just sent, or sent less than a minute ago
 * (the resend cooldown of a signup started again) — so the code screen can say so truthfully.
 */
export async function startTrialAndSendCode(
  signup: TrialSignup,
  client: CodeClient,
  { now = new Date() }: { now?: Date } = {},
): Promise<StartedTrialWithCode | { stored: false }> {
  const started = await startTrial(signup, { now });
  if (!started.stored) return started;
  try {
    await issueTrialCode(started.subscription, client, now);
    return { ...started, codeOnItsWay: true };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ...started, codeOnItsWay: error.extra.limit === "cooldown" };
  }
}

/**
 * `send-otp` and its aliases, which anyone can call with any address: the same answer for an
 * address with a signup awaiting its code, an already verified one and one nobody signed up
 * with (decision 042), so the answer tells nobody who signed up. Only the first gets a code by
 * email; for the others a code row is stored and never sent, so the per-email and per-address
 * limits (and their 429s) behave exactly as for a real signup.
 */
export async function requestTrialCode(email: string, client: CodeClient, now = new Date()) {
  const row = await findByEmail(email);
  if (row && isAwaitingCode(row)) {
    try {
      return await sendTrialCode(email, client, now);
    } catch (error) {
      // Verified while the code was on its way: answered like any address that needs no code.
      if (!(error instanceof AppError && error.code === "trial.already_verified")) throw error;
    }
  }
  return issueCode({ email, purpose: "trial", client, now, emailed: false });
}

/** What the code screen can truthfully say about this signup's code (decision 020). */
export function trialCodeStatus(email: string, ip = "", now = new Date()) {
  return codeStatus(email, "trial", ip, now);
}

/** Seconds before the code screen may ask for another code. */
export function trialResendWait(email: string, ip = "", now = new Date()) {
  return secondsUntilResend(email, "trial", ip, now);
}

/**
 * Checks the emailed code; on success the signup moves to `pending_admin_approval` and the
 * "awaiting approval" email is queued, in the same guarded batch as the code's consumption:
 * both happen exactly when the code is consumed (decision 013). The proved address becomes a
 * lead then (decision 083), with the visitor's touches (`attribution`, from the cookie of the
 * browser that enters the code).
 */
export async function verifyTrialEmail(
  email: string,
  code: string,
  client: Pick<CodeClient, "local"> & { ip?: string },
  now = new Date(),
  { attribution = null }: { attribution?: Attribution | null } = {},
) {
  const row = await requireUnverifiedSignup(email);
  const message = await awaitingApprovalEmail(row);
  const event = trialEvent(
    "trial.verified",
    { ...row, emailVerified: true, status: "pending", approvalStatus: "pending_admin_approval" },
    now,
  );
  // The newsletter tick counts once the address is proved (decision 054).
  const newsletter = row.subscribeNewsletter ? confirmedBySignupStatements(row.email, now) : null;
  const arrival = verifiedSignupArrival(row, attribution, now);
  await verifyCode({
    email,
    purpose: "trial",
    code,
    client,
    now,
    ...whileUnverified(row.id),
    alsoRun: [
      db()
        .update(subscriptions)
        .set({ emailVerified: true, status: "pending", approvalStatus: "pending_admin_approval", updatedAt: now })
        .where(eq(subscriptions.id, row.id)),
      emailStatement(message),
      ...event.statements,
      ...(newsletter?.statements ?? []),
      ...arrival.statements,
      // The ledger: the trial's notice, and the separate marketing choice when ticked (decision 087).
      consentStatement({ email: row.email, purpose: "trial", form: "trial", at: now }),
      ...(row.subscribeNewsletter
        ? [consentStatement({ email: row.email, purpose: "newsletter", form: "trial", at: now })]
        : []),
    ],
  });
  await deliverSoon([message.idempotencyKey]);
  deliverEventsSoon([event.id, ...(newsletter ? [newsletter.eventId] : []), ...arrival.eventIds]);
  return (await findByEmail(email)) ?? row;
}
