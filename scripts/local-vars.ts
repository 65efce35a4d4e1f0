/**
 * The origins a local run is configured with (decision 040). Links in emails, canonical URLs and
 * edge-cache keys come from `SITE_URL` only, never from the request's Host, and production
 * refuses to start without it; so every local server is told its own address here: `npm start`,
 * the e2e server, `npm run dev` and the benchmarks' servers. `APP_URL` (where Login and the
 * welcome email go) is the stand-in application host unless the environment names one.
 * `CODE_HMAC_SECRET`, which production requires before it serves anything (decision 058), is
 * the development key the code used for local runs before (key.server.ts), so codes and
 * two-factor secrets in an existing local database keep working; never a production value.
 * `REQUIRE_2FA` (production: Owners and Admins, decision 067) is off for local runs unless the
 * environment names roles, so the seeded Owner of the tests and `npm start` signs in with a
 * password alone; the tests that exercise it set it themselves.
 * No imports and no side effects: playwright.config.ts, vite.config.ts and vitest.config.ts read it.
 */
export function localVars(origin: string): {
  SITE_URL: string;
  APP_URL: string;
  CODE_HMAC_SECRET: string;
  REQUIRE_2FA: string;
} {
  return {
    SITE_URL: origin.replace(/\/+$/, ""),
    APP_URL: process.env.APP_URL || "https://app.flowlane.example",
    CODE_HMAC_SECRET: process.env.CODE_HMAC_SECRET || "flowlane-dev-only-code-key-never-use-in-production",
    REQUIRE_2FA: process.env.REQUIRE_2FA ?? "false",
  };
}

/** The same values as `wrangler dev --var NAME:VALUE` arguments (wrangler splits at the first colon). */
export function varArgs(vars: Record<string, string>): string[] {
  return Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
}
