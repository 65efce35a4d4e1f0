import { describe, expect, it } from "vitest";
import { expectConsoleError } from "../../tests/helpers/console-errors";
import { TEST_SITE_URL } from "../../tests/helpers/site";
import { setConfig } from "../../tests/helpers/trial";
import { appLoginUrl, checkConfig, config, parseConfig, resetConfigCache, siteUrl } from "./config.server";
import { ConfigSchema, LOCAL_SITE_URL, PLACEHOLDER_APP_URL } from "./config-schema";

/** Decision 040: the origins links are built from are configuration, required in production. */

const issuesOf = (values: Record<string, string | undefined>) => {
  try {
    parseConfig(values);
    return [];
  } catch (error) {
    return (error as { issues: { path: string[]; message: string }[] }).issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
  }
};

describe("configuration: SITE_URL and APP_URL", () => {
  it("production refuses to start without SITE_URL or APP_URL, naming each", () => {
    for (const values of [
      {},
      { ENVIRONMENT: "production" },
      { ENVIRONMENT: "production", SITE_URL: "", APP_URL: "" },
    ]) {
      const issues = issuesOf(values);
      expect(issues).toHaveLength(2);
      expect(issues[0]).toMatch(/^SITE_URL: SITE_URL is required in production/);
      expect(issues[1]).toMatch(/^APP_URL: APP_URL is required in production/);
    }
    expect(issuesOf({ ENVIRONMENT: "production", SITE_URL: "https://www.flowlane.com" })).toEqual([
      expect.stringMatching(/^APP_URL: APP_URL is required in production/),
    ]);
    // The placeholder is no default in production any more: Login would lead nowhere.
    expect(issuesOf({ ENVIRONMENT: "production", APP_URL: "https://app.flowlane.com" })).toEqual([
      expect.stringMatching(/^SITE_URL: SITE_URL is required in production/),
    ]);
  });

  it("keeps configured origins without a trailing slash", () => {
    const parsed = parseConfig({
      ENVIRONMENT: "production",
      SITE_URL: " https://www.flowlane.com/ ",
      APP_URL: "https://flowlane.com/app/",
    });
    expect(parsed.SITE_URL).toBe("https://www.flowlane.com");
    expect(parsed.APP_URL).toBe("https://flowlane.com/app");
  });

  it("refuses a SITE_URL that is not an origin, and URLs that are not absolute http(s)", () => {
    for (const SITE_URL of [
      "www.flowlane.com",
      "ftp://flowlane.com",
      "https://www.flowlane.com/blog",
      "https://www.flowlane.com?x=1",
      "https://user@evil.example",
      "javascript:alert(1)",
    ]) {
      expect(issuesOf({ ENVIRONMENT: "production", SITE_URL, APP_URL: "https://app.flowlane.com" }), SITE_URL).toEqual([
        expect.stringMatching(/^SITE_URL: SITE_URL must be an origin/),
      ]);
    }
    expect(issuesOf({ ENVIRONMENT: "test", APP_URL: "app.flowlane.com/login" })).toEqual([
      expect.stringMatching(/^APP_URL: APP_URL must be an absolute http\(s\) URL/),
    ]);
    expect(issuesOf({ ENVIRONMENT: "production", SITE_URL: "http://localhost:8787", APP_URL: "https://a.b" })).toEqual(
      [],
    );
  });

  it("outside production an unset origin is the local server's, never a request's", () => {
    const parsed = parseConfig({ ENVIRONMENT: "development" });
    expect(parsed.SITE_URL).toBe(LOCAL_SITE_URL);
    expect(parsed.APP_URL).toBe(PLACEHOLDER_APP_URL);
  });

  it("a Worker without them fails with the settings named in words", () => {
    const restore = setConfig({ ENVIRONMENT: "production", SITE_URL: "", APP_URL: "" });
    try {
      expect(() => config()).toThrow(
        /^Invalid configuration:\n[\s\S]*SITE_URL is required in production[\s\S]*APP_URL is required in production/,
      );
    } finally {
      restore();
    }
  });

  it("the tests run with their own SITE_URL, and links read it", () => {
    expect(config().ENVIRONMENT).toBe("test");
    expect(siteUrl()).toBe(TEST_SITE_URL);
    expect(appLoginUrl()).toBe(`${config().APP_URL}/login`);
  });
});

