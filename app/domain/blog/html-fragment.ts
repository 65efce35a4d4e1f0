import { characterEntitiesLegacy } from "character-entities-legacy";
import { decodeNamedCharacterReference } from "decode-named-character-reference";
import type { Element, ElementContent, Properties, Root } from "hast";

/*
 * An HTML fragment as a hast tree, for reading a post's text (reading-time.ts). It reads what
 * the blog stores, the sanitizer's own well-formed output (decision 009), the way a browser does
 * for everything that changes the text: comments and `<!…>`/`<?…>` dropped, `script`/`style` and
 * the other raw-text elements read to their end tag, every character reference decoded (named,
 * numeric, legacy names without `;`), void elements, a `<p>` closed by the next block, the
 * newline right after `<pre>`. What it does not do is the rest of the HTML parser (parse5, 250 KB
 * of the Worker, 8 % of it, for this one use; decision 082): foster-parented table text and the
 * other repairs of broken markup. `html-fragment.test.ts` holds it equal to parse5
 * (`hast-util-from-html`, kept as a devDependency for that) on rendered posts and odd input.
 */

const VOID = new Set([
  "area",
  "base",
  "basefont",
  "bgsound",
  "br",
  "col",
  "embed",
  "frame",
  "hr",
  "image",
  "img",
  "input",
  "keygen",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);

/** Text to the end tag, no markup, no references. */
const RAW_TEXT = new Set(["script", "style", "xmp", "iframe", "noembed", "noframes"]);
/** Text to the end tag, references decoded. */
const ESCAPABLE_RAW_TEXT = new Set(["textarea", "title"]);

/** Start tags that close an open `<p>` first. */
const CLOSES_P = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "center",
  "details",
  "dialog",
  "dir",
  "div",
  "dl",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hgroup",
  "hr",
  "listing",
  "main",
  "menu",
  "nav",
  "ol",
  "p",
  "pre",
  "search",
  "section",
  "summary",
  "table",
  "ul",
  "xmp",
]);
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
/** A `<p>` above these stays open ("button scope"). */
const P_SCOPE = new Set(["applet", "button", "caption", "html", "marquee", "object", "table", "td", "template", "th"]);
/** A list item above these stays open (the "special" elements but address, div and p). */
const ITEM_SCOPE = new Set([
  ...P_SCOPE,
  ...[...CLOSES_P].filter((name) => !["address", "div", "p"].includes(name)),
  ...["body", "colgroup", "dd", "dt", "li", "select", "tbody", "textarea", "tfoot", "thead", "tr"],
]);

/** What numeric references to 0x80–0x9F mean (the Windows-1252 reading HTML keeps). */
const C1 = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d,
  0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d,
  0x017e, 0x0178,
];

function numeric(digits: string, hex: boolean): string {
  const code = digits ? Number.parseInt(digits, hex ? 16 : 10) : 0;
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
  if (code >= 0x80 && code <= 0x9f) return String.fromCodePoint(C1[code - 0x80]!);
  return String.fromCodePoint(code);
}

