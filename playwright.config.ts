import { defineConfig } from "@playwright/test";
import { localVars, varArgs } from "./scripts/local-vars.ts";
import { e2eServerConfigPath } from "./tests/e2e/server/config.ts";
import { CHROMIUM_FLAGS } from "./tests/helpers/chromium.ts";

/**
 * End-to-end tests against the production build served by workerd (`wrangler dev`, as
 * `npm start` serves it; decision 015), behind the test-only entry that adds the suite's
 * clean-up path (tests/e2e/server, decision 059).
 * `npm run test:e2e` (scripts/e2e.ts) prepares the build, the browser and a fresh local D1
 * before Playwright starts; the variables it sets are read here.
 */
const port = Number(process.env.E2E_PORT ?? 8788);
const baseURL = `http://localhost:${port}`;
const chromium = process.env.CHROMIUM_PATH;
// The key to the server's test clean-up path (tests/e2e/server/cleanup.ts, decision 059): a fresh
// value per run, set before the workers start so they inherit it.
process.env.E2E_CLEANUP_TOKEN ??= crypto.randomUUID();

const launchOptions = { executablePath: chromium, args: CHROMIUM_FLAGS };

export default defineConfig({
  testDir: "tests/e2e",
  // Specs only: tests/e2e/server holds the e2e server's entry, whose unit test runs in vitest.
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // No retries, in CI either: a flaky test fails and gets fixed instead of passing on a second try.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: { baseURL, launchOptions, trace: "retain-on-failure", screenshot: "only-on-failure" },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: [
      // --test-scheduled: specs fire the cron handler at /cdn-cgi/handler/scheduled (scheduled blog posts).
      // The build's config with the test-only entry in front of the built Worker (scripts/e2e.ts writes it).
      `wrangler dev --config ${e2eServerConfigPath(port)} --ip localhost --show-interactive-dev-session=false --test-scheduled`,
      `--port ${port} --persist-to ${process.env.PERSIST_DIR ?? ".wrangler/state"}`,
      `--var E2E_CLEANUP_TOKEN:${process.env.E2E_CLEANUP_TOKEN}`,
      // Links in emails and canonical URLs come from SITE_URL only, never from the Host (decision 040).
      ...varArgs(localVars(baseURL)),
    ].join(" "),
    env: { WRANGLER_SEND_METRICS: "false" },
    url: `${baseURL}/robots.txt`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
