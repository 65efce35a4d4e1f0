import { afterEach, describe, expect, it } from "vitest";
import { setConfig } from "../../../tests/helpers/trial";
import { codeClient, codeSecret, signValue, unsignValue } from "./secret.server";

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe("signed values", () => {
  it("a signed value comes back unchanged; any change to value or signature gives null", async () => {
    const signed = await signValue("trial:abc-123");
    expect(await unsignValue(signed)).toBe("trial:abc-123");

    const [value, signature] = [signed.slice(0, signed.lastIndexOf(".")), signed.slice(signed.lastIndexOf(".") + 1)];
    expect(await unsignValue(`trial:abc-124.${signature}`)).toBeNull();
    const flipped = signature.replace(/^./, (c) => (c === "0" ? "1" : "0"));
    expect(await unsignValue(`${value}.${flipped}`)).toBeNull();
    expect(await unsignValue(`${value}.`)).toBeNull();
    expect(await unsignValue(value)).toBeNull();
    expect(await unsignValue(`.${signature}`)).toBeNull();
  });

  it("a value with dots of its own signs and unsigns whole", async () => {
    const signed = await signValue("a.b.c");
    expect(await unsignValue(signed)).toBe("a.b.c");
  });

  it("a signature made with another key is refused", async () => {
    const signed = await signValue("same value");
    restore = setConfig({ CODE_HMAC_SECRET: "another-secret-entirely" });
    expect(await unsignValue(signed)).toBeNull();
    expect(await unsignValue(await signValue("same value"))).toBe("same value");
  });
});

describe("codeSecret", () => {
  it("production without CODE_HMAC_SECRET issues nothing, except on a local http preview", async () => {
    restore = setConfig({ CODE_HMAC_SECRET: "", ENVIRONMENT: "production" });
    expect(() => codeSecret()).toThrow(/CODE_HMAC_SECRET is not set/);
    await expect(signValue("x")).rejects.toThrow(/CODE_HMAC_SECRET is not set/);
    expect(codeSecret(true)).toMatch(/dev-only/);
  });

  it("outside production without a secret, the development key; with one, always the secret", () => {
    restore = setConfig({ CODE_HMAC_SECRET: "", ENVIRONMENT: "development" });
    expect(codeSecret()).toMatch(/dev-only/);
    restore();
    restore = setConfig({ CODE_HMAC_SECRET: "the-real-secret", ENVIRONMENT: "production" });
    expect(codeSecret()).toBe("the-real-secret");
    expect(codeSecret(true)).toBe("the-real-secret");
  });
});

describe("codeClient", () => {
  it("takes the edge's client address, and knows a plain-http localhost request", () => {
    const edge = codeClient(
      new Request("https://app.flowlane.example/free-trial", { headers: { "CF-Connecting-IP": "203.0.113.9" } }),
    );
    expect(edge).toEqual({ ip: "203.0.113.9", local: false });
    expect(codeClient(new Request("http://localhost:8787/free-trial"))).toEqual({ ip: "", local: true });
  });
});
