import { fromHtml } from "hast-util-from-html";
import { toText } from "hast-util-to-text";

/**
 * Spec §9: words of the text without tags / 200, rounded up. The text is read from the
 * parsed tree (decision record 024): hast-util-from-html parses the stored HTML the way a
 * browser does (every entity decoded) and hast-util-to-text takes its visible text with
 * block elements apart and inline ones joined, so "<h2>a</h2><p>b" is two words and
 * "wo<em>rd</em>" one.
 */
export const WORDS_PER_MINUTE = 200;

/** The visible text of an HTML fragment. */
export function textOf(html: string): string {
  return toText(fromHtml(html, { fragment: true }));
}

export function wordCount(html: string): number {
  const text = textOf(html).trim();
  return text ? text.split(/\s+/).length : 0;
}

/** Minutes to read an HTML body; at least 1 for any post with text. */
export function readingMinutes(html: string): number {
  return Math.max(1, Math.ceil(wordCount(html) / WORDS_PER_MINUTE));
}

export function readingTimeLabel(html: string): string {
  return `${readingMinutes(html)} min read`;
}
