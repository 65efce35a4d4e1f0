import { env } from "cloudflare:workers";
import { z } from "zod";

/** Outside production only: the origin `npm start` serves by default, and the stand-in application host. */
export const LOCAL_SITE_URL = "http://localhost:8787";
export const PLACEHOLDER_APP_URL = "https://app.flowlane.example";

const ORIGIN = /^https?:\/\/[^/?#\s@]+$/;
const URL_WITH_PATH = /^https?:\/\/[^/?#\s@]+(?:\/[^?#\s]*)?$/;

/** An absolute http(s) URL, kept without its trailing slash so links join with a single "/"; "" = not set. */
const absoluteUrl = (what: string, { originOnly }: { originOnly: boolean }) =>
  z
    .string()
    .trim()
    .transform((value) => value.replace(/\/+$/, ""))
    .refine((value) => value === "" || (originOnly ? ORIGIN : URL_WITH_PATH).test(value), {
      message: originOnly
        ? `${what} must be an origin: http(s), a host, an optional port and nothing after it, e.g. https://www.example.com`
        : `${what} must be an absolute http(s) URL without query or fragment, e.g. https://app.example.com`,
    });
/**
 * Validated configuration from wrangler vars and secrets. Read once per isolate;
 * a bad value fails loudly instead of half-working.
 */
const ConfigSchema = z
  .object({
    /** The Flowlane application host: Login and the welcome email go to `${APP_URL}/login`. Required in production. */
    APP_URL: absoluteUrl("APP_URL", { originOnly: false }).default(""),
    /**
     * Public origin of this site: canonical URLs, feeds, the sitemap and every link in an email.
     * Required in production; never taken from the request's Host (a forged Host would otherwise
     * put a live reset link on an attacker's domain, decision 040).
     */
    SITE_URL: absoluteUrl("SITE_URL", { originOnly: true }).default(""),
    SALES_EMAIL: z.email().default("sales@flowlane.example"),
    /** The business's postal address for the footer of every email (decision 021); empty = no address line. */
    POSTAL_ADDRESS: z.string().max(200).default(""),
    EMAIL_FROM: z.string().min(3).default("Flowlane <no-reply@flowlane.example>"),
    EMAIL_TRANSPORT: z.enum(["outbox", "http"]).default("outbox"),
    EMAIL_API_URL: z.string().default(""),
    EMAIL_API_KEY: z.string().default(""),
    BUSINESS_TIMEZONE: z.string().default("Asia/Kolkata"),
    WORKING_HOURS_START: z
      .string()
      .regex(/^\d{2}:\d{2}$/)
      .default("09:00"),
    WORKING_HOURS_END: z
      .string()
      .regex(/^\d{2}:\d{2}$/)
      .default("18:00"),
    MEETING_LOCATION: z.string().default("Video call"),
    VIDEO_URL: z.string().default(""),
    /** Prefills the meeting link on Approve; `{id}` becomes the meeting id. Empty = the admin types it. */
    MEETING_LINK_TEMPLATE: z.string().default(""),
    /** Visitors may cancel or reschedule until this many minutes (min) before the start; 0 = until it starts. */
    MEETING_CHANGE_CUTOFF_MINUTES: z.coerce.number().int().min(0).max(10080).default(0),
    PROVISIONING_WEBHOOK_URL: z.string().default(""),
    PROVISIONING_WEBHOOK_SECRET: z.string().default(""),
    /** Key for HMAC of one-time codes. Required in production; a fixed dev key otherwise. */
    CODE_HMAC_SECRET: z.string().default(""),
    /** "true": an admin without two-factor sign-in must set it up before any other console page. */
    REQUIRE_2FA: z
      .enum(["true", "false", ""])
      .default("false")
      .transform((v) => v === "true"),
    ENVIRONMENT: z.enum(["production", "development", "test"]).default("production"),
  })
  .superRefine((values, issues) => {
    if (values.ENVIRONMENT !== "production") return;
    for (const [name, example] of [
      ["SITE_URL", "https://www.flowlane.com"],
      ["APP_URL", "https://app.flowlane.com"],
    ] as const) {
      if (!values[name]) {
        issues.addIssue({
          code: "custom",
          path: [name],
          message: `${name} is required in production (e.g. ${example}): links are built from it, never from the request's Host.`,
        });
      }
    }
  })
  // Outside production an unset origin is the local server's, never the request's.
  .transform((values) => ({
    ...values,
    SITE_URL: values.SITE_URL || LOCAL_SITE_URL,
    APP_URL: values.APP_URL || PLACEHOLDER_APP_URL,
  }));

export type Config = z.output<typeof ConfigSchema>;

/** Parses configuration values as the Worker does (exported for the configuration tests). */
export function parseConfig(values: Record<string, unknown>) {
  return ConfigSchema.parse(values);
}

let cached: Config | undefined;

export function config(): Config {
  if (!cached) {
    const parsed = ConfigSchema.safeParse({ ...env });
    // The log names every bad setting, in words (a bare ZodError prints as "[Getter/Setter]").
    if (!parsed.success) throw new Error(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
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
}
