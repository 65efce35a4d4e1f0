import { rmSync } from "node:fs";
import path from "node:path";
import { E2E_ADMIN } from "../tests/e2e/credentials.ts";
import { cleanupInProductionBuild, writeE2eServerConfig } from "../tests/e2e/server/config.ts";
import { ensureChromium } from "../tests/helpers/chromium.ts";
import { ensureWebKit } from "../tests/helpers/webkit.ts";
import { checkJsBudget, checkWorkerBudget } from "./bench/size.ts";
import { hasBuild, prepareLocal, root, run } from "./lib.ts";

/**
 * `npm run test:e2e [-- playwright args]`: builds, prepares the local D1 in the suite's own
 * state folder (so the dev database is untouched), then runs Playwright's js and no-js projects.
 * The folder is kept between runs: each test removes what it made (decision 027), so a run on
 * a used database must pass too. E2E_FRESH=1 starts from an empty one; SKIP_BUILD=1 reuses an
 * existing build. The build's JavaScript per public page and the Worker's own size are checked
 * against their budgets first (`npm run bench:size`, decisions 026 and 039): bytes, not timings.
 */
const chromium = ensureChromium();
// WebKit (Debian's WebKitGTK over WebDriver) for the Safari-only checks (decision 045).
const webkit = ensureWebKit();
const persistDir = path.join(root, ".wrangler", `e2e-${process.env.E2E_PORT ?? "8788"}`);
if (process.env.E2E_FRESH) rmSync(persistDir, { recursive: true, force: true });
process.env.PERSIST_DIR = persistDir;
process.env.ADMIN_EMAIL = E2E_ADMIN.email;
process.env.ADMIN_PASSWORD = E2E_ADMIN.password;
process.env.ADMIN_NAME = E2E_ADMIN.name;
prepareLocal({ build: !(process.env.SKIP_BUILD && hasBuild()) });
if (checkJsBudget().length) {
  console.error("\nA public page is over its JavaScript budget or loads a package it must not (decision 026).");
  process.exit(1);
}
if (checkWorkerBudget().length) {
  console.error("\nThe Worker is over its size budget (decision 039).");
  process.exit(1);
}
if (cleanupInProductionBuild().length) {
  console.error(
    `\nThe production build holds the e2e clean-up path: ${cleanupInProductionBuild().join(", ")} (decision 059).`,
  );
  process.exit(1);
}
// The server's entry: the built Worker behind the suite's clean-up path (decision 059).
writeE2eServerConfig(process.env.E2E_PORT ?? "8788");
run("playwright", ["test", ...process.argv.slice(2)], {
  env: {
    CHROMIUM_PATH: chromium,
    ...(webkit ? { WEBKIT_DRIVER: webkit.driver, WEBKIT_BROWSER: webkit.browser, XVFB: webkit.xvfb } : {}),
  },
});
