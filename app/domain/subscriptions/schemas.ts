import { z } from "zod";
import { EmailSchema } from "~/domain/accounts/schemas";
import { AppError, type FieldError } from "~/lib/errors";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { pageQuery } from "~/lib/page-query";
import { fieldErrorsOf } from "~/lib/zod-issues";
import {
  COMPANY_SIZES,
  DECISION_NOTES_MAX,
  HOW_HEARD,
  INDUSTRIES,
  REQUESTED_PLANS,
  type RequestedPlan,
  TRIAL_MESSAGES,
  TRIAL_TEXT_LIMITS,
} from "./options";
import { APPROVAL_STATUSES, BILLING_CYCLES, USER_PLANS, USER_ROLES, USER_STATUSES } from "./values";

const requiredText = (message: string, label: string, max = 100) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).optional().default("");

const PHONE = /^\+?[0-9][0-9 ().-]{5,24}$/;
const PhoneSchema = z
  .string()
  .trim()
  .max(30, "Phone number is invalid")
  .refine((v) => v === "" || PHONE.test(v), "Phone number is invalid")
  .optional()
  .default("");

const WebsiteSchema = z
  .string()
  .trim()
  .max(200, "Website must be at most 200 characters")
  .transform((v) => (v === "" || /^https?:\/\//i.test(v) ? v : `https://${v}`))
  .refine((v) => {
    if (v === "") return true;
    try {
      const url = new URL(v);
      return /^https?:$/.test(url.protocol) && url.hostname.includes(".");
    } catch {
      return false;
    }
  }, "Website must be a valid URL, like https://example.com")
  .optional()
  .default("");

/** Step 1: who you are. */
/** A step's "Back" posts whatever is typed: nothing to check. */
export const TrialBackSchema = z.object({});

export const TrialStep1Schema = z.object({
  role: z.enum(USER_ROLES, { error: TRIAL_MESSAGES.role }),
  firstName: requiredText(TRIAL_MESSAGES.firstName, "First name"),
  lastName: requiredText(TRIAL_MESSAGES.lastName, "Last name"),
  email: EmailSchema,
  phone: PhoneSchema,
});

/** Step 2 for an organization. */
export const TrialStep2OrganizationSchema = z.object({
  companyName: requiredText(TRIAL_MESSAGES.companyName, "Company name", 200),
  jobTitle: requiredText(TRIAL_MESSAGES.jobTitle, "Job title"),
  companySize: z.enum(COMPANY_SIZES, { error: TRIAL_MESSAGES.companySize }),
  industry: z.enum(INDUSTRIES, { error: TRIAL_MESSAGES.industry }),
  country: requiredText(TRIAL_MESSAGES.country, "Country"),
  website: WebsiteSchema,
});

/** Step 2 for an individual: country required, occupation optional. */
export const TrialStep2IndividualSchema = z.object({
  country: requiredText(TRIAL_MESSAGES.country, "Country"),
  occupation: optionalText("Occupation", TRIAL_TEXT_LIMITS.occupation),
});

export const trialStep2Schema = (role: (typeof USER_ROLES)[number]) =>
  role === "organization" ? TrialStep2OrganizationSchema : TrialStep2IndividualSchema;

/** Step 3's optional answers (the API's `additionalInfo` and `preferences`). */
const TrialAdditionalSchema = z.object({
  howDidYouHear: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(HOW_HEARD, { error: "Please choose an option from the list" }).optional(),
  ),
  useCase: optionalText("Use case", TRIAL_TEXT_LIMITS.useCase),
  currentTools: optionalText("Current tools", TRIAL_TEXT_LIMITS.currentTools),
  subscribeNewsletter: z.boolean({ error: "subscribeNewsletter must be true or false" }).optional().default(false),
});

/**
 * Step 3: the terms box is required, on the form and on the API alike (decision 023), and the
 * honeypot rides along to `startTrial`, which ignores a signup that filled it.
 */
export const TrialStep3Schema = TrialAdditionalSchema.extend({
  agreeToTerms: z
    .boolean({ error: TRIAL_MESSAGES.terms })
    .refine((v) => v, TRIAL_MESSAGES.terms)
    .transform((): true => true),
  [HONEYPOT_FIELD]: z.string().max(1000).nullish(),
});

export const RequestedPlanSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(REQUESTED_PLANS))
  .optional()
  .catch(undefined);

