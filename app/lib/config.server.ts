import { env } from "cloudflare:workers";
import { z } from "zod";

/**
 * Validated configuration from wrangler vars and secrets. Read once per isolate;
 * a bad value fails loudly instead of half-working.
 */
const ConfigSchema = z.object({
  APP_URL: z.url().default("https://app.flowlane.example"),
  /** Public origin of this site for canonical URLs, feeds and links in emails; empty = the request's origin. */
  SITE_URL: z.string().default(""),
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
});

export type Config = z.infer<typeof ConfigSchema>;

let cached: Config | undefined;

export function config(): Config {
  if (!cached) cached = ConfigSchema.parse({ ...env });
  return cached;
}

/** The absolute site URL for links in emails: SITE_URL when configured, else the request's origin. */
export function siteOrigin(requestUrl: string) {
  return (config().SITE_URL || new URL(requestUrl).origin).replace(/\/$/, "");
}

/** For tests that change configuration. */
export function resetConfigCache() {
  cached = undefined;
}
