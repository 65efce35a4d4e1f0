import { z } from "zod";
import { EmailSchema } from "~/domain/accounts/schemas";
import { pageQuery } from "~/lib/page-query";
import { COMPANY_SIZES, DECISION_NOTES_MAX, INDUSTRIES, TRIAL_MESSAGES } from "./options";
import { optionalText, PhoneSchema, requiredText, WebsiteSchema } from "./signup-schemas";
import { APPROVAL_STATUSES, BILLING_CYCLES, USER_PLANS, USER_ROLES, USER_STATUSES } from "./values";

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
