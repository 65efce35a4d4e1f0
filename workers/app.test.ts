import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetConfigCache } from "~/lib/config.server";
import { expectConsoleError } from "../tests/helpers/console-errors";
import worker from "./app";

afterEach(() => resetConfigCache());

/** The deployed Worker's settings with the http transport chosen and its key forgotten. */
const withoutKey = {
  ...env,
  ENVIRONMENT: "production",
  EMAIL_TRANSPORT: "http",
  EMAIL_API_URL: "https://mail.example/send",
  EMAIL_API_KEY: "",
} as unknown as Env;

describe("configuration checked before the first request (decision 058)", () => {
  it("a misconfigured Worker answers every request with a plain 503 page and logs the setting", async () => {
    expectConsoleError(/Invalid configuration:[\s\S]*EMAIL_API_KEY/);
    for (const [method, path] of [
      ["GET", "/"],
      ["GET", "/api/blogs"],
      ["POST", "/newsletter"],
    ] as const) {
      const response = await worker.fetch(
        new Request(`http://localhost${path}`, { method }) as Request<unknown, IncomingRequestCfProperties>,
        withoutKey,
        createExecutionContext(),
      );
      expect(response.status, path).toBe(503);
      expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("Retry-After")).toBe("300");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const page = await response.text();
      expect(page).toContain("Flowlane is unavailable");
      // Neither the setting nor any value reaches the visitor.
      expect(page).not.toMatch(/EMAIL_|mail\.example|Error|at /);
    }
  });

  it("a misconfigured Worker's cron run runs no job", async () => {
    expectConsoleError(/Invalid configuration:[\s\S]*→ at EMAIL_API_KEY/);
    const waitUntil = vi.fn();
    const ctx = { waitUntil, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    await worker.scheduled({ cron: "*/5 * * * *", scheduledTime: Date.now(), noRetry() {} }, withoutKey, ctx);
    expect(waitUntil).not.toHaveBeenCalled();
  });
});
