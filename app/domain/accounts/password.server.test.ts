import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, verifyPassword } from "./password.server";
import { NewPasswordSchema } from "./schemas";

describe("password hashing", () => {
  it("a hash verifies its password only, and records its scrypt parameters and a fresh salt", async () => {
    const [first, second] = await Promise.all([hashPassword("correct-horse-42"), hashPassword("correct-horse-42")]);
    expect(first).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain("correct-horse-42");
    expect(await verifyPassword("correct-horse-42", first)).toBe(true);
    expect(await verifyPassword("correct-horse-42", second)).toBe(true);
    expect(await verifyPassword("correct-horse-43", first)).toBe(false);
    expect(await verifyPassword("", first)).toBe(false);
  });

  it("the same password in another Unicode form verifies (NFKC)", async () => {
    const stored = await hashPassword("café-secret-1");
    expect(await verifyPassword("cafe\u0301-secret-1", stored)).toBe(true);
  });

  it("a stored value that is not a whole scrypt hash never verifies", async () => {
    const stored = await hashPassword("correct-horse-42");
    const parts = stored.split("$");
    expect(await verifyPassword("correct-horse-42", "")).toBe(false);
    expect(await verifyPassword("correct-horse-42", ["bcrypt", ...parts.slice(1)].join("$"))).toBe(false);
    expect(await verifyPassword("correct-horse-42", parts.slice(0, 5).join("$"))).toBe(false);
    const hash = Buffer.from(parts[5]!, "base64");
    hash[0] = (hash[0] ?? 0) ^ 1;
    expect(await verifyPassword("correct-horse-42", [...parts.slice(0, 5), hash.toString("base64")].join("$"))).toBe(
      false,
    );
  });

  it("generated passwords pass the strength rule and do not repeat", () => {
    const passwords = Array.from({ length: 50 }, generatePassword);
    expect(new Set(passwords).size).toBe(50);
    for (const password of passwords) expect(NewPasswordSchema.safeParse(password).success).toBe(true);
  });
});
