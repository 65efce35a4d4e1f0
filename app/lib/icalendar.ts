import ICAL from "ical.js";

/**
 * The one iCalendar library (decision 086), imported from here so its one setting holds wherever
 * it writes: ical.js folds a line after `foldLength` octets and then prefixes the continuation with
 * a space, so a continuation line would be 76 octets; RFC 5545 §3.1 allows 75 with the space.
 * A plain module-level value, the same for every request.
 */
ICAL.foldLength = 74;

export default ICAL;
