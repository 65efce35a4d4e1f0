/** Words that read as capitals in a label rather than as ordinary words. */
const ACRONYMS: Readonly<Record<string, string>> = {
  id: "ID",
  ids: "IDs",
  url: "URL",
  utm: "UTM",
  ip: "IP",
  ics: "ICS",
  sla: "SLA",
  api: "API",
  gclid: "GCLID",
  fbclid: "FBCLID",
  msclkid: "MSCLKID",
};

/**
 * A stored field's name as a person reads it: `visitorTimezone` → "Visitor timezone",
 * `utm_campaign` → "UTM campaign", `hostId` → "Host ID". The console shows records whose columns
 * it does not list one by one (a person's data on request), so a column added later still reads
 * as words rather than as code.
 */
export function fieldLabel(key: string) {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => ACRONYMS[word.toLowerCase()] ?? word.toLowerCase());
  const [first = "", ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(" ");
}
