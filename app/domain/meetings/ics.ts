/**
 * iCalendar (RFC 5545) invitations for demo meetings: UTC times, escaped text, lines folded
 * at 75 octets, CRLF endings. Pure, so it is tested on its own.
 */

export type IcsPerson = { name: string; email: string };

export type IcsEvent = {
  uid: string;
  /** Bumped on every change of the same event (0 for the first invitation). */
  sequence: number;
  method: "REQUEST" | "CANCEL";
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

/** `20261123T033000Z`. */
export function icsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z");
}

/** TEXT value escaping (RFC 5545 §3.3.11). */
export function icsText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** A parameter value such as CN: quoted, without the characters a quoted value may not hold. */
const icsParam = (value: string) => `"${value.replace(/["\r\n]/g, "")}"`;

const encoder = new TextEncoder();

/** Folds a content line so that no line exceeds 75 octets (continuations start with a space). */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines lose one octet to the leading space
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export function buildIcs(event: IcsEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Flowlane//Demo booking//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${event.method}`,
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsUtc(event.stamp)}`,
    `DTSTART:${icsUtc(event.start)}`,
    `DTEND:${icsUtc(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    `LOCATION:${icsText(event.location)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.status}`,
    `ORGANIZER;CN=${icsParam(event.organizer.name)}:mailto:${event.organizer.email}`,
    `ATTENDEE;CN=${icsParam(event.attendee.name)};ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${event.attendee.email}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** Base64 of a UTF-8 string (email attachments travel as base64). */
export function base64Utf8(value: string): string {
  const bytes = encoder.encode(value);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64Utf8(value: string): string {
  const binary = atob(value);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}
