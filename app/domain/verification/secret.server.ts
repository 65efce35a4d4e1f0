import { clientAddress } from "~/domain/limits/client-limits.server";
import { isLocalHttp } from "~/lib/cookies.server";
import { hmacSha256Hex, timingSafeEqual } from "~/lib/crypto.server";
import { codeSecret } from "./key.server";

export { codeSecret };

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
