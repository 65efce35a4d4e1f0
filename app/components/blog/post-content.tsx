/**
 * The body of a post. `html` is always the sanitized output of `renderMarkdown`
 * (rehype-sanitize), never raw input, which is what makes setting it as HTML safe.
 */
export function PostContent({ html, className = "" }: { html: string; className?: string }) {
  return (
    <div
      className={`post-content ${className}`}
      data-testid="post-content"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized at save time by rehype-sanitize
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
