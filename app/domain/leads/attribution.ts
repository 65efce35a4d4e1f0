import { z } from "zod";

/*
 * Where a visitor came from (issue 26 item 1, decision 071): the landing's UTM parameters, click
 * id, the referrer's host and the landing path, normalised. Pure: the Worker reads it from the
 * request (app/http/attribution.server.ts) and keeps it in a signed cookie; a lead form stores
 * both touches with the lead.
 */

export const UTM_PARAMS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
/** Ad platforms' click ids, in the order one is taken when a URL carries several. */
export const CLICK_ID_PARAMS = ["gclid", "fbclid", "msclkid", "li_fat_id"] as const;
/** Every query parameter attribution reads: pages never depend on them (the edge cache drops them from its keys). */
export const ATTRIBUTION_PARAMS: ReadonlySet<string> = new Set([...UTM_PARAMS, ...CLICK_ID_PARAMS]);

/** Length caps (characters), so two touches fit in one cookie with room to spare. */
export const CAPS = { field: 64, clickId: 128, referrer: 64, landingPath: 128 } as const;

/** One touch, as stored (cookie and lead) and as the API shows it. */
export const TouchSchema = z.object({
  source: z.string().max(CAPS.field).nullable(),
  medium: z.string().max(CAPS.field).nullable(),
  campaign: z.string().max(CAPS.field).nullable(),
  term: z.string().max(CAPS.field).nullable(),
  content: z.string().max(CAPS.field).nullable(),
  /** `gclid:…`, `fbclid:…`, `msclkid:…` or `li_fat_id:…`. */
  clickId: z
    .string()
    .max(CAPS.clickId + 10)
    .nullable(),
  /** The referring site's host name only (never its path or query). */
  referrer: z.string().max(CAPS.referrer).nullable(),
  landingPath: z.string().max(CAPS.landingPath),
  at: z.iso.datetime(),
});
export type Touch = z.infer<typeof TouchSchema>;

export const AttributionSchema = z.object({ first: TouchSchema, last: TouchSchema });
export type Attribution = z.infer<typeof AttributionSchema>;

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** Control characters and anything outside printable text are dropped, whitespace collapsed. */
function clean(value: string | null, cap: number, fold: boolean): string | null {
  if (value === null) return null;
  const text = value.replace(CONTROL, "").replace(/\s+/g, " ").trim();
  if (!text) return null;
  return (fold ? text.toLowerCase() : text).slice(0, cap);
}

/** A click id is an opaque token: only URL-safe characters, else it is not kept. */
const CLICK_ID_FORMAT = /^[A-Za-z0-9._~-]+$/;

/** The referrer's host when it is another site's http(s) page, else null (internal, invalid, absent). */
export function externalReferrer(referer: string | null, ownHosts: readonly string[]): string | null {
  if (!referer) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  if (!host || ownHosts.includes(host)) return null;
  return host.slice(0, CAPS.referrer);
}

/**
 * The touch a landing on `url` from `referer` makes, or null when it carries no attribution
 * (no UTM parameter, no click id, no external referrer): a plain visit is not a touch.
 * Without a `utm_source`, an external referrer names the source (medium "referral").
 */
export function touchOf(url: URL, referer: string | null, ownHosts: readonly string[], at: Date): Touch | null {
  const param = (name: string) => url.searchParams.get(name);
  let clickId: string | null = null;
  for (const name of CLICK_ID_PARAMS) {
    const value = clean(param(name), CAPS.clickId, false);
    if (value && CLICK_ID_FORMAT.test(value)) {
      clickId = `${name}:${value}`;
      break;
    }
  }
  const referrer = externalReferrer(referer, ownHosts);
  const utm = {
    source: clean(param("utm_source"), CAPS.field, true),
    medium: clean(param("utm_medium"), CAPS.field, true),
    campaign: clean(param("utm_campaign"), CAPS.field, true),
    term: clean(param("utm_term"), CAPS.field, false),
    content: clean(param("utm_content"), CAPS.field, false),
  };
  const campaignData = Object.values(utm).some((v) => v !== null) || clickId !== null;
  if (!campaignData && !referrer) return null;
  return {
    source: utm.source ?? (referrer && !campaignData ? referrer : null),
    medium: utm.medium ?? (referrer && !campaignData ? "referral" : null),
    campaign: utm.campaign,
    term: utm.term,
    content: utm.content,
    clickId,
    referrer,
    landingPath: url.pathname.slice(0, CAPS.landingPath),
    at: at.toISOString(),
  };
}

/** Whether `touch` is another campaign than `last` (the landing path and time do not count). */
function isNewCampaign(touch: Touch, last: Touch) {
  const keys = ["source", "medium", "campaign", "term", "content", "clickId", "referrer"] as const;
  return keys.some((key) => touch[key] !== last[key]);
}

/**
 * The attribution after a landing: the first touch is never overwritten; the last touch becomes
 * `touch` when it is another campaign. Null when nothing changes (no cookie to set).
 */
export function nextAttribution(current: Attribution | null, touch: Touch | null): Attribution | null {
  if (!touch) return null;
  if (!current) return { first: touch, last: touch };
  if (!isNewCampaign(touch, current.last)) return null;
  return { first: current.first, last: touch };
}

/** A stored value (cookie, column) as attribution, or null when it is not one (altered, old, malformed). */
export function parseAttribution(value: string | null | undefined): Attribution | null {
  if (!value) return null;
  try {
    const parsed = AttributionSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
