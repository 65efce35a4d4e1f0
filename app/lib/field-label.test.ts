import { describe, expect, it } from "vitest";
import { fieldLabel } from "./field-label";

describe("fieldLabel", () => {
  it.each([
    ["createdAt", "Created at"],
    ["visitorTimezone", "Visitor timezone"],
    ["hostId", "Host ID"],
    ["id", "ID"],
    ["utm_campaign", "UTM campaign"],
    ["firstTouchUtmSource", "First touch UTM source"],
    ["landingURL", "Landing URL"],
    ["slaNotifiedAt", "SLA notified at"],
    ["email", "Email"],
    ["phone-number", "Phone number"],
  ])("%s reads as %s", (key, label) => {
    expect(fieldLabel(key)).toBe(label);
  });

  it("leaves an empty name empty", () => {
    expect(fieldLabel("")).toBe("");
  });
});
