import { describe, expect, it } from "vitest";
import { PlanChoiceSchema } from "~/domain/subscriptions/plan-choice.server";
import {
  ENTERPRISE_MESSAGE,
  formatPrice,
  messageTone,
  PLANS,
  parseBilling,
  planChoiceOutcome,
  pricePeriod,
} from "./pricing";

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

  it("colours messages by their text (spec §4)", () => {
    expect(messageTone(ENTERPRISE_MESSAGE)).toBe("success");
    expect(messageTone("Error: something broke")).toBe("error");
    expect(messageTone("Payment Failed")).toBe("error");
    expect(messageTone("This account already has a plan")).toBe("warning");
  });

  it("sends Standard and Pro to the trial and answers Enterprise with the sales message", () => {
    expect(planChoiceOutcome("pro")).toEqual({ redirect: "/free-trial?plan=pro" });
    expect(planChoiceOutcome("standard")).toEqual({ redirect: "/free-trial?plan=standard" });
    expect(planChoiceOutcome("enterprise")).toEqual({ message: ENTERPRISE_MESSAGE });
    expect(PlanChoiceSchema.safeParse({ plan: "gold" }).success).toBe(false);
  });
});
