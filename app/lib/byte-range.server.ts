/*
 * Byte ranges (RFC 9110 §14) for media: Safari asks for `Range: bytes=0-1` before it plays a
 * video and refuses one answered with a whole-file 200, so a looped video stopped after its
 * first play (issue 23, decision 045). One range per request; a header this cannot read
 * (another unit, several ranges, bad syntax) is ignored and the whole file is sent, as the
 * RFC allows.
 */

/** The inclusive first and last byte asked for. */
export type ByteRange = { start: number; end: number };

/** What a Range header asks of a file of `size` bytes. */
export type RangeAsk = { kind: "whole" } | { kind: "range"; range: ByteRange } | { kind: "unsatisfiable" };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

export function readRange(header: string | null, size: number): RangeAsk {
  const match = header ? SINGLE_RANGE.exec(header.trim()) : null;
  if (!match) return { kind: "whole" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "range", range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return { kind: "whole" }; // invalid: ignored
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "range", range: { start, end } };
}

/**
 * Whether an `If-Range` lets the range through: it names the current representation (strong
 * ETag comparison, or the exact Last-Modified date). Otherwise the whole file goes, so a
 * client never splices bytes of two versions.
 */
export function ifRangeHolds(request: Request, etag: string | null, lastModified: string | null) {
  const ifRange = request.headers.get("If-Range");
  if (!ifRange) return true;
  if (ifRange.startsWith('"')) return etag !== null && !etag.startsWith("W/") && ifRange === etag;
  return lastModified !== null && ifRange === lastModified;
}

export const contentRange = ({ start, end }: ByteRange, size: number) => `bytes ${start}-${end}/${size}`;

/** 416: nothing of the file is in the range; says how big the file is. */
export function notSatisfiable(size: number, headers: Headers) {
  headers.set("Content-Range", `bytes */${size}`);
  headers.set("Accept-Ranges", "bytes");
  headers.delete("Content-Length");
  return new Response(null, { status: 416, headers });
}

/**
 * A whole file held in memory, answered as the request asks: 206 with the range, 416, or 200
 * with `Accept-Ranges`. For the small media files shipped with the site (the sample video is
 * 41 KB), read from the static assets; uploaded images ask R2 for the range instead.
 */
export function answerWithRanges(request: Request, bytes: ArrayBuffer, headers: Headers, status = 200): Response {
  headers.set("Accept-Ranges", "bytes");
  const head = request.method === "HEAD";
  const ask = ifRangeHolds(request, headers.get("ETag"), headers.get("Last-Modified"))
    ? readRange(request.headers.get("Range"), bytes.byteLength)
    : ({ kind: "whole" } as const);
  if (status !== 200 || ask.kind === "whole") {
    headers.set("Content-Length", String(bytes.byteLength));
    return new Response(head ? null : bytes, { status, headers });
  }
  if (ask.kind === "unsatisfiable") return notSatisfiable(bytes.byteLength, headers);
  const { start, end } = ask.range;
  headers.set("Content-Range", contentRange(ask.range, bytes.byteLength));
  headers.set("Content-Length", String(end - start + 1));
  return new Response(head ? null : bytes.slice(start, end + 1), { status: 206, headers });
}