/** A whole signup, parsed: what `startTrial` takes. */
export type TrialSignup = z.output<typeof TrialStep1Schema> &
  Partial<z.output<typeof TrialStep2OrganizationSchema>> &
  Partial<z.output<typeof TrialStep2IndividualSchema>> &
  z.output<typeof TrialStep3Schema> & { requestedPlan?: RequestedPlan };

/**
 * Validates a whole signup (all three steps) given as flat form fields, with the step schemas
 * the form uses one at a time. Every step is checked, so a later step never stands in for a
 * missing earlier one.
 */
export function validateTrialSignup(
  input: Record<string, unknown>,
): { success: true; data: TrialSignup } | { success: false; details: FieldError[] } {
  const details: FieldError[] = [];
  const step1 = TrialStep1Schema.safeParse(input);
  if (!step1.success) details.push(...fieldErrorsOf(step1.error));
  const role = step1.success ? step1.data.role : USER_ROLES.find((r) => r === input.role);
  const step2 = trialStep2Schema(role ?? "organization").safeParse(input);
  if (role && !step2.success) details.push(...fieldErrorsOf(step2.error));
  const step3 = TrialStep3Schema.safeParse(input);
  if (!step3.success) details.push(...fieldErrorsOf(step3.error));
  if (!step1.success || !step2.success || !step3.success) return { success: false, details };
  return {
    success: true,
    data: {
      ...step1.data,
      ...step2.data,
      ...step3.data,
      requestedPlan: RequestedPlanSchema.parse(input.requestedPlan),
    },
  };
}

/** `validateTrialSignup`, answering a 400 with every field's error when the signup is not valid. */
export function parseTrialSignup(input: Record<string, unknown>): TrialSignup {
  const parsed = validateTrialSignup(input);
  if (parsed.success) return parsed.data;
  throw new AppError(400, parsed.details[0]?.message ?? TRIAL_MESSAGES.fixHighlighted, {
    code: "trial.invalid_signup",
    details: parsed.details,
  });
}

/* The API's signup payload (spec §3 "Trial signup payload"). Field rules are applied to the
   flattened fields by validateTrialSignup, so errors name the form fields (firstName, companyName…). */
const loose = z.unknown().optional();
export const TrialStartPayloadSchema = z.object({
  userId: z.string().optional().describe("Ignored: the server builds the userId from the email and the time"),
  email: z.string().describe("Email address (required)"),
  role: z.string().describe("individual | organization"),
  personalInfo: z
    .object({
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      phone: z.string().optional(),
      jobTitle: z.string().optional(),
      occupation: z.string().optional(),
    })
    .optional()
    .default({}),
  companyInfo: z
    .object({
      name: z.string().optional(),
      companyName: z.string().optional(),
      size: z.string().optional(),
      companySize: z.string().optional(),
      industry: z.string().optional(),
      website: z.string().optional(),
      country: z.string().optional(),
    })
    .optional()
    .default({}),
  additionalInfo: z
    .object({
      howDidYouHear: z.string().optional(),
      useCase: z.string().optional(),
      currentTools: z.string().optional(),
    })
    .optional()
    .default({}),
  preferences: z.object({ subscribeNewsletter: z.boolean().optional() }).optional().default({}),
  plan: z.literal("trial", { error: 'plan must be "trial"' }).optional().default("trial"),
  requestedPlan: z.string().optional().describe("Plan chosen on the pricing page: standard | pro"),
  agreeToTerms: loose.describe("Must be true: the person agreed to the terms (decision 023)"),
});

export type TrialStartPayload = z.output<typeof TrialStartPayloadSchema>;

/** The nested API payload as the form's flat fields. */
export function flattenTrialPayload(payload: TrialStartPayload): Record<string, unknown> {
  const p = payload.personalInfo;
  const c = payload.companyInfo;
  const a = payload.additionalInfo;
  return {
    role: payload.role,
    email: payload.email,
    firstName: p.firstName,
    lastName: p.lastName,
    phone: p.phone,
    jobTitle: p.jobTitle,
    occupation: p.occupation ?? (payload.role === "individual" ? p.jobTitle : undefined),
    companyName: c.name ?? c.companyName,
    companySize: c.size ?? c.companySize,
    industry: c.industry,
    website: c.website,
    country: c.country,
    howDidYouHear: a.howDidYouHear,
    useCase: a.useCase,
    currentTools: a.currentTools,
    subscribeNewsletter: payload.preferences.subscribeNewsletter,
    requestedPlan: payload.requestedPlan,
    agreeToTerms: payload.agreeToTerms,
  };
}

