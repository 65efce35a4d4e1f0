import type { Element, ElementContent, Root, RootContent } from "hast";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

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
  return (tree: Root) => {
    walk(tree, (element) => {
      if (element.tagName === "a") {
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

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSlug)
  .use(rehypeSanitize, schema)
  .use(rehypeBlogPresentation)
  .use(rehypeStringify);

/** Markdown (the stored source) to sanitized HTML, done once at save time. */
export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(markdown));
}
