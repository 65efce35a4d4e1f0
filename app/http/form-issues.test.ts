import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formIssues } from "./form-issues";

const Schema = z
  .object({
    password: z.string().min(10, "Too short."),
    confirmPassword: z.string(),
    token: z.string().min(1, "Gone."),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Does not match.", path: ["confirmPassword"] });

describe("formIssues", () => {
  it("gives each named field its first message and the first other one to the form", () => {
    const parsed = Schema.safeParse({ password: "short", confirmPassword: "shor", token: "" });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(formIssues(parsed.error, ["password", "confirmPassword"])).toEqual({
      fields: { password: "Too short.", confirmPassword: "Does not match." },
      error: "Gone.",
    });
  });

  it("has no form message when every issue is a named field's", () => {
    const parsed = Schema.safeParse({ password: "long enough!", confirmPassword: "other", token: "t" });
    if (parsed.success) throw new Error("expected a refusal");
    expect(formIssues(parsed.error, ["password", "confirmPassword"])).toEqual({
      fields: { confirmPassword: "Does not match." },
      error: undefined,
    });
  });
});
