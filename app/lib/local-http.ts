/**
 * A plain-http localhost request (a local run, never a deployed Worker): cookies there drop
 * `__Host-` and Secure, which browsers refuse on plain http, and codes use the development key.
 */
export function isLocalHttp(request: Request) {
  const url = new URL(request.url);
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}
