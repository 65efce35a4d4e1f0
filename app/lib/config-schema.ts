import { z } from "zod";
import { TEAM_ROLES, type TeamRole } from "./team-roles.ts";

/**
 * The configuration's schema: every setting from wrangler vars and secrets, and the rules between
 * them. Read by the Worker (config.server.ts) and by `npm run deploy`'s check of wrangler.toml
 * (scripts/check-config.ts, decision 058), so both hold the same rules. No Worker imports here:
 * Node runs this file as it is (type stripping).
 */

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
/** Set with `wrangler secret put NAME` (`.dev.vars` locally), never in wrangler.toml `[vars]`. */
export const SECRET_NAMES = [
  "EMAIL_API_KEY",
  "PROVISIONING_WEBHOOK_SECRET",
  "CODE_HMAC_SECRET",
  "EMAIL_WEBHOOK_SECRET",
] as const;

/** Every setting's own rule: its type, format and default. */
/** Owners and Admins must have a second factor unless configured otherwise (decision 067). */
export const DEFAULT_REQUIRE_2FA = "owner,admin";

/** REQUIRE_2FA's roles: "true" every role, "false" or "" none, else the listed roles. */
function requiredRoles(value: string, issues: z.core.$RefinementCtx<string>): readonly TeamRole[] {
  const text = value.trim().toLowerCase();
  if (text === "true") return TEAM_ROLES;
  if (text === "false" || text === "") return [];
  const names = text.split(",").map((name) => name.trim());
  const unknown = names.filter((name) => !(TEAM_ROLES as readonly string[]).includes(name));
  if (unknown.length) {
    issues.addIssue({
      code: "custom",
      message: `REQUIRE_2FA lists unknown roles (${unknown.join(", ")}); use ${TEAM_ROLES.join(", ")}, "true" or "false".`,
    });
    return z.NEVER;
  }
  return TEAM_ROLES.filter((role) => names.includes(role));
}

const ValuesSchema = z.object({
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
  /** `cloudflare`: Cloudflare Email Service through the `send_email` binding named EMAIL (decision 092). */
  EMAIL_TRANSPORT: z.enum(["outbox", "http", "cloudflare"]).default("outbox"),
  EMAIL_API_URL: z
    .string()
    .trim()
    .refine((value) => value === "" || (URL.canParse(value) && /^https?:\/\//.test(value)), {
      message: "EMAIL_API_URL must be an absolute http(s) URL, e.g. https://api.mail.example/send",
    })
    .default(""),
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
  /** A lead still "new" after this many business hours is flagged and its owner emailed once (decision 072). */
  LEAD_SLA_HOURS: z.coerce.number().min(0.25).max(80).default(2),
  MEETING_LOCATION: z.string().default("Video call"),
  VIDEO_URL: z.string().default(""),
  /** Prefills the meeting link on Approve; `{id}` becomes the meeting id. Empty = the admin types it. */
  MEETING_LINK_TEMPLATE: z.string().default(""),
  /** Visitors may cancel or reschedule until this many minutes (min) before the start; 0 = until it starts. */
  MEETING_CHANGE_CUTOFF_MINUTES: z.coerce.number().int().min(0).max(10080).default(0),
  /** Retention (decision 089): a lead with no activity this many months is erased by the scheduled job. */
  RETENTION_LEAD_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  /** Retention (decision 089): a rejected trial signup is anonymised this many months after the decision. */
  RETENTION_REJECTED_TRIAL_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  /** Retention (decision 089): sent and failed emails (their bodies) are deleted after this many days. */
  RETENTION_EMAIL_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Retention (decision 090): per-visitor page views are deleted this many days after their day, once rolled up. */
  RETENTION_PAGE_VIEW_DAYS: z.coerce.number().int().min(1).max(3650).default(35),
  PROVISIONING_WEBHOOK_URL: z.string().default(""),
  PROVISIONING_WEBHOOK_SECRET: z.string().default(""),
  /** Key for HMAC of one-time codes. Required in production; a fixed dev key otherwise. */
  CODE_HMAC_SECRET: z.string().default(""),
  /**
   * The roles whose members must have a second factor before any other console page (decision
   * 067): a comma-separated list of roles, "true" for every role, "false" or "" for none.
   */
  REQUIRE_2FA: z.string().default(DEFAULT_REQUIRE_2FA).transform(requiredRoles),
  ENVIRONMENT: z.enum(["production", "development", "test"]).default("production"),
  /** Newsletter messages one cron run (every 5 minutes) hands to the transport at most: the sending rate (decision 092). */
  NEWSLETTER_BATCH_SIZE: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().int().min(1).max(2000).default(200),
  ),
  /** Key of the email provider's signed bounce and complaint webhook (decision 092); empty = the endpoint refuses every call. */
  EMAIL_WEBHOOK_SECRET: z.string().default(""),

  /** Page views counted on the server (decision 090): "off" stops counting (the load bench compares both). */
  PAGE_ANALYTICS: z.enum(["on", "off"]).default("on"),
  /** Real-user page speed (decision 091): the share of page loads, in percent, whose browser sends LCP, INP, CLS, TTFB and hydration. */
  PAGE_SPEED_SAMPLE_PERCENT: z.coerce.number().min(0).max(100).default(100),
  /** Real-user page speed (decision 091): samples are deleted after this many days; at least the console's 28. */
  RETENTION_PAGE_SPEED_DAYS: z.coerce.number().int().min(28).max(3650).default(35),
});
type Values = z.output<typeof ValuesSchema>;
type Issues = z.core.$RefinementCtx<Values>;

