import type { FunnelBy } from "./range";

/** How Insights names a breakdown's keys ("" is a real key: no source, no campaign, unknown country). */

export const sourceLabel = (key: string) => key || "Direct or within the site";
export const campaignLabel = (key: string) => key || "No campaign";
export const pathLabel = (key: string) => key || "Unknown";
export const deviceLabel = (key: string) => ({ mobile: "Mobile", tablet: "Tablet", desktop: "Desktop" })[key] ?? key;

let regions: Intl.DisplayNames | undefined;
/** "India (IN)"; the code alone where the runtime has no names. */
export function countryLabel(code: string) {
  if (!code) return "Unknown";
  try {
    regions ??= new Intl.DisplayNames(["en"], { type: "region" });
    const name = regions.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

export function funnelKeyLabel(by: FunnelBy, key: string) {
  if (by === "source") return sourceLabel(key);
  if (by === "campaign") return campaignLabel(key);
  return key || "No landing page recorded";
}
