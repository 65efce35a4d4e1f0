import { z } from "zod";
import { EmailSchema } from "~/domain/accounts/schemas";
import { AppError, type FieldError } from "~/lib/errors";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { fieldErrorsOf } from "~/lib/zod-issues";
import {
  COMPANY_SIZES,
  HOW_HEARD,
  INDUSTRIES,
  REQUESTED_PLANS,
  type RequestedPlan,
  TRIAL_MESSAGES,
  TRIAL_TEXT_LIMITS,
} from "./options";
import { USER_ROLES } from "./values";

/*
 * The trial signup's input: each step of the form, the whole signup as the service takes it, and
 * the API's nested payload flattened onto the form's fields. The field rules shared with the
 * admin's "create subscription" (names, phone, website) are exported from here.
 */
export const requiredText = (message: string, label: string, max = 100) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, `${label} must be at most ${max} characters`);

export const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).optional().default("");

const PHONE = /^\+?[0-9][0-9 ().-]{5,24}$/;
export const PhoneSchema = z
  .string()
  .trim()
  .max(30, "Phone number is invalid")
  .refine((v) => v === "" || PHONE.test(v), "Phone number is invalid")
  .optional()
  .default("");

export const WebsiteSchema = z
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
/** A group of the payload: optional texts, the group itself optional. */
function textGroup<const K extends string>(...names: K[]) {
  const shape = Object.fromEntries(names.map((name) => [name, z.string().optional()]));
  const group = z.object(shape as Record<K, z.ZodOptional<z.ZodString>>);
  // Every key is optional, so {} is a valid output; the generic K hides that from the checker.
  return group.optional().default({} as never);
}
export const TrialStartPayloadSchema = z.object({
  userId: z.string().optional().describe("Ignored: the server builds the userId from the email and the time"),
  email: z.string().describe("Email address (required)"),
  role: z.string().describe("individual | organization"),
  personalInfo: textGroup("firstName", "lastName", "phone", "jobTitle", "occupation"),
  companyInfo: textGroup("name", "companyName", "size", "companySize", "industry", "website", "country"),
  additionalInfo: textGroup("howDidYouHear", "useCase", "currentTools"),
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
