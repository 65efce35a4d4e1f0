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
    ["+91 98200 11111", "'+91 98200 11111"],
    ["-2+3", "'-2+3"],
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
    expect(csvCell(new Date("2026-01-02T03:04:05.000Z"))).toBe("2026-01-02T03:04:05.000Z");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
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
