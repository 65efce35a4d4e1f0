/**
 * The trial signup's option lists and texts, without zod: /free-trial renders with these and
 * loads the schemas (schemas.ts, which re-exports them) only after hydration (decision 026).
 */

/* Option lists (spec §3). */
export const ROLE_OPTIONS = [
  { value: "individual", label: "Individual", hint: "Trying it for myself" },
  { value: "organization", label: "Organization", hint: "Evaluating it for my team or company" },
] as const;
export const COMPANY_SIZES = ["1-10", "11-50", "51-200", "201-1000", "1000+"] as const;
export const companySizeLabel = (size: string) => `${size} employees`;
export const INDUSTRIES = [
  "Technology",
  "Healthcare",
  "Finance",
  "Manufacturing",
  "Retail",
  "Education",
  "Real Estate",
  "Marketing & Advertising",
  "Consulting",
  "Non-profit",
  "Other",
] as const;
export const HOW_HEARD = [
  "Google Search",
  "Social Media",
  "Friend/Colleague Referral",
  "Industry Publication",
  "Conference/Event",
  "YouTube",
  "LinkedIn",
  "Other",
] as const;
/** Plans the pricing page sends to /free-trial as `?plan=`. */
export const REQUESTED_PLANS = ["standard", "pro"] as const;
export type RequestedPlan = (typeof REQUESTED_PLANS)[number];
export const requestedPlanLabel = (plan: string) => (plan === "pro" ? "Pro" : plan === "standard" ? "Standard" : plan);

/** The spec's exact messages (§5). */
export const TRIAL_MESSAGES = {
  role: "Please select your role",
  firstName: "First name is required",
  lastName: "Last name is required",
  companyName: "Company name is required",
  jobTitle: "Job title is required",
  companySize: "Company size is required",
  industry: "Industry is required",
  country: "Country is required",
  terms: "You must agree to the terms",
  fixHighlighted: "Please fix the highlighted errors and try again.",
  alreadyHas: "This email already has a subscription.",
} as const;

/** The longest answers of the signup's free-text fields (the schemas' maxima; the form shows them). */
export const TRIAL_TEXT_LIMITS = { occupation: 100, useCase: 1000, currentTools: 500 } as const;

/** The longest note an admin adds to an approval or a rejection. */
export const DECISION_NOTES_MAX = 1000;
