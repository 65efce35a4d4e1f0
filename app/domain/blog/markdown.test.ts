import fc from "fast-check";
import type { Root } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { type Plugin, unified } from "unified";
import { describe, expect, it } from "vitest";
import { remarkGfmSyntax, renderMarkdown } from "./markdown";

/** Anything in the output that a browser could execute. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<iframe/i);
  expect(html).not.toMatch(/<svg/i);
  expect(html).not.toMatch(/<object|<embed|<style|<form|<input/i);
  // Attribute values are always double-quoted with inner quotes encoded: blank them, then look at names.
  expect(html.replace(/"[^"]*"/g, '""')).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/(?:href|src|action)\s*=\s*"\s*(?:javascript|vbscript|data):/i);
}

describe("renderMarkdown sanitizes stored XSS", () => {
  it.each([
    ["a script tag", "Hello <script>alert(1)</script> world"],
    ["a script block", "<script>\nalert(document.cookie)\n</script>"],
    ["an onerror handler", '<img src="x" onerror="alert(1)">'],
    ["an inline event handler", '<a href="https://example.com" onclick="alert(1)">x</a>'],
    ["a javascript: link", "[click me](javascript:alert(1))"],
    ["an encoded javascript: link", "[click](jav&#x61;script:alert(1))"],
    ["a javascript: autolink", "<javascript:alert(1)>"],
    ["a javascript: image", "![x](javascript:alert(1))"],
    ["a data: link", "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["an iframe", '<iframe src="https://evil.example"></iframe>'],
    ["an SVG with script", "<svg><script>alert(1)</script></svg>"],
    ["an SVG onload", '<svg onload="alert(1)"><circle r="1"/></svg>'],
    ["an SVG data image", "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)"],
    ["a style tag", "<style>body{display:none}</style>"],
    ["a form", '<form action="https://evil.example"><input name="x"></form>'],
    ["a link with a quoted handler in the title", '[x](https://example.com "a\\" onmouseover=\\"alert(1)")'],
  ])("neutralises %s", (_name, markdown) => {
    expectInert(renderMarkdown(markdown));
  });

  it("keeps the text around removed HTML, escaped", () => {
    const html = renderMarkdown("Hello <b>bold</b> and 1 < 2 & 3 > 2");
    expect(html).toContain("Hello");
    expect(html).toContain("1 &#x3C; 2 &#x26; 3 > 2");
  });

  it.each([
    ["a script inside an SVG", "<svg><script>x()</script></svg>", ""],
    ["an inline script", "Before <script>x()</script> after", "<p>Before  after</p>"],
    ["a style", "a <style>body{display:none}</style> b", "<p>a  b</p>"],
    ["MathML", "a <math><mi>y</mi></math> b", "<p>a  b</p>"],
    ["a textarea", "a <textarea>secret</textarea> b", "<p>a  b</p>"],
    [
      "a template, a noscript and a select",
      "<template>t</template><noscript>n</noscript><select><option>o</option></select>ok",
      "<p>ok</p>",
    ],
    ["nested SVGs", "<svg><svg>in</svg>still in</svg>out", "<p>out</p>"],
    ["upper-case tags", "a <SCRIPT type=x>x()</SCRIPT>shown", "<p>a shown</p>"],
    ["a script across paragraphs", "a <script>\n\nalert(1)\n\n</script> b", "<p>a </p>\n<p> b</p>"],
    ["markup inside a script", "*<script>*x* [link](https://e.example)</script>*", ""],
  ])("leaves no text of %s behind", (_name, markdown, html) => {
    expect(renderMarkdown(markdown)).toBe(html);
  });

  it("lets a never-closed <script> hide only the rest of its paragraph", () => {
    expect(renderMarkdown("Never write <script> in prose.\n\nThe next paragraph stays.")).toBe(
      "<p>Never write </p>\n<p>The next paragraph stays.</p>",
    );
    expect(renderMarkdown("Inline code `<script>x()</script>` is text.")).toBe(
      "<p>Inline code <code>&#x3C;script>x()&#x3C;/script></code> is text.</p>",
    );
  });

  it("drops the href of a javascript: link but keeps its text", () => {
    expect(renderMarkdown("[click me](javascript:alert(1))")).toBe("<p><a>click me</a></p>");
  });
});

describe("renderMarkdown presentation", () => {
  it("gives headings ids and keeps one h1 per page (the title)", () => {
    const html = renderMarkdown("# Big idea\n\n## Map the process first\n\n### Details");
    expect(html).toContain('<h2 id="big-idea">Big idea</h2>');
    expect(html).toContain('<h2 id="map-the-process-first">Map the process first</h2>');
    expect(html).toContain('<h3 id="details">Details</h3>');
    expect(html).not.toContain("<h1");
  });

  it("marks external links nofollow noopener noreferrer and leaves internal ones alone", () => {
    const html = renderMarkdown("[out](https://example.com/a) [in](/pricing) [anchor](#top) [proto](//cdn.example/x)");
    expect(html).toContain(
      '<a href="https://example.com/a" rel="nofollow noopener noreferrer" target="_blank">out</a>',
    );
    expect(html).toContain('<a href="/pricing">in</a>');
    expect(html).toContain('<a href="#top">anchor</a>');
    expect(html).toContain('<a href="//cdn.example/x" rel="nofollow noopener noreferrer" target="_blank">proto</a>');
  });

  it("styles code blocks and labels their language", () => {
    const html = renderMarkdown("```ts\nconst a = 1 < 2;\n```\n\nInline `code` too.");
    expect(html).toContain('<pre class="code-block" data-language="ts" tabindex="0"><code class="language-ts">');
    expect(html).toContain("const a = 1 &#x3C; 2;");
    expect(html).toContain("<code>code</code>");
    expect(renderMarkdown("```\nplain\n```")).toContain('<pre class="code-block" tabindex="0"><code>plain');
  });

  it("renders GitHub-flavoured tables, lists and strikethrough", () => {
    const html = renderMarkdown("| a | b |\n|---|---|\n| 1 | 2 |\n\n- one\n- two\n\n~~old~~");
    expect(html).toContain('<table class="content-table">');
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("<del>old</del>");
  });
});

describe("remarkGfmSyntax", () => {
  // remark-gfm (a devDependency since decision 082) is the reference: the same syntax tree.
  const tree = (plugin: Plugin<[], Root>, markdown: string) => unified().use(remarkParse).use(plugin).parse(markdown);
  const gfmPieces = [
    "| a | b |\n| :- | -: |\n| 1 | `|` |\n\n",
    "~~old~~ ~one~ ",
    "- [x] done\n- [ ] open\n\n",
    "www.example.com https://example.com/a_(b) a@b.co ",
    "text[^note]\n\n[^note]: The note.\n\n",
    "<b>raw</b> ",
    "*em* **strong** ",
    "\n\n",
    "plain words ",
  ];

  it("reads tables, strikethrough, task lists, autolinks and footnotes as remark-gfm does", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...gfmPieces), { maxLength: 12 }), (parts) => {
        const markdown = parts.join("");
        expect(tree(remarkGfmSyntax, markdown)).toEqual(tree(remarkGfm as Plugin<[], Root>, markdown));
      }),
      { numRuns: 200 },
    );
  });
});
