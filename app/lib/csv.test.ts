import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvResponse, toCsv } from "./csv";

describe("csvCell", () => {
  it("leaves plain text as it is", () => {
    expect(csvCell("Northwind Logistics")).toBe("Northwind Logistics");
    expect(csvCell("")).toBe("");
  });

  it("quotes fields with commas, quotes and line breaks, doubling quotes (RFC 4180)", () => {
    expect(csvCell("Acme, Inc.")).toBe('"Acme, Inc."');
    expect(csvCell('She said "hi"')).toBe('"She said ""hi"""');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  it.each([
    ['=HYPERLINK("http://evil")', '"\'=HYPERLINK(""http://evil"")"'],
    ["-2+3", "'-2+3"],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-1+SUM(A1)", "'-1+SUM(A1)"],
    ["=1", "'=1"],
    ["- bullet point", "'- bullet point"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", '"\'\rcmd"'],
  ])("neutralises the formula %j", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it("does not touch formula characters inside the text, or numbers, booleans and dates", () => {
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(new Date("2026-01-02T03:04:05.000Z"))).toBe("2026-01-02T03:04:05Z");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it.each([["+91 98200 11111"], ["+1 (555) 123-4567"], ["-5.25"], ["+44 20 7946 0958"], ["-42"]])(
    "leaves the number or phone number %j readable",
    (input) => {
      expect(csvCell(input)).toBe(input);
    },
  );

  it("writes instants with their offset in the given timezone", () => {
    const instant = new Date("2026-11-22T10:00:00.000Z");
    expect(csvCell(instant, "Asia/Kolkata")).toBe("2026-11-22T15:30:00+05:30");
    expect(csvCell(instant, "America/New_York")).toBe("2026-11-22T05:00:00-05:00");
    expect(csvCell(instant)).toBe("2026-11-22T10:00:00Z");
  });
});

describe("toCsv", () => {
  it("writes a header row and CRLF-terminated records", () => {
    const csv = toCsv(
      [
        { header: "name", value: (r: { name: string; n: number }) => r.name },
        { header: "count", value: (r) => r.n },
      ],
      [
        { name: "Ann", n: 1 },
        { name: 'B, "Bob"', n: 2 },
      ],
    );
    expect(csv).toBe('name,count\r\nAnn,1\r\n"B, ""Bob""",2\r\n');
  });

  it("a response is an attachment with a safe file name and a BOM", async () => {
    const response = csvResponse("flowlane meetings/2026.csv", "a\r\n");
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="flowlane_meetings_2026.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes]).toEqual([...new TextEncoder().encode(`${CSV_BOM}a\r\n`)]);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
