import { describe, expect, it } from "vitest";
import { OtpSchema, VerifyOtpSchema } from "./schemas";

const message = (input: unknown) => OtpSchema.safeParse(input).error?.issues[0]?.message;

describe("OtpSchema (spec §5, issue 30)", () => {
  it("takes the code as pasted: spaces, dashes and full-width digits are normalised before the length check", () => {
    for (const pasted of ["374 840", "374-840", "３７４８４０", " 374840 ", "३७४८४०"]) {
      expect(OtpSchema.parse(pasted)).toBe("374840");
    }
    expect(VerifyOtpSchema.parse({ email: "a@example.com", otp: "374 840" }).otp).toBe("374840");
  });

  it("keeps the spec's messages", () => {
    expect(message("")).toBe("Please enter the OTP code.");
    expect(message(" - ")).toBe("Please enter the OTP code.");
    expect(message("12a456")).toBe("The code must contain digits only.");
    expect(message("12345")).toBe("The code must be 6 digits.");
    expect(message("374 840 1")).toBe("The code must be 6 digits.");
  });
});
