import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";

/**
 * `npm run deploy`'s configuration check (scripts/check-config.ts, decision 058), run as the
 * deploy script runs it: a wrangler.toml whose [vars] fail the Worker's schema exits non-zero and
 * names the setting, so the `&&` chain stops before migrations and `wrangler deploy`.
 * `npm run test:scripts` (node --test).
 */
const root = path.resolve(import.meta.dirname, "..");
const shipped = readFileSync(path.join(root, "wrangler.toml"), "utf8");
const folder = mkdtempSync(path.join(tmpdir(), "flowlane-check-config-"));
after(() => rmSync(folder, { recursive: true, force: true }));

/** The shipped wrangler.toml with some [vars] lines replaced or added, checked as `npm run deploy` does. */
function check(vars: Record<string, string>) {
  let text = shipped;
  for (const [name, value] of Object.entries(vars)) {
    const line = `${name} = ${JSON.stringify(value)}`;
    const existing = new RegExp(`^${name} = .*$`, "m");
    text = existing.test(text) ? text.replace(existing, line) : text.replace(/^\[vars\]$/m, `[vars]\n${line}`);
  }
  const file = path.join(folder, `wrangler-${Object.keys(vars).join("-") || "shipped"}.toml`);
  writeFileSync(file, text);
  const result = spawnSync(process.execPath, [path.join(root, "scripts", "check-config.ts"), "--config", file], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("the deploy check of wrangler.toml [vars]", () => {
  it("passes the shipped wrangler.toml", () => {
    const { status, output } = check({});
    assert.equal(status, 0, output);
    assert.match(output, /pass the configuration schema/);
  });

  it("stops on the http transport without its URL, naming the setting", () => {
    const { status, output } = check({ EMAIL_TRANSPORT: "http", EMAIL_API_URL: "" });
    assert.equal(status, 1, output);
    assert.match(output, /nothing was deployed/);
    assert.match(output, /EMAIL_API_URL is required when EMAIL_TRANSPORT is "http"/);
    assert.match(output, /→ at EMAIL_API_URL/);
  });

  it("stops on production without SITE_URL, and on a value of the wrong form", () => {
    const missing = check({ SITE_URL: "" });
    assert.equal(missing.status, 1, missing.output);
    assert.match(missing.output, /SITE_URL is required in production/);
    const wrong = check({ WORKING_HOURS_START: "9am", EMAIL_TRANSPORT: "smtp" });
    assert.equal(wrong.status, 1, wrong.output);
    assert.match(wrong.output, /→ at WORKING_HOURS_START/);
    assert.match(wrong.output, /→ at EMAIL_TRANSPORT/);
  });

  it("refuses a secret written into [vars], without printing its value", () => {
    const { status, output } = check({ CODE_HMAC_SECRET: "a-real-secret-in-the-repository" });
    assert.equal(status, 1, output);
    assert.match(output, /CODE_HMAC_SECRET is a secret: remove it from \[vars\]/);
    assert.doesNotMatch(output, /a-real-secret-in-the-repository/);
  });
});