/* Admin list and actions. */
export const USERS_PAGE_SIZE = 10;
const { page, limit } = pageQuery({ limit: USERS_PAGE_SIZE, maxLimit: 100 });

export const SubscriptionListQuerySchema = z.object({
  page,
  limit,
  status: z.enum(USER_STATUSES, { error: `status must be one of ${USER_STATUSES.join(", ")}` }).optional(),
  plan: z.enum(USER_PLANS, { error: `plan must be one of ${USER_PLANS.join(", ")}` }).optional(),
  q: z.string().trim().max(100, "q must be at most 100 characters").optional(),
});
export type SubscriptionListQuery = z.output<typeof SubscriptionListQuerySchema>;

export const WebhookLogQuerySchema = z.object({
  page,
  limit: limit.default(20),
  status: z
    .enum(["pending", "succeeded", "failed"], { error: "status must be pending, succeeded or failed" })
    .optional(),
});

const NotesSchema = z
  .string()
  .trim()
  .max(DECISION_NOTES_MAX, `notes must be at most ${DECISION_NOTES_MAX} characters`)
  .optional();

export const ApproveSchema = z.object({
  action: z.enum(["approve", "reject"], { error: 'action must be "approve" or "reject"' }),
  notes: NotesSchema,
});
export type ApproveInput = z.output<typeof ApproveSchema>;

export const ApprovalPatchSchema = z.object({
  approvalStatus: z.enum(["approved", "rejected"], { error: 'approvalStatus must be "approved" or "rejected"' }),
  notes: NotesSchema,
});

export const EmailVerificationPatchSchema = z.object({
  emailVerified: z.boolean({ error: "emailVerified must be true or false" }),
});

const PAID_PLANS = ["basic", "standard", "premium", "enterprise"] as const;

export { PAID_PLANS };

const AmountSchema = z
  .number({ error: "amount must be a whole number of paise" })
  .int("amount must be a whole number of paise")
  .min(0, "amount cannot be negative")
  .max(10_000_000_000, "amount is too large");

const PaymentMethodSchema = z
  .object({
    type: z.enum(["card", "upi", "invoice", "bank_transfer"], {
      error: "paymentMethod.type must be card, upi, invoice or bank_transfer",
    }),
    cardLast4: z
      .string()
      .regex(/^\d{4}$/, "cardLast4 must be 4 digits")
      .optional(),
  })
  .refine((m) => m.type !== "card" || m.cardLast4, { error: "cardLast4 is required for a card", path: ["cardLast4"] });

export const CreateSubscriptionSchema = z.object({
  email: EmailSchema,
  firstName: requiredText(TRIAL_MESSAGES.firstName, "First name"),
  lastName: requiredText(TRIAL_MESSAGES.lastName, "Last name"),
  role: z.enum(USER_ROLES, { error: TRIAL_MESSAGES.role }).default("individual"),
  phone: PhoneSchema,
  jobTitle: optionalText("Job title", 100),
  companyName: optionalText("Company name", 200),
  companySize: z.enum(COMPANY_SIZES, { error: "Company size is invalid" }).optional(),
  industry: z.enum(INDUSTRIES, { error: "Industry is invalid" }).optional(),
  country: optionalText("Country", 100),
  website: WebsiteSchema,
  plan: z.enum(USER_PLANS, { error: `plan must be one of ${USER_PLANS.join(", ")}` }).default("trial"),
  billingCycle: z.enum(BILLING_CYCLES, { error: "billingCycle must be monthly or annual" }).default("monthly"),
  amount: AmountSchema.default(0),
  notes: NotesSchema,
});

export const PurchaseSchema = z.object({
  userId: z.string({ error: "userId is required" }).trim().min(1, "userId is required"),
  plan: z.enum(PAID_PLANS, { error: `plan must be one of ${PAID_PLANS.join(", ")}` }),
  billingCycle: z.enum(BILLING_CYCLES, { error: "billingCycle must be monthly or annual" }).default("monthly"),
  amount: AmountSchema,
  paymentMethod: PaymentMethodSchema.optional(),
});

export const UpgradeSchema = z.object({
  plan: z.enum(PAID_PLANS, { error: `plan must be one of ${PAID_PLANS.join(", ")}` }),
  billingCycle: z.enum(BILLING_CYCLES, { error: "billingCycle must be monthly or annual" }).optional(),
  amount: AmountSchema.optional(),
});

export const RenewSchema = z.object({
  billingCycle: z.enum(BILLING_CYCLES, { error: "billingCycle must be monthly or annual" }).optional(),
});

