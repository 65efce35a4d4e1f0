import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

/**
 * Tokens, digests and comparisons. Encoding comes from @oslojs/encoding and the constant-time
 * compare from @oslojs/crypto (decision record 024); hashing stays on Web Crypto, which
 * workerd runs natively.
 */

const encoder = new TextEncoder();

export function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** Unpadded base64url (RFC 4648 §5), the form tokens travel in. */
export const base64url = (bytes: Uint8Array): string => encodeBase64urlNoPadding(bytes);

/** The bytes of base64url, padded or not; throws on anything else. */
export const fromBase64url = (value: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(decodeBase64urlIgnorePadding(value));

export const toHex = (buffer: ArrayBuffer): string => encodeHexLowerCase(new Uint8Array(buffer));

export async function sha256Hex(value: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", encoder.encode(value)));
}

export async function hmacSha256Hex(secret: string, value: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return toHex(await crypto.subtle.sign("HMAC", key, encoder.encode(value)));
}

/** Compares two strings without leaking where they differ (only whether the lengths do). */
export function timingSafeEqual(a: string, b: string): boolean {
  return constantTimeEqual(encoder.encode(a), encoder.encode(b));
}
