import { encodeBase64 } from "@oslojs/encoding";
/** A fresh CSP nonce: 128 random bits, base64. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return encodeBase64(bytes);
}

/**
 * Adds the security baseline to a response. HTML gets a nonce-based CSP;
 * responses that depend on a signed-in admin are never cached.
 */
export function withSecurityHeaders(
  response: Response,
  { nonce, isDev, authenticated }: { nonce: string; isDev: boolean; authenticated: boolean },
): Response {
  const headers = new Headers(response.headers);
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${isDev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "media-src 'self' https:",
    "font-src 'self'",
    `connect-src 'self'${isDev ? " ws: wss:" : ""}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
  headers.set("Content-Security-Policy", csp);
  headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  headers.set("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
  if ((headers.get("Content-Type") ?? "").startsWith("text/html")) {
    // The system theme, so the no-JavaScript theme toggle offers the other one.
    headers.set("Accept-CH", "Sec-CH-Prefers-Color-Scheme");
    headers.append("Vary", "Sec-CH-Prefers-Color-Scheme");
  }
  if (authenticated || headers.has("Set-Cookie")) {
    headers.set("Cache-Control", "no-store");
  }
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
