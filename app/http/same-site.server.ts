/**
 * Same-site rules (decision 014): state changes come from this site's own pages, and the paths
 * we redirect back to stay on this site.
 */

/** A browser request made by another site. Non-browser clients (no Origin, no Sec-Fetch-Site) pass. */
export function isCrossSite(request: Request) {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("Origin");
  return origin !== null && origin !== new URL(request.url).origin;
}

/**
 * For resource-route actions, which React Router's own origin check does not cover (it only
 * guards UI routes): throws a 403 for a cross-site request, the same check `/api` makes.
 */
export function refuseCrossSite(request: Request) {
  if (isCrossSite(request)) {
    throw Response.json({ success: false, error: "Cross-site request refused." }, { status: 403 });
  }
}

const MAX_PATH_LENGTH = 2000; // characters

/**
 * `value` when it is a path on this site, else `fallback`. Refused: anything not starting with
 * a single `/`, any backslash (browsers read `/\evil.example` as `//evil.example`) and any
 * control character (browsers drop tabs and newlines, so `/\t/evil.example` is `//evil.example`).
 */
export function localPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || value.length > MAX_PATH_LENGTH) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  const base = "http://local.invalid";
  try {
    return new URL(value, base).origin === base ? value : fallback;
  } catch {
    return fallback;
  }
}
