import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrorsOf, firstMessagePerField } from "./zod-issues";

const Schema = z
  .object({
    email: z.string().min(1, "Email is required").email("Email is invalid"),
    address: z.object({ city: z.string({ error: "City is required" }) }),
  })
  .refine((value) => value.email !== "taken@example.com", "That address is taken");

describe("fieldErrorsOf (the one zod-issue mapper of the forms and the API)", () => {
  it("names each issue by its dotted path, in zod's order", () => {
    const parsed = Schema.safeParse({ email: "", address: {} });
    expect(parsed.success).toBe(false);
    expect(fieldErrorsOf(parsed.error!)).toEqual([
      { field: "email", message: "Email is required" },
      { field: "email", message: "Email is invalid" },
      { field: "address.city", message: "City is required" },
    ]);
  });

  it("an issue about the whole input is the body's", () => {
    const parsed = Schema.safeParse({ email: "taken@example.com", address: { city: "Pune" } });
    expect(fieldErrorsOf(parsed.error!)).toEqual([{ field: "body", message: "That address is taken" }]);
  });

  it("firstMessagePerField keeps the first message of each field", () => {
    const parsed = Schema.safeParse({ email: "", address: {} });
    expect(firstMessagePerField(fieldErrorsOf(parsed.error!))).toEqual({
      email: "Email is required",
      "address.city": "City is required",
    });
  });
});
