import { decodeBase64, encodeBase64 } from "@oslojs/encoding";
import ICAL from "~/lib/icalendar";

/**
 * iCalendar (RFC 5545) invitations for demo meetings, written by ical.js (decision records 024
 * and 086: the one iCalendar library, which also reads busy calendars and writes hosts' feeds):
 * UTC times, escaped text, parameters quoted per RFC 6868, lines folded at 75 octets, CRLF
 * endings. Pure (the library imports nothing from Node), so it runs in workerd and is tested on
 * its own.
 */

export type IcsPerson = { name: string; email: string };

export type IcsEvent = {
  uid: string;
  /** Bumped on every change of the same event (0 for the first invitation). */
  sequence: number;
  /** REQUEST and CANCEL for emailed invitations; PUBLISH for a file the visitor downloads to add it. */
  method: "REQUEST" | "CANCEL" | "PUBLISH";
  status: "TENTATIVE" | "CONFIRMED" | "CANCELLED";
  start: Date;
  end: Date;
  stamp: Date;
  summary: string;
  description: string;
  location: string;
  url?: string;
  organizer: IcsPerson;
  attendee: IcsPerson;
};

/** A UTC date-time without milliseconds (DTSTAMP:20261122T100000Z). */
export const icsUtc = (date: Date) => ICAL.Time.fromJSDate(new Date(Math.floor(date.getTime() / 1000) * 1000), true);

function person(component: ICAL.Component, name: "organizer" | "attendee", who: IcsPerson) {
  const property = component.addPropertyWithValue(name, `mailto:${who.email}`);
  if (name === "attendee") {
    property.setParameter("role", "REQ-PARTICIPANT");
    property.setParameter("rsvp", "FALSE");
  }
  property.setParameter("cn", who.name);
}

export function buildIcs(event: IcsEvent): string {
  const calendar = new ICAL.Component("vcalendar");
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("prodid", "-//Flowlane//Demo booking//EN");
  calendar.addPropertyWithValue("calscale", "GREGORIAN");
  calendar.addPropertyWithValue("method", event.method);
  const vevent = new ICAL.Component("vevent");
  vevent.addPropertyWithValue("uid", event.uid);
  vevent.addPropertyWithValue("sequence", event.sequence);
  vevent.addPropertyWithValue("dtstamp", icsUtc(event.stamp));
  vevent.addPropertyWithValue("dtstart", icsUtc(event.start));
  vevent.addPropertyWithValue("dtend", icsUtc(event.end));
  vevent.addPropertyWithValue("summary", event.summary);
  vevent.addPropertyWithValue("location", event.location);
  vevent.addPropertyWithValue("description", event.description);
  person(vevent, "organizer", event.organizer);
  person(vevent, "attendee", event.attendee);
  if (event.url) vevent.addPropertyWithValue("url", event.url);
  vevent.addPropertyWithValue("status", event.status);
  calendar.addSubcomponent(vevent);
  // RFC 5545 §3.1 ends every content line with CRLF, the last one too.
  return `${calendar.toString()}\r\n`;
}

const encoder = new TextEncoder();

/** Base64 of a UTF-8 string (email attachments travel as base64). */
export const base64Utf8 = (value: string): string => encodeBase64(encoder.encode(value));

export const fromBase64Utf8 = (value: string): string => new TextDecoder().decode(decodeBase64(value));
