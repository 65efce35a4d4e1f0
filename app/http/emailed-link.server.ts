/**
 * The status and headers of a page behind an emailed link (a password reset, an invitation):
 * 404 for a link never issued, 410 for one that has ended (expired, used, revoked).
 */
export function emailedLinkInit(state: string): ResponseInit {
  return {
    status: state === "valid" ? 200 : state === "unknown" ? 404 : 410,
    // The token is in the address: it must not leave in a Referer header.
    headers: { "Referrer-Policy": "no-referrer" },
  };
}
