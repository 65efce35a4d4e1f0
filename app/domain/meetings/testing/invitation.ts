import ICAL from "ical.js";
import { fromBase64Utf8 } from "../ics";

const parse = (ics: string) => new ICAL.Component(ICAL.parse(ics));

/**
 * For tests: the invitation as a calendar app reads it (ical.js), property by property. The
 * hand-written builder this replaced (decision record 024) produced the same values for the
 * same event; the differences are in spelling only and listed in the record.
 */
export function readInvitation(ics: string) {
  const calendar = parse(ics);
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  const value = (name: string) => vevent.getFirstPropertyValue(name);
  const attendee = vevent.getFirstProperty("attendee")!;
  const organizer = vevent.getFirstProperty("organizer")!;
  return {
    method: calendar.getFirstPropertyValue("method"),
    prodid: calendar.getFirstPropertyValue("prodid"),
    version: calendar.getFirstPropertyValue("version"),
    calscale: calendar.getFirstPropertyValue("calscale"),
    events: calendar.getAllSubcomponents("vevent").length,
    uid: value("uid"),
    sequence: value("sequence"),
    stamp: (value("dtstamp") as ICAL.Time).toJSDate().toISOString(),
    start: (value("dtstart") as ICAL.Time).toJSDate().toISOString(),
    end: (value("dtend") as ICAL.Time).toJSDate().toISOString(),
    startZone: (value("dtstart") as ICAL.Time).zone?.tzid,
    summary: value("summary"),
    description: value("description"),
    location: value("location"),
    url: value("url"),
    status: value("status"),
    organizer: { name: organizer.getParameter("cn"), address: String(organizer.getFirstValue()).toLowerCase() },
    attendee: {
      name: attendee.getParameter("cn"),
      address: String(attendee.getFirstValue()).toLowerCase(),
      role: attendee.getParameter("role"),
      rsvp: attendee.getParameter("rsvp"),
    },
  };
}

/** For tests: the invitation an email carries (its first attachment), read as above. */
export const invitationOf = (email: { attachments: { content: string }[] }) =>
  readInvitation(fromBase64Utf8(email.attachments[0]!.content));
