import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown";
import { readingMinutes, readingTimeLabel, textOf, WORDS_PER_MINUTE, wordCount } from "./reading-time";

const words = (n: number) => `<p>${Array.from({ length: n }, () => "word").join(" ")}</p>`;

describe("reading time", () => {
  it("reads the visible text with every entity decoded", () => {
    expect(textOf("<p>Hello <strong>big</strong>&nbsp;world &amp; more &#x263A; &#8364; &hellip;</p>")).toBe(
      "Hello big\u00a0world & more ☺ € …",
    );
  });

  it("separates block elements and joins inline ones", () => {
    expect(wordCount("<h2>Two words</h2><p>and <a href='#'>three</a> more</p>")).toBe(5);
    expect(wordCount("<ul><li>one</li><li>two</li></ul><p>wo<em>rd</em>s</p>")).toBe(3);
    expect(wordCount("<p>a<br>b</p>")).toBe(2);
  });

  it("counts no words for empty or tag-only HTML, and nothing inside scripts, styles or comments", () => {
    expect(wordCount("")).toBe(0);
    expect(wordCount("<p> </p><hr>")).toBe(0);
    expect(wordCount("<!-- a b c --><style>p { color: red }</style><script>let x = 1</script><p>one</p>")).toBe(1);
  });

  it(`is words / ${WORDS_PER_MINUTE} rounded up, at least 1, as 'N min read'`, () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes(words(1))).toBe(1);
    expect(readingMinutes(words(200))).toBe(1);
    expect(readingMinutes(words(201))).toBe(2);
    expect(readingMinutes(words(401))).toBe(3);
    expect(readingTimeLabel(words(650))).toBe("4 min read");
  });

  it("does not count markup of a rendered post as words", () => {
    const html = renderMarkdown(
      `## Heading\n\n[a link](https://example.com/a/very/long/url) \`code\` ${"x ".repeat(196)}`,
    );
    expect(wordCount(html)).toBe(1 + 2 + 1 + 196);
  });

  it("answers the same for a body counted before, also after many others pushed it out of the memo", () => {
    const body = words(321);
    expect(wordCount(body)).toBe(321);
    expect(wordCount(body)).toBe(321);
    // 60 bodies of ~100,000 characters each: more than the memo holds (2,000,000 characters).
    for (let i = 0; i < 60; i++) expect(wordCount(`<p>${i}</p>${words(20_000)}`)).toBe(20_001);
    expect(wordCount(body)).toBe(321);
    expect(wordCount(`${body}<p>one more</p>`)).toBe(323);
  });
});
