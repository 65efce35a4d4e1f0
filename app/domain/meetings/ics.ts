import { decodeBase64, encodeBase64 } from "@oslojs/encoding";
import ical, { ICalAttendeeRole, ICalCalendarMethod, ICalEventStatus } from "ical-generator";

/**
 * iCalendar (RFC 5545) invitations for demo meetings, written by ical-generator (decision
 * record 024): UTC times, escaped text, lines folded at 75 octets, CRLF endings. Pure (the
 * library imports nothing from Node), so it runs in workerd and is tested on its own.
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

const METHODS = {
  REQUEST: ICalCalendarMethod.REQUEST,
  CANCEL: ICalCalendarMethod.CANCEL,
  PUBLISH: ICalCalendarMethod.PUBLISH,
} as const;
const STATUSES = {
  TENTATIVE: ICalEventStatus.TENTATIVE,
  CONFIRMED: ICalEventStatus.CONFIRMED,
  CANCELLED: ICalEventStatus.CANCELLED,
} as const;

export function buildIcs(event: IcsEvent): string {
  const calendar = ical({
    prodId: { company: "Flowlane", product: "Demo booking", language: "EN" },
    method: METHODS[event.method],
    scale: "GREGORIAN",
  });
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    stamp: event.stamp,
    start: event.start,
    end: event.end,
    summary: event.summary,
    description: event.description,
    location: event.location,
    url: event.url ?? null,
    status: STATUSES[event.status],
    organizer: event.organizer,
    attendees: [{ ...event.attendee, role: ICalAttendeeRole.REQ, rsvp: false }],
  });
  // RFC 5545 §3.1 ends every content line with CRLF, the last one too.
  return `${calendar.toString()}\r\n`;
}

const encoder = new TextEncoder();

/** Base64 of a UTF-8 string (email attachments travel as base64). */
export const base64Utf8 = (value: string): string => encodeBase64(encoder.encode(value));

export const fromBase64Utf8 = (value: string): string => new TextDecoder().decode(decodeBase64(value));
