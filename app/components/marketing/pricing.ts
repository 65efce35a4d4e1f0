/** Billing periods of the pricing toggle; monthly is the default (spec §4). */
export type Billing = "monthly" | "annual";
export const parseBilling = (value: string | null): Billing => (value === "annual" ? "annual" : "monthly");

export type PlanId = "standard" | "pro" | "enterprise";

export type Plan = {
  id: PlanId;
  name: string;
  description: string;
  /** Rupees; null = "Custom". */
  price: Record<Billing, number | null>;
  highlighted: boolean;
  features: string[];
  cta: string;
};

/** The three plans of spec §9, prices in rupees. */
export const PLANS: Plan[] = [
  {
    id: "standard",
    name: "Standard",
    description: "For teams automating their first approval and request workflows.",
    price: { monthly: 1500, annual: 1200 },
    highlighted: false,
    features: [
      "Up to 5 workflow steps",
      "10 team members",
      "5 master data",
      "Pre-designed templates",
      "Basic customization",
    ],
    cta: "Start 7-Day Trial",
  },
  {
    id: "pro",
    name: "Pro",
    description: "For growing businesses running many workflows across departments.",
    price: { monthly: 2500, annual: 20000 },
    highlighted: true,
    features: [
      "Unlimited steps",
      "Unlimited team members",
      "Unlimited master data",
      "Pre-designed templates",
      "Advanced customization",
      "Conditional logic",
    ],
    cta: "Start 7-Day Trial",
  },
  {
    id: "enterprise",
    name: "Enterprise",
    description: "For organisations with complex processes, integrations and compliance needs.",
    price: { monthly: null, annual: null },
    highlighted: false,
    features: [
      "Unlimited steps",
      "Unlimited team members",
      "Advanced automation tools",
      "Pre-designed templates",
      "Advanced customization",
      "24/7 priority support",
      "Advanced integrations",
    ],
    cta: "Contact Sales",
  },
];

export const ENTERPRISE_MESSAGE = "Thank you for your interest! Our sales team will contact you shortly.";
export const SAVE_BADGE = "Save 20%";

const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });

/** "₹1,500", "₹20,000" (Indian digit grouping) or "Custom". */
export function formatPrice(price: number | null) {
  return price === null ? "Custom" : rupees.format(price);
}

/** The period under a price: "/month", "/year" or, for Enterprise, "Contact Sales". */
export function pricePeriod(price: number | null, billing: Billing) {
  if (price === null) return "Contact Sales";
  return billing === "annual" ? "/year" : "/month";
}

/**
 * The message box's colour, set by whoever writes the message. Spec §4 words it by text (red
 * with "Error" or "Failed", yellow with "already has", else green); every message the page
 * produces says its tone in those words, which pricing.test.ts checks.
 */
export type MessageTone = "error" | "warning" | "success";
export type PlanMessage = { message: string; tone: MessageTone };

/** Where a plan choice leads: Enterprise stays with a message, the others go to the trial signup. */
export function planChoiceOutcome(plan: PlanId): { redirect: string } | PlanMessage {
  if (plan === "enterprise") return { message: ENTERPRISE_MESSAGE, tone: "success" };
  return { redirect: `/free-trial?plan=${plan}` };
}
