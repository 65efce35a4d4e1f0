import { config } from "~/lib/config.server";
import { hmacSha256Hex, timingSafeEqual } from "~/lib/crypto.server";

/** How old a signed provider event may be (replays of older ones are refused). */
export const PROVIDER_SIGNATURE_MAX_AGE = 5 * 60; // seconds

export const SIGNATURE_MESSAGES = {
  notConfigured: "This endpoint is not configured.",
  invalid: "Invalid signature.",
  stale: "The signature is too old.",
} as const;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, the same form as our own outgoing webhooks (decision 074). */
export async function signProviderEvent(secret: string, body: string, t: number) {
  return `t=${t},v1=${await hmacSha256Hex(secret, `${t}.${body}`)}`;
}

/** Null when the header signs this body with EMAIL_WEBHOOK_SECRET within 5 minutes; else why not. */
export async function verifyProviderSignature(header: string | null, body: string, now = new Date()) {
  const secret = config().EMAIL_WEBHOOK_SECRET;
  if (!secret) return SIGNATURE_MESSAGES.notConfigured;
  const parts = Object.fromEntries((header ?? "").split(",").map((part) => part.trim().split("=", 2)));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || typeof parts.v1 !== "string") return SIGNATURE_MESSAGES.invalid;
  if (Math.abs(now.getTime() / 1000 - t) > PROVIDER_SIGNATURE_MAX_AGE) return SIGNATURE_MESSAGES.stale;
  const expected = await hmacSha256Hex(secret, `${t}.${body}`);
  return timingSafeEqual(parts.v1, expected) ? null : SIGNATURE_MESSAGES.invalid;
}
