import { env } from "cloudflare:workers";
import type { z } from "zod";
import { ConfigSchema, ConfigValuesSchema, describeConfigError } from "./config-schema";

export type Config = z.output<typeof ConfigSchema>;

/** Parses each setting and the origins (exported for the configuration tests). */
export function parseConfig(values: Record<string, unknown>) {
  return ConfigValuesSchema.parse(values);
}

let cached: Config | undefined;
/** The isolate's configuration problems, once found: every request is refused with them. */
let refused: string | undefined;

/**
 * The worker entry's check, before its first request or cron run (decision 058): parses the whole
 * configuration once per isolate and keeps the result, so `config()` serves it from then on.
 * Returns the problems (logged once, naming each setting) or null when the configuration is whole.
 */
export function checkConfig(values: object = env): string | null {
  if (cached) return null;
  if (refused !== undefined) return refused;
  const parsed = ConfigSchema.safeParse({ ...values });
  if (parsed.success) {
    cached = parsed.data;
    return null;
  }
  refused = describeConfigError(parsed.error);
  console.error(refused);
  return refused;
}

export function config(): Config {
  if (!cached) {
    const parsed = ConfigValuesSchema.safeParse({ ...env });
    if (!parsed.success) throw new Error(describeConfigError(parsed.error));
    cached = parsed.data;
  }
  return cached;
}

/**
 * The site's public origin for every absolute link (emails, canonical URLs, feeds, the sitemap,
 * edge-cache keys): configuration only, never the request's Host. No trailing slash.
 */
export function siteUrl() {
  return config().SITE_URL;
}

/** `${APP_URL}/login`: where Login and the welcome email send people. */
export function appLoginUrl() {
  return `${config().APP_URL}/login`;
}

/** For tests that change configuration. */
export function resetConfigCache() {
  cached = undefined;
  refused = undefined;
}