function required(issues: Issues, name: keyof Values, message: string) {
  issues.addIssue({ code: "custom", path: [name], message });
}

/** Production builds every link from configuration, never from the request's Host (decision 040). */
function originsRule(values: Values, issues: Issues) {
  if (values.ENVIRONMENT !== "production") return;
  for (const [name, example] of [
    ["SITE_URL", "https://www.flowlane.com"],
    ["APP_URL", "https://app.flowlane.com"],
  ] as const) {
    if (!values[name]) {
      required(
        issues,
        name,
        `${name} is required in production (e.g. ${example}): links are built from it, never from the request's Host.`,
      );
    }
  }
}

/**
 * The rules between settings that would otherwise be found by a visitor or a cron run
 * (decision 058): every message failing eight times, the first code a visitor asks for failing.
 */
function crossFieldRules(values: Values, issues: Issues) {
  if (values.EMAIL_TRANSPORT === "http") {
    if (!values.EMAIL_API_URL) {
      required(
        issues,
        "EMAIL_API_URL",
        'EMAIL_API_URL is required when EMAIL_TRANSPORT is "http": messages are sent to it.',
      );
    }
    if (!values.EMAIL_API_KEY) {
      required(
        issues,
        "EMAIL_API_KEY",
        'EMAIL_API_KEY is required when EMAIL_TRANSPORT is "http" (a secret: wrangler secret put EMAIL_API_KEY).',
      );
    }
  }
  if (values.ENVIRONMENT === "production" && !values.CODE_HMAC_SECRET) {
    required(
      issues,
      "CODE_HMAC_SECRET",
      "CODE_HMAC_SECRET is required in production: one-time codes and signed cookies are keyed by it (a secret: wrangler secret put CODE_HMAC_SECRET).",
    );
  }
}

// Outside production an unset origin is the local server's, never the request's.
const withLocalOrigins = (values: Values) => ({
  ...values,
  SITE_URL: values.SITE_URL || LOCAL_SITE_URL,
  APP_URL: values.APP_URL || PLACEHOLDER_APP_URL,
});

/** Each setting and the origins: what `config()` reads where no entry checked first (tests calling services). */
export const ConfigValuesSchema = ValuesSchema.superRefine(originsRule).transform(withLocalOrigins);

/**
 * The whole configuration: every setting, the origins and the rules between settings. The worker
 * entry parses it once per isolate before it serves anything (decision 058), and
 * `npm run deploy` checks wrangler.toml's `[vars]` against it before uploading
 * (scripts/check-config.ts).
 */
export const ConfigSchema = ValuesSchema.superRefine((values, issues) => {
  originsRule(values, issues);
  crossFieldRules(values, issues);
}).transform(withLocalOrigins);

/**
 * What is wrong, one line per setting, in words: the setting's name and the rule, never its
 * value (the log must not carry a secret). A bare ZodError prints as "[Getter/Setter]".
 */
export function describeConfigError(error: z.ZodError) {
  return `Invalid configuration:\n${z.prettifyError(error)}`;
}
