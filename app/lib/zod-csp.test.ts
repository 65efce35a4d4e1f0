import { describe, expect, it } from "vitest";
import { z } from "zod";
import "./zod-csp";

describe("zod-csp", () => {
  it("turns on zod's jitless mode, so no `new Function` probe trips the CSP", () => {
    expect(z.config().jitless).toBe(true);
    // Schemas still parse and report errors as before.
    const schema = z.object({ name: z.string().min(1) });
    expect(schema.parse({ name: "Ada" })).toEqual({ name: "Ada" });
    expect(schema.safeParse({ name: "" }).success).toBe(false);
  });
});
