import { icsUtc as utc } from "~/domain/meetings/ics";
import ICAL from "~/lib/icalendar";

/**
 * A host's calendar feed (issue 27 item 5, decision 086): their demo meetings as one iCalendar a
 * calendar app subscribes to (Google "From URL", Outlook "Subscribe from web", Apple "New Calendar
 * Subscription"). Written by ical.js, the library that reads busy calendars: UTC times, escaped
 * text, lines folded at 75 octets, CRLF endings. A cancelled meeting stays in the feed as
 * STATUS:CANCELLED with a higher SEQUENCE, so a subscribed app removes it rather than keeping a
 * stale copy.
 */

export type FeedEvent = {
  uid: string;
  sequence: number;
  status: "TENTATIVE" | "CONFIRMED" | "CANCELLED";
  start: Date;
  end: Date;
  /** When the meeting last changed (LAST-MODIFIED). */
  modified: Date;
  summary: string;
  description: string;
  url?: string;
};

export function buildFeed(name: string, events: readonly FeedEvent[], stamp: Date): string {
  const calendar = new ICAL.Component("vcalendar");
  calendar.addPropertyWithValue("prodid", "-//Flowlane//Demo booking//EN");
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("calscale", "GREGORIAN");
  calendar.addPropertyWithValue("method", "PUBLISH");
  calendar.addPropertyWithValue("x-wr-calname", name);
  // How often a subscribed app should look again (Outlook and Apple read these).
  calendar.addPropertyWithValue("refresh-interval", ICAL.Duration.fromString("PT1H")).setParameter("value", "DURATION");
  calendar.addPropertyWithValue("x-published-ttl", "PT1H");
  for (const event of events) {
    const vevent = new ICAL.Component("vevent");
    vevent.addPropertyWithValue("uid", event.uid);
    vevent.addPropertyWithValue("sequence", event.sequence);
    vevent.addPropertyWithValue("dtstamp", utc(stamp));
    vevent.addPropertyWithValue("last-modified", utc(event.modified));
    vevent.addPropertyWithValue("dtstart", utc(event.start));
    vevent.addPropertyWithValue("dtend", utc(event.end));
    vevent.addPropertyWithValue("summary", event.summary);
    vevent.addPropertyWithValue("description", event.description);
    vevent.addPropertyWithValue("status", event.status);
    if (event.url) vevent.addPropertyWithValue("url", event.url);
    calendar.addSubcomponent(vevent);
  }
  // RFC 5545 §3.1 ends every content line with CRLF, the last one too.
  return `${calendar.toString()}\r\n`;
}