const REFERENCE = /&(?:#([xX])([0-9a-fA-F]+);?|#([0-9]+);?|([a-zA-Z][a-zA-Z0-9]*);?)/g;

/** Text with its character references decoded, as in an HTML text node. */
export function decodeReferences(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(REFERENCE, (whole, x: string | undefined, hexDigits, decimal, name: string | undefined) => {
    if (hexDigits !== undefined) return numeric(hexDigits, Boolean(x));
    if (decimal !== undefined) return numeric(decimal, false);
    if (!name) return whole;
    if (whole.endsWith(";")) {
      const named = decodeNamedCharacterReference(name);
      if (named !== false) return named;
    }
    // The legacy names are read without `;`, the longest one that starts the name.
    for (let length = Math.min(name.length, 6); length > 1; length--) {
      const legacy = characterEntitiesLegacy.includes(name.slice(0, length))
        ? decodeNamedCharacterReference(name.slice(0, length))
        : false;
      if (legacy !== false) return legacy + whole.slice(1 + length);
    }
    return whole;
  });
}

/** A start or end tag: its name, then attributes (quoted values may hold `>`). */
const TAG = /<(\/?)([a-zA-Z][^\s/>]*)((?:[^>"']|"[^"]*(?:"|$)|'[^']*(?:'|$))*)(>|$)/y;

const normalized = (text: string) => text.replace(/\r\n?/g, "\n").replace(/\0/g, "");

/** Boolean attributes the text algorithm reads (hast-util-to-text). */
function properties(attributes: string): Properties {
  const found: Record<string, boolean> = {};
  for (const match of attributes.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*))?/g)) {
    const name = match[1]!.toLowerCase();
    if (name === "hidden" || name === "open" || name === "wrap") found[name] = true;
    else if (name === "nowrap") found.noWrap = true;
  }
  return found;
}

/** The fragment's tree: elements and text, nothing else the text needs. */
export function fromHtmlFragment(html: string): Root {
  const source = normalized(html);
  const root: Root = { type: "root", children: [] };
  const open: Element[] = [];
  const current = (): Root | Element => open.at(-1) ?? root;

  const appendText = (value: string) => {
    if (!value) return;
    const parent = current();
    const last = parent.children.at(-1);
    if (last?.type === "text") last.value += value;
    else parent.children.push({ type: "text", value });
  };
  const closeTo = (name: string) => {
    const at = open.findLastIndex((element) => element.tagName === name);
    if (at >= 0) open.length = at;
  };
  /** Closes the innermost open element named in `names`, unless an element in `scope` comes first. */
  const closeWithin = (names: readonly string[], scope: ReadonlySet<string>) => {
    for (let at = open.length - 1; at >= 0; at--) {
      const tagName = open[at]!.tagName;
      if (names.includes(tagName)) {
        open.length = at;
        return;
      }
      if (scope.has(tagName)) return;
    }
  };

  let index = 0;
  while (index < source.length) {
    const lt = source.indexOf("<", index);
    const textEnd = lt < 0 ? source.length : lt;
    appendText(decodeReferences(source.slice(index, textEnd)));
    if (lt < 0) break;
    index = lt;
    const rest = source.slice(index, index + 4);

    if (rest.startsWith("<!--")) {
      // `<!-->` and `<!--->` are empty comments.
      const body = index + 4;
      const shortEnd = source.startsWith(">", body) ? body + 1 : source.startsWith("->", body) ? body + 2 : -1;
      if (shortEnd >= 0) index = shortEnd;
      else {
        const end = source.indexOf("-->", body);
        index = end < 0 ? source.length : end + 3;
      }
      continue;
    }
    if (rest.startsWith("<!") || rest.startsWith("<?") || /^<\/[^a-zA-Z>]/.test(rest)) {
      const end = source.indexOf(">", index + 2);
      index = end < 0 ? source.length : end + 1;
      continue;
    }
    if (rest.startsWith("</>")) {
      index += 3;
      continue;
    }

    TAG.lastIndex = index;
    const tag = TAG.exec(source);
    if (!tag) {
      appendText("<");
      index += 1;
      continue;
    }
    index += tag[0].length;
    const [, slash, rawName = "", attributes = ""] = tag;
    const name = rawName.toLowerCase();

    if (slash) {
      if (name === "br") {
        current().children.push({ type: "element", tagName: "br", properties: {}, children: [] });
      } else if (HEADINGS.has(name)) {
        const at = open.findLastIndex((element) => HEADINGS.has(element.tagName));
        if (at >= 0) open.length = at;
      } else {
        closeTo(name);
      }
      continue;
    }

    if (name === "li") closeWithin(["li"], ITEM_SCOPE);
    if (name === "dd" || name === "dt") closeWithin(["dd", "dt"], ITEM_SCOPE);
    if (CLOSES_P.has(name) || name === "li" || name === "dd" || name === "dt") closeWithin(["p"], P_SCOPE);
    if (HEADINGS.has(name) && HEADINGS.has(open.at(-1)?.tagName ?? "")) open.pop();

    const element: Element = { type: "element", tagName: name, properties: properties(attributes), children: [] };
    current().children.push(element as ElementContent);
    if (VOID.has(name)) continue;

    if (RAW_TEXT.has(name) || ESCAPABLE_RAW_TEXT.has(name) || name === "plaintext") {
      const endTag = new RegExp(`</${name}(?=[\\s/>])[^>]*>?`, "gi");
      endTag.lastIndex = index;
      const end = name === "plaintext" ? null : endTag.exec(source);
      let text = source.slice(index, end ? end.index : source.length);
      if (name === "textarea" && text.startsWith("\n")) text = text.slice(1);
      if (text)
        element.children.push({ type: "text", value: ESCAPABLE_RAW_TEXT.has(name) ? decodeReferences(text) : text });
      index = end ? end.index + end[0].length : source.length;
      continue;
    }

    open.push(element);
    // A line break right after these start tags is not content.
    if ((name === "pre" || name === "listing") && source[index] === "\n") index += 1;
  }
  return root;
}
