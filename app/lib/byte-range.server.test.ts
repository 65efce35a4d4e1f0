import { describe, expect, it } from "vitest";
import { answerWithRanges, readRange } from "./byte-range.server";

describe("readRange: one byte range of a file", () => {
  it("reads a range, an open end and a suffix, clamped to the file", () => {
    expect(readRange("bytes=0-1", 100)).toEqual({ kind: "range", range: { start: 0, end: 1 } });
    expect(readRange("bytes=90-", 100)).toEqual({ kind: "range", range: { start: 90, end: 99 } });
    expect(readRange("bytes=90-500", 100)).toEqual({ kind: "range", range: { start: 90, end: 99 } });
    expect(readRange("bytes=-10", 100)).toEqual({ kind: "range", range: { start: 90, end: 99 } });
    expect(readRange("bytes=-500", 100)).toEqual({ kind: "range", range: { start: 0, end: 99 } });
  });

  it("a start past the end or an empty suffix is unsatisfiable", () => {
    expect(readRange("bytes=100-", 100)).toEqual({ kind: "unsatisfiable" });
    expect(readRange("bytes=-0", 100)).toEqual({ kind: "unsatisfiable" });
  });

  it("ignores what it cannot read: no header, several ranges, other units, reversed bounds", () => {
    for (const header of [null, "", "bytes=0-1,5-6", "items=0-1", "bytes=5-1", "bytes=-", "bytes=a-b"]) {
      expect(readRange(header, 100)).toEqual({ kind: "whole" });
    }
  });
});

describe("answerWithRanges", () => {
  const file = new Uint8Array(Array.from({ length: 50 }, (_, i) => i)).buffer;
  const ask = (headers: Record<string, string>, method = "GET") =>
    answerWithRanges(
      new Request("http://localhost/media/v.mp4", { headers, method }),
      file,
      new Headers({ ETag: '"v1"' }),
    );

  it("answers Safari's first probe with 206 and two bytes", async () => {
    const response = ask({ Range: "bytes=0-1" });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toBe("bytes 0-1/50");
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([0, 1]);
  });

  it("the whole file with Accept-Ranges; 416 past the end; HEAD without a body", async () => {
    const whole = ask({});
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Accept-Ranges")).toBe("bytes");
    expect((await whole.arrayBuffer()).byteLength).toBe(50);
    const past = ask({ Range: "bytes=50-" });
    expect(past.status).toBe(416);
    expect(past.headers.get("Content-Range")).toBe("bytes */50");
    const head = ask({ Range: "bytes=10-19" }, "HEAD");
    expect(head.status).toBe(206);
    expect(head.headers.get("Content-Length")).toBe("10");
    expect(await head.text()).toBe("");
  });

  it("sends the whole file when If-Range names another version", () => {
    expect(ask({ Range: "bytes=0-1", "If-Range": '"v0"' }).status).toBe(200);
    expect(ask({ Range: "bytes=0-1", "If-Range": '"v1"' }).status).toBe(206);
  });
});
