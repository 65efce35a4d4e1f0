import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { unstable_readConfig } from "wrangler";
import { localVars } from "./scripts/local-vars.ts";
import { TEST_SITE_URL } from "./tests/helpers/site.ts";

/**
 * Unit and API tests run inside workerd with the same bindings as the Worker (read from
 * wrangler.toml), a fresh D1 per test file and the migrations applied in the setup file.
 * The Worker entry is not loaded: tests call services, the API dispatcher and handlers directly.
 */
export default defineConfig(async () => {
  const wrangler = unstable_readConfig({ config: "wrangler.toml" });
  const migrations = await readD1Migrations("migrations");
  return {
    plugins: [
      cloudflareTest({
        miniflare: {
          compatibilityDate: wrangler.compatibility_date,
          compatibilityFlags: wrangler.compatibility_flags,
          d1Databases: ["DB"],
          r2Buckets: ["MEDIA"],
          images: { binding: "IMAGES" },
          versionMetadata: "CF_VERSION_METADATA",
          // Cloudflare Email Service, simulated by miniflare (the cloudflare transport, decision 092).
          email: { send_email: [{ name: "EMAIL" }] },
          bindings: {
            ...(wrangler.vars as Record<string, string>),
            ENVIRONMENT: "test",
            // Tests send their requests to http://localhost: links must come from here, never from the Host (decision 040).
            ...localVars(TEST_SITE_URL),
            CODE_HMAC_SECRET: "test-code-secret",
            POSTAL_ADDRESS: "Flowlane Test Office, 1 Test Road, Testville",
            TEST_MIGRATIONS: migrations,
          },
        },
      }),
    ],
    resolve: { tsconfigPaths: true },
    test: {
      include: ["app/**/*.test.{ts,tsx}", "workers/**/*.test.ts", "tests/e2e/server/**/*.test.ts"],
      setupFiles: ["./tests/helpers/apply-migrations.ts", "./tests/helpers/console-errors.ts"],
      // A real local HTTP receiver for the CRM webhook tests (decision 074).
      globalSetup: ["./tests/helpers/webhook-receiver.global.ts", "./tests/helpers/calendar-server.global.ts"],
      // Password hashing is deliberately slow (scrypt); a loaded 2-core CI machine needs headroom.
      testTimeout: 30_000,
    },
  };
});
