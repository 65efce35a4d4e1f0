import { describe, expect, it } from "vitest";
import { ftsQuery } from "./search";

describe("ftsQuery: a visitor's words, never FTS5 syntax", () => {
  it("each word a quoted phrase, the last also a prefix", () => {
    expect(ftsQuery("workflow autom")).toBe('"workflow" "autom"*');
  });

  it("operators, quotes, columns, NEAR and parentheses are plain text", () => {
    expect(ftsQuery('a "b" OR c')).toBe('"a" "b" "OR" "c"*');
    expect(ftsQuery("title:secret NEAR(x y) ^start -not *")).toBe('"title:secret" "NEAR(x" "y" "start" "not"*');
    expect(ftsQuery('say "hi"there')).toBe('"say" "hi""there"*');
  });

  it("nothing searchable is null; NUL is dropped; at most 10 words", () => {
    expect(ftsQuery("")).toBeNull();
    expect(ftsQuery('  " * ( ) ')).toBeNull();
    expect(ftsQuery("a\u0000b")).toBe('"ab"*');
    expect(ftsQuery(Array.from({ length: 20 }, (_, i) => `w${i}`).join(" "))?.split(" ")).toHaveLength(10);
  });
});
