import { toText } from "hast-util-to-text";
import { fromHtmlFragment } from "./html-fragment";

/**
 * Spec §9: words of the text without tags / 200, rounded up. The text is read from the
 * parsed tree (decision record 024): `fromHtmlFragment` reads the stored (sanitized) HTML the
 * way a browser does (every entity decoded; parse5's answer, without parse5 in the Worker:
 * decision 082) and hast-util-to-text takes its visible text with
 * block elements apart and inline ones joined, so "<h2>a</h2><p>b" is two words and
 * "wo<em>rd</em>" one.
 */
export const WORDS_PER_MINUTE = 200;

/** The visible text of an HTML fragment. */
export function textOf(html: string): string {
  return toText(fromHtmlFragment(html));
}

/**
 * Word counts of bodies seen lately in this isolate, by their HTML. Parsing is the costly part
 * (about 1 ms per 2 KB of HTML), and a list like GET /api/blogs counts a whole page of posts on
 * every request; a body only changes with an edit, which is a new key (decision 035). Bounded
 * by the characters held, oldest first out.
 */
const counted = new Map<string, number>();
const COUNTED_CHARS = 2_000_000;
let countedChars = 0;

export function wordCount(html: string): number {
  const known = counted.get(html);
  if (known !== undefined) return known;
  const text = textOf(html).trim();
  const words = text ? text.split(/\s+/).length : 0;
  if (html.length <= COUNTED_CHARS / 10) {
    counted.set(html, words);
    countedChars += html.length;
    for (const key of counted.keys()) {
      if (countedChars <= COUNTED_CHARS) break;
      counted.delete(key);
      countedChars -= key.length;
    }
  }
  return words;
}

/** Minutes to read an HTML body; at least 1 for any post with text. */
export function readingMinutes(html: string): number {
  return Math.max(1, Math.ceil(wordCount(html) / WORDS_PER_MINUTE));
}

export function readingTimeLabel(html: string): string {
  return `${readingMinutes(html)} min read`;
}
