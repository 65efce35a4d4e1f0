import fc from "fast-check";
import { fromHtml } from "hast-util-from-html";
import { toText } from "hast-util-to-text";
import { describe, expect, it } from "vitest";
import { decodeReferences, fromHtmlFragment } from "./html-fragment";
import { renderMarkdown } from "./markdown";

/** The reference: parse5, a browser's HTML parser (a devDependency, never in the Worker). */
const parse5Text = (html: string) => toText(fromHtml(html, { fragment: true }));
const text = (html: string) => toText(fromHtmlFragment(html));

/** Pieces of markdown a post is made of, and of HTML typed into one. */
const MARKDOWN_PIECES = [
  "# Title\n\n",
  "## Heading ",
  "### Small *heading*\n\n",
  "word ",
  "two words ",
  "wo**rd**s ",
  "_em_ ",
  "`code` ",
  "~~gone~~ ",
  "[a link](https://example.com/a?b=c&d=e) ",
  "<https://example.com> ",
  "![alt text](/media/a.png) ",
  "\n\n",
  "\n",
  "  \n",
  "- item\n",
  "- [x] done\n",
  "1. first\n",
  "> quoted ",
  "```js\nlet x = 1;\n\nlet y = '<p>';\n```\n",
  "    indented code\n",
  "| a | b |\n| - | - |\n| c | d |\n\n",
  "---\n",
  "a[^1]\n\n[^1]: note\n\n",
  "&amp; &lt; &nbsp; &copy &hellip; &#x263A; &#128512; &#0; &#150; &bogus; &notit; ",
  "é ü 漢字 😀 ",
  "\t tab ",
  "<b>bold</b> ",
  "<script>alert(1)</script> ",
  "<style>p{}</style> ",
  "<!-- comment --> ",
  "<br> ",
  "<div>block</div>\n\n",
  "<svg><text>drawn</text></svg> ",
  "<textarea>typed</textarea> ",
  "\\* \\_ ",
  "*",
  "_",
  "<",
  ">",
  "&",
  '"',
  "'",
];

/** Text and the oddities of hand-typed HTML that are not its structure. */
const HTML_TEXT = [
  "text",
  "two words",
  " ",
  "\n",
  "\r\n",
  "\t",
  "<br>",
  "<br/>",
  "</br>",
  "<img src=x alt='a b'>",
  "<script>x < y</script>",
  "<style>a>b{}</style>",
  "<title>a &amp; b</title>",
  "<textarea>\nline</textarea>",
  "<noscript>no</noscript>",
  "<!-- c -->",
  "<!-->",
  "<!--->",
  "<!doctype html>",
  "<?php x ?>",
  "</>",
  "</ 3>",
  "< 3",
  "a<b",
  "&amp;",
  "&ampx",
  "&lt",
  "&#65;",
  "&#x41",
  "&#150;",
  "&#1114112;",
  "&#xD800;",
  "&nbsp;",
  "&NotAnEntity;",
  "é",
  "😀",
];
const PHRASING = ["em", "strong", "a href='#'", 'a title="x>y"', "span", "code"];
/** Blocks that hold phrasing content only. */
const PHRASING_BLOCKS = ["p", "h2", "h3", "pre", "p hidden", "li", "dt", "dd"];
const FLOW_BLOCKS = ["div", "blockquote", "details open", "ul", "dl", "li", "dd", "div hidden"];
/** `<p>`, `<li>`, `<dd>` and `<dt>` may leave out their end tag where the next one closes them. */
const OMISSIBLE = ["li", "dd", "dt"];

const element = (tag: string, children: string[], omitEnd: boolean) => {
  const name = tag.split(" ")[0]!;
  const end = omitEnd && OMISSIBLE.includes(name) ? "" : `</${name}>`;
  return `<${tag}>${children.join("")}${end}`;
};

/** Valid nesting (the content models: phrasing inside `<p>`), end tags left out where HTML allows. */
const { flow: handTyped } = fc.letrec<{ phrasing: string; flow: string }>((tie) => ({
  phrasing: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom(...HTML_TEXT),
    fc
      .tuple(fc.constantFrom(...PHRASING), fc.array(tie("phrasing"), { maxLength: 3 }))
      .map(([tag, children]) => element(tag, children, false)),
  ),
  flow: fc.oneof(
    { depthSize: "small" },
    tie("phrasing"),
    fc.constant("<hr>"),
    fc
      .tuple(fc.constantFrom(...PHRASING_BLOCKS), fc.array(tie("phrasing"), { maxLength: 4 }), fc.boolean())
      .map(([tag, children, omitEnd]) => element(tag, children, omitEnd)),
    fc
      .tuple(fc.constantFrom(...FLOW_BLOCKS), fc.array(tie("flow"), { maxLength: 4 }), fc.boolean())
      .map(([tag, children, omitEnd]) => element(tag, children, omitEnd)),
  ),
}));

const soup = (pieces: string[], maxLength: number) =>
  fc.array(fc.constantFrom(...pieces), { maxLength }).map((parts) => parts.join(""));

describe("fromHtmlFragment reads text as parse5 does", () => {
  it("on rendered posts: the same text, to the character", () => {
    fc.assert(
      fc.property(soup(MARKDOWN_PIECES, 40), (markdown) => {
        const html = renderMarkdown(markdown);
        expect(text(html)).toBe(parse5Text(html));
      }),
      { numRuns: 400 },
    );
  });

  it("on HTML typed by hand, end tags left out where HTML allows it: the same words", () => {
    const words = (value: string) => value.split(/\s+/).filter(Boolean);
    fc.assert(
      fc.property(fc.array(handTyped, { maxLength: 6 }), (parts) => {
        const html = parts.join("");
        expect(words(text(html))).toEqual(words(parse5Text(html)));
      }),
      { numRuns: 1000 },
    );
  });

  it.each([
    ["entities", "<p>Hello <strong>big</strong>&nbsp;world &amp; more &#x263A; &#8364; &hellip;</p>"],
    ["legacy names without ;", "&copy 2026 &amp co &notit; &ltx &AMP;"],
    ["numeric edge cases", "&#0; &#x80; &#159; &#xDFFF; &#1114112; &#x10FFFF; &#; &#x;"],
    ["a raw-text element never closed", "<p>a</p><script>b c d"],
    ["an end tag's case and attributes", "<SCRIPT>x</Script foo>y<STYLE>z</style >w"],
    ["a tag with > in a quoted value", "<a title=\"a > b\" href='c>d'>link</a> text"],
    ["a tag cut off at the end", '<p>one</p><a href="x'],
    ["unclosed blocks", "<h2>a</h2><p>b<p>c<div>d</div>e<li>f<li>g"],
    [
      "tables",
      "<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>c</td><td>d</td></tr></tbody></table>",
    ],
    ["pre keeps its whitespace", "<pre>\n\n  a   b\n\tc</pre><p>  d   e  </p>"],
    ["CR LF", "<p>a\r\nb\rc</p>"],
  ])("%s", (_, html) => {
    expect(text(html)).toBe(parse5Text(html));
  });

  it("decodes a text node's references as HTML does", () => {
    expect(decodeReferences("&lt;p&gt; &amp;amp; &#x1F600; &#150; &unknown; &notin; &notit;")).toBe(
      "<p> &amp; 😀 – &unknown; ∉ ¬it;",
    );
  });
});
