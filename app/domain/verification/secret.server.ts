import { clientAddress } from "~/domain/limits/client-limits.server";
import { config } from "~/lib/config.server";
import { hmacSha256Hex, timingSafeEqual } from "~/lib/crypto.server";
import { isLocalHttp } from "~/lib/local-http";

/** Used only outside production, or on a plain-http localhost preview of the production build. */
const DEV_ONLY_KEY = "flowlane-dev-only-code-key-never-use-in-production";

/**
 * The key for code HMACs and signed cookies. Production must set `CODE_HMAC_SECRET`; without it
 * nothing is issued. A local preview of the production build (plain http on localhost, which a
 * deployed Worker never serves) uses the development key, as cookies there drop `Secure`.
 */
export function codeSecret(local = false): string {
  const { CODE_HMAC_SECRET, ENVIRONMENT } = config();
  if (CODE_HMAC_SECRET) return CODE_HMAC_SECRET;
  if (ENVIRONMENT !== "production" || local) return DEV_ONLY_KEY;
  throw new Error(
    "CODE_HMAC_SECRET is not set: one-time codes cannot be issued or checked in production. " +
      "Set it with `wrangler secret put CODE_HMAC_SECRET`.",
  );
}

/**
 * Who asks for a code: the client's address as the per-address limits see it (empty when the
 * request did not come through the edge) and whether it is a local run.
 */
export type CodeClient = { ip: string; local: boolean };

export function codeClient(request: Request): CodeClient {
  return {
    ip: clientAddress(request) ?? "",
    local: isLocalHttp(request),
  };
}

/** `value.signature`, for a value kept by the browser that must come back unchanged. */
export async function signValue(value: string, local = false) {
  return `${value}.${await hmacSha256Hex(codeSecret(local), `signed-value:${value}`)}`;
}

/** The value of a string made by `signValue`, or null when it was altered. */
export async function unsignValue(signed: string, local = false): Promise<string | null> {
  const index = signed.lastIndexOf(".");
  if (index <= 0) return null;
  const value = signed.slice(0, index);
  const expected = await hmacSha256Hex(codeSecret(local), `signed-value:${value}`);
  return timingSafeEqual(signed.slice(index + 1), expected) ? value : null;
}
