import { existsSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";
import { builtServerDir, cleanupInProductionBuild } from "./server/config";
import { E2E_CLEANUP_PATH } from "./server/path";

/**
 * The suite's clean-up lives in the e2e server's own entry, in front of the built Worker
 * (decision 059): the Worker that is deployed has none of it.
 */
test("the production build holds no clean-up code", () => {
  expect(existsSync(path.join(builtServerDir, "index.js"))).toBe(true);
  expect(cleanupInProductionBuild()).toEqual([]);
});

test("without the run's token the clean-up path is an ordinary unknown URL", async ({ request }) => {
  const body = { marks: [], sessions: [] };
  const elsewhere = await request.post("/__e2e/elsewhere", { data: body });
  for (const headers of [{}, { "X-E2E-Cleanup": "not-the-token-of-this-run" }] as Record<string, string>[]) {
    const response = await request.post(E2E_CLEANUP_PATH, { data: body, headers });
    expect(response.status()).toBe(elsewhere.status());
    expect(response.status()).not.toBe(200);
  }
});
