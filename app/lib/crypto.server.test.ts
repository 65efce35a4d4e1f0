import { describe, expect, it } from "vitest";
import {
  base64url,
  fromBase64url,
  hmacSha256Hex,
  randomToken,
  sha256Hex,
  timingSafeEqual,
  toHex,
} from "./crypto.server";

describe("crypto helpers", () => {
  it("write unpadded base64url and read it back, padded or not", () => {
    const bytes = Uint8Array.from([0xfb, 0xff, 0xfe, 0x00, 0x41]);
    expect(base64url(bytes)).toBe("-__-AEE");
    expect([...fromBase64url("-__-AEE")]).toEqual([...bytes]);
    expect([...fromBase64url("-__-AEE=")]).toEqual([...bytes]);
    expect(() => fromBase64url("not base64!")).toThrow();
  });

  it("make 32-byte tokens of 43 base64url characters, each different", () => {
    const tokens = new Set(Array.from({ length: 50 }, () => randomToken()));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(token).toMatch(/^[\w-]{43}$/);
  });

  it("digest in lower-case hex (known vectors)", async () => {
    expect(toHex(Uint8Array.from([0, 15, 255]).buffer)).toBe("000fff");
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    // RFC 4231 test case 2.
    expect(await hmacSha256Hex("Jefe", "what do ya want for nothing?")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });

  it("compare strings by their UTF-8 bytes", () => {
    expect(timingSafeEqual("abc", "abc")).toBe(true);
    expect(timingSafeEqual("abc", "abd")).toBe(false);
    expect(timingSafeEqual("abc", "abcd")).toBe(false);
    expect(timingSafeEqual("é", "é")).toBe(true);
    expect(timingSafeEqual("", "")).toBe(true);
  });
});
