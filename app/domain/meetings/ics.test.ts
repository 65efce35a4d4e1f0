import { describe, expect, it } from "vitest";
import { base64Utf8, buildIcs, fromBase64Utf8, type IcsEvent } from "./ics";
import { readInvitation as reading } from "./testing/invitation";

const event: IcsEvent = {
  uid: "meeting-1@flowlane",
  sequence: 0,
  method: "REQUEST",
  status: "TENTATIVE",
  start: new Date("2026-11-23T03:30:00Z"),
  end: new Date("2026-11-23T04:00:00Z"),
  stamp: new Date("2026-11-22T10:00:00.123Z"),
  summary: "Flowlane demo (30 minutes)",
  description: "Agenda: approvals, forms; questions\nand answers",
  location: "Video call",
  url: "https://flowlane.example/demo/manage?token=Zm9v_YmFy-0",
  organizer: { name: "Flowlane Sales", email: "sales@flowlane.example" },
  attendee: { name: 'Zoë "Z" Müller', email: "zoe@example.com" },
};

describe("iCalendar invitations", () => {
  it("hold one 30-minute UTC event with organizer, attendee, location and link", () => {
    expect(reading(buildIcs(event))).toEqual({
      method: "REQUEST",
      prodid: "-//Flowlane//Demo booking//EN",
      version: "2.0",
      calscale: "GREGORIAN",
      events: 1,
      uid: "meeting-1@flowlane",
      sequence: 0,
      stamp: "2026-11-22T10:00:00.000Z",
      start: "2026-11-23T03:30:00.000Z",
      end: "2026-11-23T04:00:00.000Z",
      startZone: "UTC",
      summary: "Flowlane demo (30 minutes)",
      description: "Agenda: approvals, forms; questions\nand answers",
      location: "Video call",
      url: "https://flowlane.example/demo/manage?token=Zm9v_YmFy-0",
      status: "TENTATIVE",
      organizer: { name: "Flowlane Sales", address: "mailto:sales@flowlane.example" },
      // RFC 6868 keeps the quotes in a name (the old builder dropped them).
      attendee: { name: 'Zoë "Z" Müller', address: "mailto:zoe@example.com", role: "REQ-PARTICIPANT", rsvp: "FALSE" },
    });
  });

  it("write UTC times without milliseconds and escape text values", () => {
    const unfolded = buildIcs(event).replace(/\r\n /g, "");
    expect(unfolded).toContain("DTSTAMP:20261122T100000Z\r\n");
    expect(unfolded).toContain("DESCRIPTION:Agenda: approvals\\, forms\\; questions\\nand answers\r\n");
    expect(buildIcs({ ...event, summary: "a,b;c\\d" })).toContain("SUMMARY:a\\,b\\;c\\\\d\r\n");
  });

  it("cancel with the same UID, a higher sequence and no link", () => {
    const cancelled = reading(
      buildIcs({ ...event, method: "CANCEL", status: "CANCELLED", sequence: 2, url: undefined }),
    );
    expect(cancelled).toMatchObject({ method: "CANCEL", status: "CANCELLED", sequence: 2, uid: "meeting-1@flowlane" });
    expect(cancelled.url).toBeNull();
  });

  it("are CRLF-terminated and fold long lines at 75 octets without splitting characters", () => {
    const ics = buildIcs({
      ...event,
      description: "é".repeat(80),
      attendee: { name: "名".repeat(40), email: "a@b.example" },
    });
    expect(ics.endsWith("\r\n")).toBe(true);
    const lines = ics.slice(0, -2).split("\r\n");
    const encoder = new TextEncoder();
    for (const line of lines) {
      expect(line).not.toMatch(/[\r\n]/);
      expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    }
    expect(reading(ics).description).toBe("é".repeat(80));
    expect(reading(ics).attendee.name).toBe("名".repeat(40));
  });

  it("round-trips UTF-8 through base64", () => {
    const text = buildIcs(event);
    expect(fromBase64Utf8(base64Utf8(text))).toBe(text);
    expect(base64Utf8("Zoë")).toBe(btoa("Zo\u00c3\u00ab"));
  });
});
