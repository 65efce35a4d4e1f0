/** `__Host-` and Secure are dropped only on plain-http localhost, where browsers refuse them. */
export function isLocalHttp(request: Request) {
  const url = new URL(request.url);
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

export function cookieName(request: Request, base: string) {
  return isLocalHttp(request) ? base : `__Host-${base}`;
}

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function serializeCookie(
  request: Request,
  base: string,
  value: string,
  { maxAge, path = "/" }: { maxAge?: number; path?: string } = {},
) {
  const local = isLocalHttp(request);
  const parts = [
    `${cookieName(request, base)}=${encodeURIComponent(value)}`,
    // __Host- cookies must have Path=/.
    `Path=${local ? path : "/"}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (!local) parts.push("Secure");
  if (maxAge !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(maxAge))}`);
  return parts.join("; ");
}

export function clearCookie(request: Request, base: string, path = "/") {
  return serializeCookie(request, base, "", { maxAge: 0, path });
}
