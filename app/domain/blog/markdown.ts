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
 */
const schema: SanitizeSchema = {
  ...defaultSchema,
  clobberPrefix: "",
  attributes: {
    ...defaultSchema.attributes,
    code: [...(defaultSchema.attributes?.code ?? []), ["className", /^language-[\w-]+$/]],
  },
};

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSlug)
  .use(rehypeSanitize, schema)
  .use(rehypeStringify);

/** Markdown (the stored source) to sanitized HTML, done once at save time. */
export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(markdown));
}
