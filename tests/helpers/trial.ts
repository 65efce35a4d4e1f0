import { env } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import { afterEach, vi } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox, verificationCodes } from "~/db/schema";
import { decideApproval } from "~/domain/subscriptions/lifecycle.server";
import { parseTrialSignup } from "~/domain/subscriptions/signup-schemas";
import { sendTrialCode, startTrial, verifyTrialEmail } from "~/domain/subscriptions/subscriptions.server";
import { resetConfigCache } from "~/lib/config.server";

/** A client with a known IP, not a local run. */
export const CLIENT = { ip: "203.0.113.7", local: false };

let counter = 0;
export const uniqueTrialEmail = (prefix = "trial") => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;

/** The flat form fields of a complete organization signup. */
export function orgSignup(overrides: Record<string, unknown> = {}) {
  return {
    role: "organization",
    firstName: "Asha",
    lastName: "Verma",
    email: uniqueTrialEmail("org"),
    phone: "+91 98200 12345",
    companyName: "Verma Textiles",
    jobTitle: "Operations Head",
    companySize: "51-200",
    industry: "Manufacturing",
    country: "India",
    website: "vermatextiles.example",
    howDidYouHear: "LinkedIn",
    useCase: "Purchase approvals",
    currentTools: "Spreadsheets",
    subscribeNewsletter: true,
    agreeToTerms: true,
    ...overrides,
  };
}

/** What the free-trial page's last step posts for a complete organization signup (the form's own field values). */
export function trialFormFields(email: string, overrides: Record<string, string> = {}) {
  return {
    intent: "step-3",
    role: "organization",
    firstName: "Kiran",
    lastName: "Rao",
    email,
    phone: "",
    companyName: "Rao Mills",
    jobTitle: "Owner",
    companySize: "1-10",
    industry: "Manufacturing",
    country: "India",
    howDidYouHear: "YouTube",
    agreeToTerms: "on",
    plan: "standard",
    ...overrides,
  };
}

/** Starts a trial from flat form fields, parsed by the one signup schema as an adapter does. */
export async function startSignup(fields: Record<string, unknown> = orgSignup(), now = new Date()) {
  const started = await startTrial(parseTrialSignup(fields), { now });
  if (!started.stored) throw new Error("the honeypot was filled: nothing stored");
  return started;
}

/** An organization signup whose emailed code was sent and entered: it awaits an admin's approval. */
export async function verifiedTrialSignup(fields: Record<string, unknown> = {}, now = new Date()) {
  const { subscription } = await startSignup(orgSignup(fields), now);
  const { code } = await sendTrialCode(subscription.email, CLIENT, now);
  await verifyTrialEmail(subscription.email, code, CLIENT, now);
  return subscription;
}

/** A verified organization signup that `actor` approved: a running trial. */
export async function approvedTrialBy(
  actor: { id: string; email: string },
  fields: Record<string, unknown> = {},
  now = new Date(),
) {
  const signup = await verifiedTrialSignup(fields, now);
  return (await decideApproval(actor, signup.id, { action: "approve" }, now)).subscription;
}

/** The nested API payload (spec §3 "Trial signup payload") of an organization signup. */
export function orgPayload(overrides: Record<string, unknown> = {}) {
  const email = (overrides.email as string | undefined) ?? uniqueTrialEmail("api");
  return {
    userId: "client-made-id",
    email,
    role: "organization",
    personalInfo: { firstName: "Ravi", lastName: "Iyer", phone: "+91 98450 00000", jobTitle: "CTO" },
    companyInfo: {
      name: "Iyer Logistics",
      size: "11-50",
      industry: "Technology",
      website: "https://iyer.example",
      country: "India",
    },
    additionalInfo: { howDidYouHear: "Google Search", useCase: "Dispatch approvals", currentTools: "Email" },
    preferences: { subscribeNewsletter: false },
    plan: "trial",
    agreeToTerms: true,
    ...overrides,
  };
}

export function individualPayload(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueTrialEmail("solo"),
    role: "individual",
    personalInfo: { firstName: "Meera", lastName: "Das", occupation: "Freelance designer" },
    companyInfo: { country: "India" },
    additionalInfo: {},
    preferences: {},
    plan: "trial",
    agreeToTerms: true,
    ...overrides,
  };
}

/** The code in the newest code email to an address (read from the outbox, as a person would). */
export async function latestCodeFor(email: string) {
  const code = await db()
    .select()
    .from(verificationCodes)
    .where(eq(verificationCodes.email, email))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
    .get();
  if (!code) throw new Error(`no code for ${email}`);
  const message = await db()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.idempotencyKey, `code:${code.id}`))
    .get();
  const match = message?.text.match(/ is (\d{6})\./);
  if (!match?.[1]) throw new Error(`no code email for ${email}`);
  return match[1];
}

export async function emailsFor(email: string) {
  return db().select().from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(desc(emailOutbox.createdAt)).all();
}

/** Changes configuration for the rest of the test file (restore with the returned function). */
export function setConfig(values: Record<string, string>) {
  const target = env as unknown as Record<string, string>;
  const previous = Object.fromEntries(Object.keys(values).map((key) => [key, target[key] ?? ""]));
  Object.assign(target, values);
  resetConfigCache();
  return () => {
    Object.assign(target, previous);
    resetConfigCache();
  };
}

/**
 * Call at a test file's top level: answers a `setConfig` for one test. What it changes, and any
 * mock a test made (vi.spyOn), is restored after each test.
 */
export function configPerTest() {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
    vi.restoreAllMocks();
  });
  return (values: Record<string, string>) => {
    restore = setConfig(values);
  };
}