/** Decision 058: the whole configuration, cross-field rules included, before the first request. */
describe("configuration: the whole set, checked before the first request", () => {
  const production = {
    ENVIRONMENT: "production",
    SITE_URL: "https://www.flowlane.com",
    APP_URL: "https://app.flowlane.com",
    CODE_HMAC_SECRET: "a-long-random-secret",
  };
  const problemsOf = (values: Record<string, string>) => {
    const parsed = ConfigSchema.safeParse(values);
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  };

  it("a whole production configuration passes", () => {
    expect(problemsOf(production)).toEqual([]);
    expect(
      problemsOf({
        ...production,
        EMAIL_TRANSPORT: "http",
        EMAIL_API_URL: "https://mail.example/send",
        EMAIL_API_KEY: "k",
      }),
    ).toEqual([]);
  });

  it("the http transport needs its URL and its key, each named", () => {
    expect(problemsOf({ ...production, EMAIL_TRANSPORT: "http" })).toEqual([
      expect.stringMatching(/^EMAIL_API_URL: EMAIL_API_URL is required when EMAIL_TRANSPORT is "http"/),
      expect.stringMatching(/^EMAIL_API_KEY: EMAIL_API_KEY is required when EMAIL_TRANSPORT is "http"/),
    ]);
    expect(
      problemsOf({ ...production, EMAIL_TRANSPORT: "http", EMAIL_API_URL: "mail.example", EMAIL_API_KEY: "k" }),
    ).toEqual([expect.stringMatching(/^EMAIL_API_URL: EMAIL_API_URL must be an absolute http\(s\) URL/)]);
  });

  it("production needs CODE_HMAC_SECRET; elsewhere the development key stands in", () => {
    expect(problemsOf({ ...production, CODE_HMAC_SECRET: "" })).toEqual([
      expect.stringMatching(/^CODE_HMAC_SECRET: CODE_HMAC_SECRET is required in production/),
    ]);
    expect(problemsOf({ ENVIRONMENT: "development" })).toEqual([]);
  });

  it("every problem is reported at once, naming settings and never their values", () => {
    const problems = problemsOf({
      ENVIRONMENT: "production",
      EMAIL_TRANSPORT: "http",
      EMAIL_API_URL: "ftp://secret-host",
    });
    expect(problems.map((problem) => problem.split(":")[0])).toEqual([
      "EMAIL_API_URL",
      "SITE_URL",
      "APP_URL",
      "EMAIL_API_KEY",
      "CODE_HMAC_SECRET",
    ]);
    expect(problems.join("\n")).not.toContain("secret-host");
  });

  it("checkConfig parses once per isolate: a whole configuration is kept, a broken one refused and logged once", () => {
    try {
      resetConfigCache();
      expectConsoleError(/Invalid configuration:\n[\s\S]*→ at EMAIL_API_KEY/);
      const broken = {
        ...production,
        EMAIL_TRANSPORT: "http",
        EMAIL_API_URL: "https://mail.example/send",
        EMAIL_API_KEY: "",
      };
      const problems = checkConfig(broken);
      expect(problems).toMatch(/EMAIL_API_KEY is required/);
      expect(problems).not.toContain("mail.example");
      // Asked again (the next request), the same answer without parsing or logging again.
      expect(checkConfig({ ...broken, EMAIL_API_KEY: "now-set" })).toBe(problems);
      resetConfigCache();
      expect(checkConfig(production)).toBeNull();
      expect(config().CODE_HMAC_SECRET).toBe("a-long-random-secret");
    } finally {
      resetConfigCache();
    }
  });
});
