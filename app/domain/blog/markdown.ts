import type { Element, ElementContent, Root, RootContent } from "hast";
import type { Html, RootContent as MdastContent, Root as MdastRoot, Parent } from "mdast";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { type Processor, unified } from "unified";
import type { VFile } from "vfile";
import { imageSrcSet } from "./renditions";

/**
 * What survives sanitizing: GitHub's schema (no script, style, iframe, event handlers or
 * javascript: URLs), plus heading ids (without the `user-content-` clobber prefix, since
 * rehype-slug runs before sanitize and ids are derived from heading text) and code language classes.
 * Raw HTML in the markdown never reaches it: remark-rehype drops raw HTML nodes.
 */
const schema: SanitizeSchema = {
  ...defaultSchema,
  clobberPrefix: "",
  attributes: {
    ...defaultSchema.attributes,
    code: [...(defaultSchema.attributes?.code ?? []), ["className", /^language-[\w-]+$/]],
  },
};

/** Rel for links that leave the site: no referrer, no window.opener, no endorsement. */
export const EXTERNAL_LINK_REL = ["nofollow", "noopener", "noreferrer"];

const isExternal = (href: string) => /^(?:https?:)?\/\//i.test(href);

function walk(node: Root | Element, visit: (element: Element) => void) {
  for (const child of node.children as (RootContent | ElementContent)[]) {
    if (child.type === "element") {
      visit(child);
      walk(child, visit);
    }
  }
}

/**
 * Runs after sanitizing, on trusted output only: marks external links, gives code blocks a
 * class and their language (for the styled block and its label), and turns `#` headings into
 * `##` so the article keeps a single h1 (its title).
 */
function rehypeBlogPresentation() {
  return (tree: Root, file: VFile) => {
    const sizes = (file.data as { images?: ImageSizes }).images ?? new Map();
    walk(tree, (element) => {
      if (element.tagName === "img") {
        // No layout shift: the stored pixel size of an uploaded image; pictures in the text
        // come after the header, so below the fold, and load when they are scrolled near.
        const src = String(element.properties.src ?? "");
        const key = src.startsWith("/media/") ? src.slice("/media/".length) : "";
        const size = key ? sizes.get(key) : undefined;
        if (size) {
          element.properties.width = size.width;
          element.properties.height = size.height;
          // Its WebP renditions (decision 028): shown at most as wide as the 720 px column.
          const srcSet = imageSrcSet(key, size.width, size.renditions);
          if (srcSet) {
            element.properties.srcSet = srcSet;
            element.properties.sizes = `(min-width: 768px) ${Math.min(size.width, 720)}px, calc(100vw - 2rem)`;
          }
        }
        element.properties.loading = "lazy";
        element.properties.decoding = "async";
      } else if (element.tagName === "a") {
        const href = String(element.properties.href ?? "");
        if (isExternal(href)) {
          element.properties.rel = EXTERNAL_LINK_REL;
          element.properties.target = "_blank";
        }
      } else if (element.tagName === "pre") {
        const code = element.children.find((c): c is Element => c.type === "element" && c.tagName === "code");
        const classes = (code?.properties.className as string[] | undefined) ?? [];
        const language = classes.find((c) => c.startsWith("language-"))?.slice("language-".length);
        element.properties.className = ["code-block"];
        if (language) element.properties.dataLanguage = language;
        element.properties.tabIndex = 0;
      } else if (element.tagName === "h1") {
        element.tagName = "h2";
      } else if (element.tagName === "table") {
        element.properties.className = ["content-table"];
      }
    });
  };
}

/**
 * GitHub Flavored Markdown (tables, strikethrough, task lists, autolinks, footnotes) for reading:
 * what remark-gfm registers, without its markdown writer (`gfmToMarkdown`), which nothing here
 * runs and which brought mdast-util-to-markdown into the Worker (decision 082).
 */
