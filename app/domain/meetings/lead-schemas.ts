import { z } from "zod";
import { COMPANY_SIZES } from "~/domain/subscriptions/options";
import { CallbackSchema } from "./schemas";

/** Spec §8 (Pricing): the Enterprise thank-you text. */
export const ENTERPRISE_THANKS = "Thank you for your interest! Our sales team will contact you shortly.";
export const LEAD_FAILED = "Failed to send your request. Please check your connection and try again.";

/** The label of each lead source in the console (the stored value is the key). */
export const SOURCE_LABELS = { demo: "Demo page", "pricing-enterprise": "Pricing — Enterprise" } as const;

/**
 * Enterprise "Contact Sales" on /pricing: the callback form's name, email, company and
 * message rules (same texts), plus the team size. Stored as a callback request with its source.
 */
export const EnterpriseLeadSchema = CallbackSchema.omit({ phone: true }).extend({
  teamSize: z.enum(COMPANY_SIZES, { error: "Team size is required" }),
});
export type EnterpriseLeadInput = z.output<typeof EnterpriseLeadSchema>;
