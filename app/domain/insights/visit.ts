import { CAPS, externalReferrer } from "../leads/attribution";

/*
 * What one page view records (issue 28 item 1, decision 090), read from the request alone: no
 * cookie, nothing that names the visitor. Pure; the Worker counts it after the response
 * (app/http/page-views.server.ts).
 */

export type DeviceClass = "mobile" | "tablet" | "desktop";

export type Visit = {
  /** yyyy-MM-dd, UTC: the day whose salt hashes the visitor. */
  day: string;
  path: string;
  source: string;
  campaign: string;
  country: string;
  device: DeviceClass;
};

/** Tablets first (an iPad or Android tablet also says "Mobile" in some browsers' agents). */
export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobile))/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return "mobile";
  return "desktop";
}

const clean = (value: string | null, cap: number) =>
  (value ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase()
    .slice(0, cap);

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The view of `url` from `referer` at `at`. Source: `utm_source`, else another site's host
 * (the same rule as the attribution touch, decision 071), else "" — direct, or a page of this site.
 */
export function visitOf(
  url: URL,
  headers: { referer: string | null; country: string | null; userAgent: string },
  ownHosts: readonly string[],
  at: Date,
): Visit {
  const referrer = externalReferrer(headers.referer, ownHosts);
  const country = (headers.country ?? "").toUpperCase();
  return {
    day: utcDay(at),
    path: url.pathname.slice(0, CAPS.landingPath),
    source: clean(url.searchParams.get("utm_source"), CAPS.field) || referrer || "",
    campaign: clean(url.searchParams.get("utm_campaign"), CAPS.field),
    // Cloudflare's "XX" (unknown) and "T1" (Tor) name no country.
    country: /^[A-Z]{2}$/.test(country) && country !== "XX" && country !== "T1" ? country : "",
    device: deviceClass(headers.userAgent),
  };
}
