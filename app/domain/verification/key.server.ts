import { config } from "~/lib/config.server";

/** Used only outside production, or on a plain-http localhost preview of the production build. */
const DEV_ONLY_KEY = "flowlane-dev-only-code-key-never-use-in-production";

/**
 * The key for code HMACs and signed cookies. Production must set `CODE_HMAC_SECRET`; without it
 * nothing is issued. A local preview of the production build (plain http on localhost, which a
 * deployed Worker never serves) uses the development key, as cookies there drop `Secure`.
 * Its own module (config only) so the cookie definitions can read it without a cycle.
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
