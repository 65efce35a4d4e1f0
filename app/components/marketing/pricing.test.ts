import { describe, expect, it } from "vitest";
import { PlanChoiceSchema } from "~/domain/subscriptions/plan-choice.server";
import { ENTERPRISE_MESSAGE, formatPrice, PLANS, parseBilling, planChoiceOutcome, pricePeriod } from "./pricing";

describe("pricing", () => {
  it("formats rupees with Indian digit grouping", () => {
    expect(formatPrice(1500)).toBe("₹1,500");
    expect(formatPrice(20000)).toBe("₹20,000");
    expect(formatPrice(150000)).toBe("₹1,50,000");
    expect(formatPrice(null)).toBe("Custom");
  });

  it("has the plans of spec §9 with their prices and calls to action", () => {
    expect(PLANS.map((plan) => [plan.name, plan.price.monthly, plan.price.annual, plan.cta])).toEqual([
      ["Standard", 1500, 1200, "Start 7-Day Trial"],
      ["Pro", 2500, 20000, "Start 7-Day Trial"],
      ["Enterprise", null, null, "Contact Sales"],
    ]);
    expect(PLANS.filter((plan) => plan.highlighted).map((plan) => plan.id)).toEqual(["pro"]);
    expect(pricePeriod(null, "annual")).toBe("Contact Sales");
    expect(pricePeriod(1500, "monthly")).toBe("/month");
    expect(pricePeriod(1200, "annual")).toBe("/year");
  });

  it("defaults billing to monthly", () => {
    expect(parseBilling(null)).toBe("monthly");
    expect(parseBilling("yearly")).toBe("monthly");
    expect(parseBilling("annual")).toBe("annual");
  });

  it("gives each message the tone spec §4 reads from its text", () => {
    // Spec §4: red if the text contains "Error" or "Failed", yellow with "already has", else green.
    const specTone = (text: string) =>
      text.includes("Error") || text.includes("Failed")
        ? "error"
        : text.includes("already has")
          ? "warning"
          : "success";
    const enterprise = planChoiceOutcome("enterprise");
    if (!("message" in enterprise)) throw new Error("expected a message");
    expect(enterprise.tone).toBe(specTone(enterprise.message));
    // The route answers an invalid choice with the schema's message and tone "error".
    const invalid = PlanChoiceSchema.safeParse({ plan: "gold" });
    expect(invalid.success ? "" : specTone(invalid.error.issues[0]?.message ?? "")).toBe("error");
  });

  it("sends Standard and Pro to the trial and answers Enterprise with the sales message", () => {
    expect(planChoiceOutcome("pro")).toEqual({ redirect: "/free-trial?plan=pro" });
    expect(planChoiceOutcome("standard")).toEqual({ redirect: "/free-trial?plan=standard" });
    expect(planChoiceOutcome("enterprise")).toEqual({ message: ENTERPRISE_MESSAGE, tone: "success" });
    expect(PlanChoiceSchema.safeParse({ plan: "gold" }).success).toBe(false);
  });
});
