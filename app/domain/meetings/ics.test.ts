import { describe, expect, it } from "vitest";
import { base64Utf8, buildIcs, foldLine, fromBase64Utf8, icsText, icsUtc } from "./ics";

const event = {
  uid: "meeting-1@flowlane",
  sequence: 0,
  method: "REQUEST" as const,
  status: "TENTATIVE" as const,
  start: new Date("2026-11-23T03:30:00Z"),
  end: new Date("2026-11-23T04:00:00Z"),
  stamp: new Date("2026-11-22T10:00:00.123Z"),
  summary: "Flowlane demo (30 minutes)",
  description: "Agenda: approvals, forms; questions\nand answers",
  location: "Video call",
  organizer: { name: "Flowlane Sales", email: "sales@flowlane.example" },
  attendee: { name: 'Zoë "Z" Müller', email: "zoe@example.com" },
};

describe("iCalendar invitations", () => {
  it("write UTC times without milliseconds", () => {
    expect(icsUtc(new Date("2026-11-23T03:30:00.456Z"))).toBe("20261123T033000Z");
  });

  it("escape text values", () => {
    expect(icsText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
  });

  it("fold long lines at 75 octets without splitting characters", () => {
    const line = `DESCRIPTION:${"é".repeat(80)}`;
    const folded = foldLine(line);
    const encoder = new TextEncoder();
    for (const part of folded.split("\r\n")) expect(encoder.encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    expect(foldLine("SHORT:x")).toBe("SHORT:x");
  });

  it("hold one 30-minute event with organizer, attendee and location, CRLF-terminated", () => {
    const ics = buildIcs(event);
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.split("\r\n").every((l) => !l.includes("\n"))).toBe(true);
    const unfolded = ics.replace(/\r\n /g, "");
    expect(unfolded).toContain("METHOD:REQUEST\r\n");
    expect(unfolded).toContain("DTSTART:20261123T033000Z\r\n");
    expect(unfolded).toContain("DTEND:20261123T040000Z\r\n");
    expect(unfolded).toContain("DTSTAMP:20261122T100000Z\r\n");
    expect(unfolded).toContain("DESCRIPTION:Agenda: approvals\\, forms\\; questions\\nand answers\r\n");
    expect(unfolded).toContain("LOCATION:Video call\r\n");
    expect(unfolded).toContain('ORGANIZER;CN="Flowlane Sales":mailto:sales@flowlane.example\r\n');
    expect(unfolded).toContain('ATTENDEE;CN="Zoë Z Müller";ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:zoe@example.com');
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it("round-trips UTF-8 through base64", () => {
    const text = buildIcs(event);
    expect(fromBase64Utf8(base64Utf8(text))).toBe(text);
  });
});