export const CancelSchema = z.object({
  reason: z.string().trim().max(1000, "reason must be at most 1000 characters").optional(),
});

export const WebhookRetrySchema = z.object({
  deliveryId: z.string().trim().min(1, "deliveryId cannot be empty").optional(),
});

/* Response shapes (spec §3 "Subscription/user"), for the OpenAPI document. */
const nullableDate = z.string().nullable().describe("ISO 8601");
export const SubscriptionViewSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  jobTitle: z.string(),
  occupation: z.string(),
  companyName: z.string(),
  companySize: z.string(),
  industry: z.string(),
  country: z.string(),
  website: z.string(),
  plan: z.enum(USER_PLANS),
  requestedPlan: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  emailVerified: z.boolean(),
  approvalStatus: z.enum(APPROVAL_STATUSES).nullable(),
  trialApproved: z.boolean(),
  approvalNotes: z.string().nullable(),
  approvedAt: nullableDate,
  startDate: nullableDate,
  endDate: nullableDate,
  trialExpired: z.boolean(),
  trialExpiring: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  emailSent: z.boolean(),
  emailSentAt: nullableDate,
  features: z.array(z.string()),
  howDidYouHear: z.string(),
  useCase: z.string(),
  currentTools: z.string(),
  subscribeNewsletter: z.boolean(),
  metadata: z.object({
    personalInfo: z.object({ firstName: z.string(), lastName: z.string(), phone: z.string(), jobTitle: z.string() }),
    companyInfo: z.object({
      name: z.string(),
      companyName: z.string(),
      industry: z.string(),
      country: z.string(),
      size: z.string(),
      companySize: z.string(),
    }),
    approvalStatus: z.enum(APPROVAL_STATUSES).nullable(),
    emailVerified: z.boolean(),
    pricing: z.object({
      amount: z.number().int().describe("Minor units (paise); the details view divides by 100"),
      currency: z.string(),
      cycle: z.enum(BILLING_CYCLES),
      billingCycle: z.enum(BILLING_CYCLES),
    }),
    paymentMethod: z.object({ type: z.string(), cardLast4: z.string().nullable() }).nullable(),
  }),
});
export type SubscriptionView = z.infer<typeof SubscriptionViewSchema>;

export const CustomerAccountSchema = z.object({
  status: z.enum(["created", "failed"]),
  code: z
    .enum(["account.created", "account.exists", "account.refused", "account.retrying", "account.failed"])
    .describe(
      "What happened: created; exists (the host already has this customer: access may already exist); refused (4xx); retrying (retried automatically); failed (no retries left)",
    ),
  message: z.string(),
  userId: z.string().nullable(),
});
export type CustomerAccount = z.infer<typeof CustomerAccountSchema>;

export const TrialStatusSchema = z.object({
  userId: z.string(),
  plan: z.enum(USER_PLANS),
  status: z.enum(USER_STATUSES),
  emailVerified: z.boolean(),
  approvalStatus: z.enum(APPROVAL_STATUSES).nullable(),
  trialApproved: z.boolean(),
  startDate: nullableDate,
  endDate: nullableDate,
  daysRemaining: z.number().int().nullable(),
  trialExpired: z.boolean(),
  nextStep: z.enum(["verify-email", "await-approval", "active", "rejected", "cancelled"]),
});

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  subscriptionId: z.string(),
  event: z.string(),
  url: z.string(),
  status: z.enum(["pending", "succeeded", "failed"]),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: nullableDate,
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** Spec §8 "Admin alerts" and "Approval outcomes", word for word where the spec gives them. */
export const USER_ADMIN_MESSAGES = {
  approved: "User approved successfully!",
  rejected: "User rejected successfully!",
  notFound: "User not found",
  failed: (action: "approve" | "reject") => `Failed to ${action} user. Please try again.`,
  welcomeFailed: "Failed to send welcome email. Please try again.",
  welcomeSent: "Welcome email sent successfully!",
  codeSent: "A new verification code was emailed to the user.",
  notVerifiedYet:
    "This user has not verified their email yet. Approve or reject them once they have entered their code; you can resend the code instead.",
  codeNotNeeded: "This user's email is already verified, so there is no code to resend.",
  codeFailed: "Failed to send a new code. Please try again.",
  accountCreated: (id: string) => `User approved successfully! Customer account created with ID: ${id}`,
  accountExists: "User approved. A customer account already exists, so the user may already have access.",
  accountFailed:
    "User approved and the trial is active, but the customer account could not be created. Manual help may be needed.",
} as const;