export function remarkGfmSyntax(this: Processor) {
  const data = this.data();
  data.micromarkExtensions = [...(data.micromarkExtensions ?? []), gfm()];
  data.fromMarkdownExtensions = [...(data.fromMarkdownExtensions ?? []), gfmFromMarkdown()];
}

/** Elements whose content is never prose: program text, styles, drawings, form and fallback content. */
const HIDDEN_CONTENT = new Set([
  "script",
  "style",
  "svg",
  "math",
  "iframe",
  "object",
  "textarea",
  "title",
  "template",
  "noscript",
  "noembed",
  "noframes",
  "select",
  "xmp",
]);

const TAG = /<(\/?)([a-z][a-z0-9-]*)\b[^>]*?(\/?)>/gi;

const isShown = (node: MdastContent) => node.type !== "html";

function collectHtml(node: Parent, found: Html[]) {
  for (const child of node.children) {
    if (child.type === "html") found.push(child);
    else if ("children" in child) collectHtml(child, found);
  }
  return found;
}

/**
 * Raw HTML never reaches the page (remark-rehype drops it), but the text between its tags
 * did: `<svg><script>x()</script></svg>` showed "x()". This drops the text inside the elements
 * above. An element closed later in the post hides everything up to its closing tag; one never
 * closed hides the rest of its own paragraph only, so a stray `<script>` written as prose does
 * not swallow the article.
 */
function remarkDropHiddenContent() {
  return (tree: MdastRoot) => {
    const htmlNodes = collectHtml(tree, []);
    const closedLater = (name: string, nodeIndex: number, from: number) => {
      const close = new RegExp(`</${name}\\s*>`, "i");
      if (close.test(htmlNodes[nodeIndex]?.value.slice(from) ?? "")) return true;
      return htmlNodes.slice(nodeIndex + 1).some((n) => close.test(n.value));
    };
    const state: { hidden: { name: string; depth: number; withinBlock: boolean } | null } = { hidden: null };
    const readTags = (node: Html) => {
      const index = htmlNodes.indexOf(node);
      for (const match of node.value.matchAll(TAG)) {
        const [, slash, rawName = "", selfClosing] = match;
        const name = rawName.toLowerCase();
        const closing = slash === "/";
        const { hidden } = state;
        if (!hidden) {
          if (!closing && !selfClosing && HIDDEN_CONTENT.has(name)) {
            const end = (match.index ?? 0) + match[0].length;
            state.hidden = { name, depth: 1, withinBlock: !closedLater(name, index, end) };
          }
        } else if (name === hidden.name && !selfClosing) {
          hidden.depth += closing ? -1 : 1;
          if (hidden.depth === 0) state.hidden = null;
        }
      }
    };
    // Keeps what is outside hidden content; containers emptied by it go too.
    const prune = (parent: Parent, atTop: boolean) => {
      const kept: MdastContent[] = [];
      for (const child of parent.children as MdastContent[]) {
        if (child.type === "html") {
          readTags(child);
          kept.push(child);
        } else if ("children" in child) {
          const shownBefore = child.children.some(isShown);
          prune(child, false);
          if (!shownBefore || child.children.some(isShown)) kept.push(child);
        } else if (!state.hidden) {
          kept.push(child);
        }
        if (atTop && state.hidden?.withinBlock) state.hidden = null;
      }
      parent.children = kept as Parent["children"];
    };
    prune(tree, true);
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfmSyntax)
  .use(remarkDropHiddenContent)
  .use(remarkRehype)
  .use(rehypeSlug)
  .use(rehypeSanitize, schema)
  .use(rehypeBlogPresentation)
  .use(rehypeStringify);

/**
 * Pixel sizes of uploaded images by key (blog_images), for `width`/`height` on each `<img>`, and
 * the widths of their renditions for `srcset`.
 */
export type ImageSizes = ReadonlyMap<string, { width: number; height: number; renditions?: readonly number[] | null }>;

/** Markdown (the stored source) to sanitized HTML, done once at save time. */
export function renderMarkdown(markdown: string, images: ImageSizes = new Map()): string {
  return String(processor.processSync({ value: markdown, data: { images } }));
}
